// Change a promotion (issue 36). The whole promotion is sent as the form has it; the server checks
// it as the promotion it would make, so a change of kind clears what the old kind used.
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Promotion } from '@duka/domain';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  promotionQuery,
  updatePromotion,
  useRefreshPromotions,
} from '../api/promotions-admin-api.ts';
import { draftOf } from '../components/promotion-draft.ts';
import { PromotionForm } from '../components/promotion-form.tsx';
import { usesWords } from '../components/promotion-words.ts';

function Editor({ promotion }: { promotion: Promotion }) {
  const navigate = useNavigate();
  const notice = useNotice();
  const refresh = useRefreshPromotions();
  return (
    <>
      <p className="mb-6 text-sm text-slate-600">
        Uses so far: {usesWords(promotion)}. A change applies to orders made from now on; orders
        already made keep what they were given.
      </p>
      <PromotionForm
        initial={draftOf(promotion)}
        save={(body) => updatePromotion(promotion.id, body)}
        onSaved={() => {
          notice('success', 'Promotion saved');
          void refresh();
          navigate('/dashboard/promotions');
        }}
        submitLabel="Save changes"
        savingLabel="Saving..."
      />
    </>
  );
}

export default function EditPromotionPage() {
  useDocumentTitle('Edit promotion');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const promotion = useQuery({ ...promotionQuery(id), enabled: valid });
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        Edit promotion{promotion.data ? `: ${promotion.data.name}` : ''}
      </h1>
      {!valid || promotion.isError ? (
        <>
          <ErrorText>
            We could not load this promotion: {promotion.error?.message ?? 'Promotion not found'}
          </ErrorText>
          <ButtonLink to="/dashboard/promotions" variant="secondary">
            Back to Promotions
          </ButtonLink>
        </>
      ) : promotion.isPending ? (
        <LoadingText />
      ) : (
        // A new key starts the form afresh when another promotion is opened.
        <Editor key={promotion.data.id} promotion={promotion.data} />
      )}
    </div>
  );
}

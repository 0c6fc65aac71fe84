// Add a promotion (issue 36): a coupon code, an automatic discount or a flash sale. Once added, the
// list shows it with its figures.
import { useNavigate } from 'react-router';
import { useNotice } from '../../../components/ui/notices.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { createPromotion, useRefreshPromotions } from '../api/promotions-admin-api.ts';
import { EMPTY_DRAFT } from '../components/promotion-draft.ts';
import { PromotionForm } from '../components/promotion-form.tsx';

export default function AddPromotionPage() {
  useDocumentTitle('Add promotion');
  const navigate = useNavigate();
  const notice = useNotice();
  const refresh = useRefreshPromotions();
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Add promotion</h1>
      <PromotionForm
        initial={EMPTY_DRAFT}
        save={createPromotion}
        onSaved={() => {
          notice('success', 'Promotion added');
          void refresh();
          navigate('/dashboard/promotions');
        }}
        submitLabel="Add promotion"
        savingLabel="Adding..."
      />
    </div>
  );
}

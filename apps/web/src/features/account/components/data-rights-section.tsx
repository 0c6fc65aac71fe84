// 'Your data' on the profile (Kenya's Data Protection Act 2019): consent to marketing e-mails,
// a copy of everything held about you, and deleting the account.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { clearTokens } from '../../../lib/session-tokens.ts';
import {
  deleteMyAccount,
  exportMyData,
  profileQuery,
  setMarketingConsent,
} from '../api/profile-api.ts';
import { useAccountText } from '../text.ts';

function DeleteAccountModal({ onClose }: { onClose: () => void }) {
  const t = useAccountText();
  const m = useMessageText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setError('');
    setDeleting(true);
    try {
      const { message } = await deleteMyAccount(password);
      // The server has ended every session; this browser forgets its tokens too.
      clearTokens();
      queryClient.clear();
      window.alert(m(message));
      navigate('/', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('deleteAccount.failed'));
      setDeleting(false);
    }
  };

  return (
    <Modal
      title={t('deleteAccount.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('deleteAccount.cancel')}
          </Button>
          <Button variant="danger" disabled={deleting || password === ''} onClick={confirm}>
            {deleting ? t('deleteAccount.deleting') : t('deleteAccount.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>{t('deleteAccount.what')}</p>
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <Field label={t('deleteAccount.password')}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              label={t('deleteAccount.passwordInput')}
              autoComplete="current-password"
              className={inputClass}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </div>
    </Modal>
  );
}

export function DataRightsSection({ marketingConsent }: { marketingConsent: boolean }) {
  const t = useAccountText();
  const queryClient = useQueryClient();
  const [consent, setConsent] = useState(marketingConsent);
  const [note, setNote] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const changeConsent = async (next: boolean) => {
    setConsent(next);
    try {
      await setMarketingConsent(next);
      setNote({
        kind: 'success',
        text: t(next ? 'dataRights.consentOn' : 'dataRights.consentOff'),
      });
      await queryClient.invalidateQueries(profileQuery());
    } catch {
      setConsent(!next);
      setNote({ kind: 'error', text: t('dataRights.consentFailed') });
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const data = await exportMyData();
      const day = String(data.exported_at ?? new Date().toISOString()).slice(0, 10);
      saveFile(
        `duka-my-data-${day}.json`,
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
    } catch {
      setNote({ kind: 'error', text: t('dataRights.downloadFailed') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="data-rights-heading" className="mt-10 max-w-xl">
      <h2 id="data-rights-heading" className="text-xl font-bold text-slate-900">
        {t('dataRights.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dataRights.law')}</p>
      {note && (
        <FormMessage kind={note.kind} className="mt-4">
          {note.text}
        </FormMessage>
      )}
      <label className="mt-4 flex items-start gap-3 rounded-xl border border-slate-200 p-4 text-sm">
        <input
          type="checkbox"
          className="h-6 w-6 shrink-0 rounded border-slate-300 accent-brand-700"
          checked={consent}
          onChange={(e) => void changeConsent(e.target.checked)}
        />
        <span>{t('dataRights.marketingLabel')}</span>
      </label>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={download} disabled={downloading}>
          {downloading ? t('dataRights.preparing') : t('dataRights.download')}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('dataRights.delete')}
        </Button>
      </div>
      {confirming && <DeleteAccountModal onClose={() => setConfirming(false)} />}
    </section>
  );
}

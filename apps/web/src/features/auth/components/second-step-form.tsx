// The log-in's second step: the six-digit code from the authenticator app, or a recovery code.
import { useState, type FormEvent } from 'react';
import type { LoginResponse } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { logInSecondStep } from '../api/two-factor-api.ts';
import { useAuthText } from '../text.ts';

export function SecondStepForm({
  mfaToken,
  onDone,
  onRestart,
}: {
  mfaToken: string;
  onDone: (response: LoginResponse) => void;
  onRestart: () => void;
}) {
  const t = useAuthText();
  const [byRecovery, setByRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const answer = value.trim();
    if (!byRecovery && !/^\d{6}$/.test(answer)) {
      setFailure(t('secondStep.needSixDigits'));
      return;
    }
    setBusy(true);
    try {
      onDone(
        await logInSecondStep(mfaToken, byRecovery ? { recovery_code: answer } : { code: answer }),
      );
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('secondStep.failed'));
    } finally {
      setBusy(false);
    }
  };

  const id = byRecovery ? 'recovery-code' : 'two-step-code';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {byRecovery ? t('secondStep.recoveryIntro') : t('secondStep.appIntro')}
      </p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {byRecovery ? t('secondStep.recoveryCode') : t('secondStep.code')}
        </label>
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={inputClass}
          autoComplete="one-time-code"
          inputMode={byRecovery ? 'text' : 'numeric'}
          maxLength={byRecovery ? 40 : 6}
          autoFocus
          aria-invalid={failure ? true : undefined}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('secondStep.checking') : t('secondStep.verify')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="min-h-6 text-brand-700 hover:underline"
          onClick={() => {
            setByRecovery((r) => !r);
            setValue('');
            setFailure('');
          }}
        >
          {byRecovery ? t('secondStep.useApp') : t('secondStep.useRecovery')}
        </button>
        <button
          type="button"
          className="min-h-6 text-slate-600 hover:underline"
          onClick={onRestart}
        >
          {t('secondStep.startAgain')}
        </button>
      </div>
    </form>
  );
}

// /login (SPEC §2.8 and §4).
import { FormMessage } from '../../../components/ui/status.tsx';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@duka/domain/auth/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { LoginResponse } from '@duka/domain';
import { logIn } from '../api/auth-api.ts';
import { isChallenge } from '../api/two-factor-api.ts';
import { SecondStepForm } from '../components/second-step-form.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { AuthAlternatives } from '../components/auth-alternatives.tsx';
import { ContinueWithPhone, PhoneSignIn, usePhoneSignIn } from '../components/phone-sign-in.tsx';
import { useLandAfterLogin } from '../components/use-land-after-login.ts';
import { useAuthText } from '../text.ts';

export default function LoginPage() {
  const t = useAuthText();
  useDocumentTitle(t('login.title'));
  const land = useLandAfterLogin();
  const [, setParams] = useSearchParams();
  const byPhone = usePhoneSignIn();
  // A page that sends people here may leave a word for them ('Your password has been reset…').
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const { completeLogin } = useAuth();
  const [failure, setFailure] = useState('');
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  // 'Remember me': the session outlives the browser (lib/session-tokens.ts).
  const [remember, setRemember] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const finish = (response: LoginResponse) => {
    completeLogin(response, { remember });
    land(response.user);
  };

  if (byPhone) return <PhoneSignIn onCancel={() => setParams({})} />;

  if (mfaToken) {
    return (
      <AuthCard title={t('login.secondStepTitle')}>
        <SecondStepForm mfaToken={mfaToken} onDone={finish} onRestart={() => setMfaToken(null)} />
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      const response = await logIn(values);
      if (isChallenge(response)) {
        setMfaToken(response.mfa_token);
        return;
      }
      finish(response);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t('login.failed'));
    }
  });

  return (
    <AuthCard title={t('login.heading')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        {notice && !failure && <FormMessage kind="success">{notice}</FormMessage>}
        <TextField
          label={t('login.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <Field label={t('login.password')} error={errors.password?.message}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              label={t('login.password')}
              autoComplete="current-password"
              className={inputClass}
              {...register('password')}
            />
          )}
        </Field>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="h-6 w-6 rounded border-slate-300 accent-brand-700"
            />{' '}
            {t('login.remember')}
          </label>
          <Link
            to="/forgot-password"
            className="inline-flex min-h-6 items-center text-brand-700 hover:underline"
          >
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <ContinueWithPhone />
      <AuthAlternatives
        divider={t('login.divider')}
        question={t('login.question')}
        link={{ to: '/signup', label: t('login.signUp') }}
      />
    </AuthCard>
  );
}

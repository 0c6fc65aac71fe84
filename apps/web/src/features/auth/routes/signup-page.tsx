// /signup (SPEC §2.9, rules of §5 from the shared schema).
import { FormMessage } from '../../../components/ui/status.tsx';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DATA_RIGHTS_MESSAGES } from '@duka/domain/auth/data-rights';
import { signupFormSchema, type SignupForm } from '@duka/domain/auth/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { register as registerAccount } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { AuthAlternatives } from '../components/auth-alternatives.tsx';
import { ContinueWithPhone, PhoneSignIn, usePhoneSignIn } from '../components/phone-sign-in.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useAuthText } from '../text.ts';

export default function SignupPage() {
  const t = useAuthText();
  const m = useMessageText();
  useDocumentTitle(t('signup.title'));
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const byPhone = usePhoneSignIn();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      username: '',
      phone_number: '',
      email: '',
      password: '',
      confirmPassword: '',
      marketing_consent: false,
    },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...account }) => {
    setFailure('');
    try {
      const result = await registerAccount(account);
      window.alert(m(result.message));
      navigate('/login');
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) {
          setError(field as keyof SignupForm, { message });
        }
        if (err.code === 'EMAIL_TAKEN') setError('email', { message: err.message });
        if (err.code === 'USERNAME_TAKEN') setError('username', { message: err.message });
      }
      setFailure(err instanceof Error && err.message ? err.message : t('signup.failed'));
    }
  });

  if (byPhone) return <PhoneSignIn onCancel={() => setParams({})} />;

  return (
    <AuthCard title={t('signup.heading')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        <TextField
          label={t('signup.username')}
          error={errors.username?.message}
          autoComplete="username"
          {...register('username')}
        />
        <TextField
          label={t('signup.phone')}
          error={errors.phone_number?.message}
          type="tel"
          autoComplete="tel"
          {...register('phone_number')}
        />
        <TextField
          label={t('signup.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <Field label={t('signup.password')} error={errors.password?.message}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              label={t('signup.password')}
              autoComplete="new-password"
              className={inputClass}
              {...register('password')}
            />
          )}
        </Field>
        <Field label={t('signup.repeat')} error={errors.confirmPassword?.message}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              label={t('signup.repeatInput')}
              autoComplete="new-password"
              className={inputClass}
              {...register('confirmPassword')}
            />
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-6 w-6 shrink-0 rounded border-slate-300 accent-brand-700"
            {...register('marketing_consent')}
          />
          <span>{m(DATA_RIGHTS_MESSAGES.marketingLabel)}</span>
        </label>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </form>
      <ContinueWithPhone />
      <AuthAlternatives
        divider={t('signup.divider')}
        question={t('signup.question')}
        link={{ to: '/login', label: t('signup.logIn') }}
      />
    </AuthCard>
  );
}

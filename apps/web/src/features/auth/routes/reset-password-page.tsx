// /reset-password?token=…: choose a new password through the link from the e-mail. A used or
// expired link says so and offers a new one.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESET_MESSAGES,
  resetPasswordFormSchema,
  type ResetPasswordForm,
} from '@duka/domain/auth/password-reset';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { checkResetLink, resetPassword } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { useAuthText } from '../text.ts';

function ExpiredLink() {
  const t = useAuthText();
  return (
    <div className="space-y-4 text-center">
      <FormMessage kind="error">{RESET_MESSAGES.invalidLink}</FormMessage>
      <ButtonLink to="/forgot-password" className="w-full">
        {t('reset.newLink')}
      </ButtonLink>
    </div>
  );
}

export default function ResetPasswordPage() {
  const t = useAuthText();
  useDocumentTitle(t('reset.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState('');
  const link = useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure('');
    try {
      const { message } = await resetPassword(token, password);
      navigate('/login', { replace: true, state: { notice: message } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) setExpired(true);
      else setFailure(err instanceof Error && err.message ? err.message : t('reset.failed'));
    }
  });

  const linkDead = token === '' || expired || (link.isError && link.error instanceof ApiError);
  return (
    <AuthCard title={t('reset.title')}>
      {linkDead ? (
        <ExpiredLink />
      ) : link.isPending ? (
        <LoadingText />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          <Field label={t('reset.password')} error={errors.password?.message}>
            {(a11y) => (
              <PasswordInput
                {...a11y}
                label={t('reset.passwordInput')}
                autoComplete="new-password"
                className={inputClass}
                {...register('password')}
              />
            )}
          </Field>
          <Field label={t('reset.confirm')} error={errors.confirmPassword?.message}>
            {(a11y) => (
              <PasswordInput
                {...a11y}
                label={t('reset.confirmInput')}
                autoComplete="new-password"
                className={inputClass}
                {...register('confirmPassword')}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {t('reset.backToLogIn')}
        </Link>
      </p>
    </AuthCard>
  );
}

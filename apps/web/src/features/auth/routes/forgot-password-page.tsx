// /forgot-password: ask for a link to reset the password. The answer is the same whether or not
// the address has an account.
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@duka/domain/auth/password-reset';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { useAuthText } from '../text.ts';

export default function ForgotPasswordPage() {
  const t = useAuthText();
  useDocumentTitle(t('forgot.title'));
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure('');
    try {
      setSent((await requestPasswordReset(email)).message);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t('forgot.failed'));
    }
  });

  return (
    <AuthCard title={t('forgot.title')}>
      {sent ? (
        <FormMessage kind="success">{sent}</FormMessage>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          <p className="text-sm text-slate-600">{t('forgot.intro')}</p>
          <TextField
            label={t('forgot.email')}
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            {...register('email')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t('forgot.sending') : t('forgot.send')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('forgot.remembered')}{' '}
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {t('forgot.logIn')}
        </Link>
      </p>
    </AuthCard>
  );
}

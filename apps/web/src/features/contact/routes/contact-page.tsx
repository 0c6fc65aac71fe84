// /contact (SPEC §2.10).
import { FormMessage } from '../../../components/ui/status.tsx';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactInputSchema, type ContactInput } from '@duka/domain/contact/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { telHref } from '@duka/domain/settings/texts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { useContactText } from '../text.ts';

export const REDIRECT_AFTER_MS = 3500;

export default function ContactPage() {
  const t = useContactText();
  useDocumentTitle(t('contactPage.title'));
  const shop = useShopSettings();
  const navigate = useNavigate();
  const notice = useNotice();
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { name: '', email: '', phone: '', message: '' },
  });

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      await api('/contact', { method: 'POST', body: values });
      reset();
      setSubmitted(true);
      notice('success', t('contactPage.toast'));
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields))
          setError(field as keyof ContactInput, { message });
      }
      setFailure(err instanceof Error ? err.message : t('contactPage.failed'));
    }
  });

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <section>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('contactPage.heading')}
        </h1>
        <p className="mt-2 text-slate-600">{t('contactPage.intro')}</p>
        {submitted && (
          <FormMessage kind="success" className="mt-4">
            {t('contactPage.submitted')}
          </FormMessage>
        )}
        {failure && (
          <FormMessage kind="error" className="mt-4">
            {failure}
          </FormMessage>
        )}
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('contactPage.name')}
              error={errors.name?.message}
              autoComplete="name"
              {...register('name')}
            />
            <TextField
              label={t('contactPage.email')}
              error={errors.email?.message}
              type="email"
              autoComplete="email"
              {...register('email')}
            />
          </div>
          <TextField
            label={t('contactPage.phone')}
            error={errors.phone?.message}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            {...register('phone')}
          />
          <Field label={t('contactPage.message')} error={errors.message?.message}>
            {(a11y) => (
              <textarea {...a11y} rows={6} className={inputClass} {...register('message')} />
            )}
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('contactPage.submitting') : t('contactPage.submit')}
          </Button>
        </form>
      </section>
      {shop && (
        // The shop's own details, from its settings (decision record 026).
        <aside className="space-y-4 self-start rounded-2xl bg-brand-50 p-6 text-sm text-slate-700">
          {shop.address && (
            <div>
              <h2 className="font-semibold text-slate-900">{t('contactPage.returnAddress')}</h2>
              <p>{shop.address}</p>
            </div>
          )}
          {shop.postal_address && (
            <div>
              <h2 className="font-semibold text-slate-900">{t('contactPage.postalAddress')}</h2>
              <p>{shop.postal_address}</p>
            </div>
          )}
          <div>
            <h2 className="font-semibold text-slate-900">{t('contactPage.shopPhone')}</h2>
            <p>
              <a
                href={telHref(shop.phone)}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {shop.phone}
              </a>
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-slate-900">{t('contactPage.shopEmail')}</h2>
            <p>
              <a
                href={`mailto:${shop.email}`}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {shop.email}
              </a>
            </p>
          </div>
        </aside>
      )}
    </div>
  );
}

// /contact (SPEC §2.10).
import { FormMessage } from '../../../components/ui/status.tsx';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGES } from '@duka/domain/contact/messages';
import { contactInputSchema, type ContactInput } from '@duka/domain/contact/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { telHref } from '@duka/domain/settings/texts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';

export const REDIRECT_AFTER_MS = 3500;

export default function ContactPage() {
  useDocumentTitle('Contact');
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
      notice('success', CONTACT_MESSAGES.toast);
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields))
          setError(field as keyof ContactInput, { message });
      }
      setFailure(
        err instanceof Error ? err.message : 'Your message could not be sent. Please try again.',
      );
    }
  });

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <section>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Get in Touch</h1>
        <p className="mt-2 text-slate-600">
          Questions about an order, a product or a return? Write to us and we will answer by e-mail.
        </p>
        {submitted && (
          <FormMessage kind="success" className="mt-4">
            {CONTACT_MESSAGES.submitted}
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
              label="Name"
              error={errors.name?.message}
              autoComplete="name"
              {...register('name')}
            />
            <TextField
              label="Email"
              error={errors.email?.message}
              type="email"
              autoComplete="email"
              {...register('email')}
            />
          </div>
          <TextField
            label="Phone"
            error={errors.phone?.message}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            {...register('phone')}
          />
          <Field label="Message" error={errors.message?.message}>
            {(a11y) => (
              <textarea {...a11y} rows={6} className={inputClass} {...register('message')} />
            )}
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Submit'}
          </Button>
        </form>
      </section>
      {shop && (
        // The shop's own details, from its settings (decision record 026).
        <aside className="space-y-4 self-start rounded-2xl bg-brand-50 p-6 text-sm text-slate-700">
          {shop.address && (
            <div>
              <h2 className="font-semibold text-slate-900">Return address</h2>
              <p>{shop.address}</p>
            </div>
          )}
          {shop.postal_address && (
            <div>
              <h2 className="font-semibold text-slate-900">Postal address</h2>
              <p>{shop.postal_address}</p>
            </div>
          )}
          <div>
            <h2 className="font-semibold text-slate-900">Phone</h2>
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
            <h2 className="font-semibold text-slate-900">E-mail</h2>
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

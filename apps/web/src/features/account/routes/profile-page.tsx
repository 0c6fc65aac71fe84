// Update Profile (SPEC §2.13, messages of §4 and §8).
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingText, FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { profileQuery, updateProfile } from '../api/profile-api.ts';
import { DataRightsSection } from '../components/data-rights-section.tsx';
import { PhoneNumberSection } from '../components/phone-number-section.tsx';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useAccountText } from '../text.ts';

interface FormValues {
  username: string;
  email: string;
  phone_number: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function ProfilePage() {
  const t = useAccountText();
  const m = useMessageText();
  useDocumentTitle(t('profile.title'));
  const queryClient = useQueryClient();
  const { reloadCurrentUser } = useAuth();
  const profile = useQuery(profileQuery());
  // With SMS, a number is changed by a code sent to it (PhoneNumberSection), not by this form.
  const verifiesPhone = useShopSettings()?.phone_sign_in === true;
  // An account made by phone sign-in has no password yet: nothing to confirm a change with.
  const hasPassword = profile.data?.has_password !== false;
  const [edited, setEdited] = useState<Partial<FormValues>>({});
  const [success, setSuccess] = useState('');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const values: FormValues = {
    username: profile.data?.username ?? '',
    email: profile.data?.email ?? '',
    phone_number: profile.data?.phone_number ?? '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
    ...edited,
  };
  const emailChanged =
    !!profile.data &&
    values.email.trim().toLowerCase() !== (profile.data.email ?? '').toLowerCase();
  const set = (field: keyof FormValues) => (e: { target: { value: string } }) =>
    setEdited((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess('');
    setFieldErrors({});
    if (values.newPassword && values.newPassword !== values.confirmPassword) {
      setError(t('profile.passwordsDiffer'));
      return;
    }
    if (emailChanged && hasPassword && !values.currentPassword) {
      setFieldErrors({ currentPassword: t('profile.emailNeedsPassword') });
      return;
    }
    setError('');
    setSaving(true);
    try {
      await updateProfile({
        username: values.username,
        // An account made by phone may have no e-mail yet: an empty field leaves it so.
        ...(values.email.trim() || profile.data?.email ? { email: values.email } : {}),
        ...(verifiesPhone ? {} : { phone_number: values.phone_number }),
        // Without a new password, neither password field is sent (SPEC §5) — except that a new
        // e-mail address needs the current password.
        ...((values.newPassword || emailChanged) && hasPassword
          ? { currentPassword: values.currentPassword }
          : {}),
        ...(values.newPassword ? { newPassword: values.newPassword } : {}),
      });
      setSuccess(t('profile.updated'));
      setEdited({});
      // The header shows the new name too.
      await Promise.all([queryClient.invalidateQueries(profileQuery()), reloadCurrentUser()]);
    } catch (err) {
      if (err instanceof ApiError) {
        setFieldErrors(err.fields);
        setError(t('profile.updateFailed', { reason: m(err.message) }));
      } else {
        setError(t('profile.updateError'));
      }
    } finally {
      setSaving(false);
    }
  };

  if (profile.isPending) return <LoadingText />;
  const loadError = profile.isError
    ? profile.error instanceof ApiError
      ? t('profile.loadFailed')
      : t('profile.loadError')
    : '';

  return (
    <div className="max-w-xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{t('profile.heading')}</h1>
      {(loadError || error) && (
        <FormMessage kind="error" className="mb-4">
          {loadError || error}
        </FormMessage>
      )}
      {success && (
        <FormMessage kind="success" className="mb-4">
          {success}
        </FormMessage>
      )}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label={t('profile.username')}
          error={fieldErrors.username}
          value={values.username}
          onChange={set('username')}
        />
        <TextField
          label={t('profile.email')}
          error={fieldErrors.email}
          type="email"
          value={values.email}
          onChange={set('email')}
          {...(emailChanged && hasPassword && !fieldErrors.email
            ? { 'aria-describedby': 'email-needs-password' }
            : {})}
        />
        {emailChanged && hasPassword && (
          <p id="email-needs-password" className="-mt-2 text-sm text-slate-600">
            {t('profile.emailNeedsPassword')} {t('profile.emailNeedsPasswordWhere')}
          </p>
        )}
        {!verifiesPhone && (
          <TextField
            label={t('profile.phone')}
            error={fieldErrors.phone_number}
            type="tel"
            value={values.phone_number}
            onChange={set('phone_number')}
          />
        )}
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {t('profile.passwordChange')}
          </legend>
          {hasPassword && (
            <Field label={t('profile.currentPassword')} error={fieldErrors.currentPassword}>
              {(a11y) => (
                <PasswordInput
                  {...a11y}
                  label={t('profile.currentPasswordInput')}
                  autoComplete="current-password"
                  className={inputClass}
                  value={values.currentPassword}
                  onChange={set('currentPassword')}
                />
              )}
            </Field>
          )}
          <Field label={t('profile.newPassword')} error={fieldErrors.newPassword}>
            {(a11y) => (
              <PasswordInput
                {...a11y}
                label={t('profile.newPasswordInput')}
                autoComplete="new-password"
                className={inputClass}
                value={values.newPassword}
                onChange={set('newPassword')}
              />
            )}
          </Field>
          <Field label={t('profile.confirmPassword')}>
            {(a11y) => (
              <PasswordInput
                {...a11y}
                label={t('profile.confirmPasswordInput')}
                autoComplete="new-password"
                className={inputClass}
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
              />
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={saving || profile.isError}>
          {saving ? t('profile.updating') : t('profile.update')}
        </Button>
      </form>
      {profile.data && verifiesPhone && (
        <PhoneNumberSection
          phone={profile.data.phone_number}
          verified={profile.data.phone_verified}
          onVerified={() =>
            Promise.all([queryClient.invalidateQueries(profileQuery()), reloadCurrentUser()])
          }
        />
      )}
      {profile.data && <DataRightsSection marketingConsent={profile.data.marketing_consent} />}
    </div>
  );
}

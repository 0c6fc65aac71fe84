// Phone sign-in, step 3 for a new account: its name. The account was made by the code with a
// stand-in name ('Shopper 4821'); this replaces it through the profile (PATCH /api/profile).
import { useState, type FormEvent } from 'react';
import { usernameSchema } from '@duka/domain/auth/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setMyName } from '../api/phone-sign-in-api.ts';
import { useAuthText } from '../text.ts';

export function PhoneNameStep({ onSaved }: { onSaved: () => void }) {
  const t = useAuthText();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = usernameSchema.safeParse(name);
    if (!checked.success) {
      setFieldError(
        name.trim() ? (checked.error.issues[0]?.message ?? '') : t('phoneName.required'),
      );
      return;
    }
    setFieldError('');
    setBusy(true);
    try {
      await setMyName(checked.data);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && (err.fields.username || err.code === 'USERNAME_TAKEN')) {
        setFieldError(err.fields.username ?? err.message);
      } else {
        setFailure(err instanceof ApiError && err.message ? err.message : t('phoneName.offline'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t('phoneName.intro')}</p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField
        label={t('phoneName.label')}
        error={fieldError}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('phoneName.saving') : t('phoneName.save')}
      </Button>
    </form>
  );
}

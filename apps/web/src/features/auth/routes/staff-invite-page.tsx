// /staff-invite?token=…: accept an invitation to the staff. A new address chooses a username,
// phone number and password (the sign-up rules); an address with an account confirms with its
// password. Then to the log-in, where the new role takes effect.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS } from '@duka/domain/staff/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { acceptInvitation, invitationOf } from '../api/staff-invitation-api.ts';
import { AuthCard } from '../components/auth-card.tsx';

const INVALID = 'This invitation link is invalid, has been used or has expired. Ask for a new one.';

function Text({
  label,
  value,
  onChange,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label}</span>
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
        autoComplete={autoComplete}
      />
    </label>
  );
}

export default function StaffInvitePage() {
  useDocumentTitle('Join the staff');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const invitation = useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => invitationOf(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setBusy(true);
    try {
      const hasAccount = invitation.data?.has_account;
      const { email } = await acceptInvitation({
        token,
        password,
        ...(hasAccount ? {} : { username: username.trim(), phone_number: phone.trim() }),
      });
      navigate('/login', {
        replace: true,
        state: { notice: `Welcome to the staff. Log in as ${email} to start.` },
      });
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  const dead = token === '' || (invitation.isError && invitation.error instanceof ApiError);
  return (
    <AuthCard title="Join the staff">
      {dead ? (
        <FormMessage kind="error">{INVALID}</FormMessage>
      ) : !invitation.data ? (
        <LoadingText />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            You are invited to help run the shop as{' '}
            <strong>{ROLE_LABELS[invitation.data.role]}</strong>, as {invitation.data.email}.
          </p>
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          {!invitation.data.has_account && (
            <>
              <Text
                label="Username"
                value={username}
                onChange={setUsername}
                autoComplete="username"
              />
              <Text label="Phone Number" value={phone} onChange={setPhone} autoComplete="tel" />
            </>
          )}
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">
              {invitation.data.has_account ? 'Your password' : 'Choose a password'}
            </span>
            <PasswordInput
              label="Password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete={invitation.data.has_account ? 'current-password' : 'new-password'}
              className={inputClass}
            />
          </label>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Joining...' : 'Accept invitation'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

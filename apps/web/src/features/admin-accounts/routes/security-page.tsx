// Security (issue 25): one's own two-step sign-in. Set up shows a QR code for any authenticator
// app (and the secret to type by hand); the first code turns it on and shows ten recovery codes
// once; turning it off takes the password and a code.
import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from '../api/two-factor-api.ts';

const errorText = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong.');

function CodeInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block font-medium text-slate-700">Code from the app</span>
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
      />
    </label>
  );
}

function TurnOn({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setFailure('');
    setBusy(true);
    try {
      setSetup(await setUpTwoFactor());
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setBusy(true);
    try {
      setCodes((await enableTwoFactor(code.trim())).recovery_codes);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <div className="space-y-3">
        <FormMessage kind="success">Two-step sign-in is on.</FormMessage>
        <p className="text-sm text-slate-700">
          Save these recovery codes somewhere safe. Each signs you in once if you lose your phone;
          they are not shown again.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
          {codes.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-2 py-1">
              {c}
            </li>
          ))}
        </ul>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    );
  }
  if (!setup) {
    return (
      <div className="space-y-3">
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        <p className="text-sm text-slate-700">
          Two-step sign-in asks for a code from an app on your phone (Google Authenticator,
          Microsoft Authenticator, 1Password…) after your password, so a stolen password alone opens
          nothing.
        </p>
        <Button onClick={start} disabled={busy}>
          Set up two-step sign-in
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} noValidate className="space-y-3">
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <p className="text-sm text-slate-700">Scan this code with your authenticator app:</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code for your authenticator app"
        width={180}
        height={180}
        className="rounded border border-slate-200 bg-white p-2"
      />
      <p className="text-sm text-slate-700">
        Or type this key into it:{' '}
        <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <CodeInput value={code} onChange={setCode} />
      <Button type="submit" disabled={busy}>
        Turn on
      </Button>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setBusy(true);
    try {
      await disableTwoFactor(password, code.trim());
      onDone();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormMessage kind="success">Two-step sign-in is on.</FormMessage>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-slate-700">Password</span>
        <PasswordInput
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          className={inputClass}
        />
      </label>
      <CodeInput value={code} onChange={setCode} />
      <Button type="submit" variant="secondary" disabled={busy}>
        Turn off two-step sign-in
      </Button>
    </form>
  );
}

export default function SecurityPage() {
  useDocumentTitle('Security');
  const { currentUser, reloadCurrentUser } = useAuth();
  const [on, setOn] = useState<boolean | null>(null);
  const isOn = on ?? currentUser?.two_factor ?? false;
  const changed = (value: boolean) => {
    setOn(value);
    void reloadCurrentUser();
  };
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Security</h1>
      <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="tfa">
        <h2 id="tfa" className="mb-3 text-lg font-semibold text-slate-900">
          Two-step sign-in
        </h2>
        {isOn ? <TurnOff onDone={() => changed(false)} /> : <TurnOn onDone={() => changed(true)} />}
      </section>
    </div>
  );
}

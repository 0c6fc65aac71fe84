// Staff (issue 25): who helps run the shop and in which role, invitations by e-mail (withdrawn
// while pending), removal, and the owner's setting that requires two-step sign-in of everyone.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROLE_LABELS, ROLES, type Role } from '@duka/domain/staff/permissions';
import { formatNairobiDateTime } from '../../../lib/dates.ts';
import type { StaffInvitation, StaffMember } from '@duka/domain';
import { HELD_MESSAGES } from '@duka/domain/outbox/words';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  changeStaffRole,
  inviteStaff,
  removeStaff,
  setRequireTwoFactor,
  staffQuery,
  withdrawInvitation,
} from '../api/staff-api.ts';

const ROLE_HELP: Record<Role, string> = {
  owner: 'everything, including staff, settings and the audit log',
  manager: 'everything but staff, settings and the audit log',
  catalogue: 'products, prices, stock, search words and reviews',
  fulfilment: 'orders: packing, shipping, cash on delivery; delivery fees',
  support: 'orders to read, customers, messages and reviews',
  finance: 'payments, refunds and tax invoices',
};

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: Role;
  onChange: (role: Role) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
      className="min-h-10 rounded-lg border border-slate-300 px-2"
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('fulfilment');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const send = useMutation({ mutationFn: () => inviteStaff(email.trim(), role) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    send
      .mutateAsync()
      .then((invitation) => {
        // "Sent" only when a mail server will take it; otherwise what is true.
        const text =
          invitation.delivery === 'queued'
            ? `Invitation sent to ${invitation.email}.`
            : HELD_MESSAGES.invitation(invitation.email);
        setMessage({ kind: 'success', text });
        setEmail('');
        void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
      })
      .catch((err: Error) => setMessage({ kind: 'error', text: err.message }));
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mb-8 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby="invite-heading"
    >
      <h2 id="invite-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="min-w-0 basis-full text-sm sm:min-w-56 sm:flex-1 sm:basis-auto">
          <span className="mb-1 block font-medium text-slate-700">E-mail</span>
          <input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
            autoComplete="off"
            required
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Role</span>
          <RoleSelect value={role} onChange={setRole} label="Role" />
        </label>
        <Button type="submit" disabled={send.isPending || email.trim() === ''}>
          {send.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {ROLE_LABELS[role]}: {ROLE_HELP[role]}. The link works once, for 72 hours.
      </p>
    </form>
  );
}

function StaffActions({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState('');
  const done = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
  const change = useMutation({ mutationFn: (role: Role) => changeStaffRole(member.id, role) });
  const remove = useMutation({ mutationFn: () => removeStaff(member.id) });
  const fail = (err: Error) => setFailure(err.message);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RoleSelect
        value={member.role}
        label={`Role of ${member.username}`}
        disabled={change.isPending}
        onChange={(role) => {
          setFailure('');
          change.mutateAsync(role).then(done, fail);
        }}
      />
      {!isMe && (
        <Button
          variant="secondary"
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(`Remove ${member.username} from the staff?`)) return;
            setFailure('');
            remove.mutateAsync().then(done, fail);
          }}
        >
          Remove
        </Button>
      )}
      {failure && (
        <p role="alert" className="w-full text-sm text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}

function RequireTwoFactor({ required }: { required: boolean }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Error | null>(null);
  const save = useMutation({ mutationFn: setRequireTwoFactor });
  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 h-6 w-6 accent-brand-700"
          checked={required}
          disabled={save.isPending}
          onChange={(e) => {
            setFailure(null);
            save
              .mutateAsync(e.target.checked)
              .then(
                () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
                setFailure,
              );
          }}
        />
        <span>
          <span className="block font-medium text-slate-900">
            Require two-step sign-in for all staff
          </span>
          Staff without it can open nothing in the back office but Security until they set it up.
        </span>
      </label>
      {failure && (
        <FormMessage kind="error" className="mt-3">
          {failure.message}{' '}
          {failure instanceof ApiError && failure.code === 'MFA_REQUIRED_FIRST' && (
            <Link to="/dashboard/security" className="font-medium underline">
              Set it up for yourself
            </Link>
          )}
        </FormMessage>
      )}
    </div>
  );
}

function PendingInvitation({
  invitation,
  onWithdrawn,
}: {
  invitation: StaffInvitation;
  onWithdrawn: (email: string) => void;
}) {
  const [failure, setFailure] = useState('');
  const withdraw = useMutation({ mutationFn: () => withdrawInvitation(invitation.id) });
  const until = formatNairobiDateTime(invitation.expires_at);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2">
      <span>
        {invitation.email}, as {ROLE_LABELS[invitation.role]}{' '}
        {invitation.waiting_for_mail ? '(not e-mailed yet)' : `(until ${until})`}
      </span>
      <Button
        variant="secondary"
        disabled={withdraw.isPending}
        aria-label={`Withdraw the invitation to ${invitation.email}`}
        onClick={() => {
          if (!window.confirm(`Withdraw the invitation to ${invitation.email}?`)) return;
          setFailure('');
          withdraw.mutateAsync().then(
            () => onWithdrawn(invitation.email),
            (err: Error) => setFailure(err.message),
          );
        }}
      >
        Withdraw
      </Button>
      {failure && (
        <p role="alert" className="w-full text-sm text-red-700">
          {failure}
        </p>
      )}
    </li>
  );
}

function PendingInvitations({ invitations }: { invitations: StaffInvitation[] }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const withdrawn = (email: string) => {
    setNotice(`The invitation to ${email} is withdrawn: its link no longer works.`);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
  };
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="mb-3 mt-8 text-lg font-semibold text-slate-900">
        Invitations not yet accepted
      </h2>
      {notice && (
        <FormMessage kind="success" className="mb-3">
          {notice}
        </FormMessage>
      )}
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {invitations.map((i) => (
            <PendingInvitation key={i.id} invitation={i} onWithdrawn={withdrawn} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function StaffPage() {
  useDocumentTitle('Staff');
  const { currentUser } = useAuth();
  const can = useCan();
  const list = useQuery(staffQuery());

  const columns: Column<StaffMember>[] = [
    { header: 'Name', cell: (m) => <span className="font-medium">{m.username}</span> },
    { header: 'E-mail', cell: (m) => m.email },
    {
      header: 'Two-step sign-in',
      cell: (m) => (m.two_factor ? 'On' : <span className="text-slate-500">Off</span>),
    },
    { header: 'Role', cell: (m) => <StaffActions member={m} isMe={m.id === currentUser?.id} /> },
  ];

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Staff</h1>
      <InviteForm />
      {list.isPending ? (
        <LoadingText />
      ) : list.isError ? (
        <ErrorText>Error: {list.error.message}</ErrorText>
      ) : (
        <>
          {can('settings.write') && <RequireTwoFactor required={list.data.require_two_factor} />}
          <ResponsiveTable
            caption="Staff"
            columns={columns}
            rows={list.data.staff}
            rowKey={(m) => m.id}
          />
          <PendingInvitations invitations={list.data.invitations} />
        </>
      )}
    </div>
  );
}

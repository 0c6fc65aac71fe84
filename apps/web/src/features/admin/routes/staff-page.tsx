// Staff (issue 25): who helps run the shop and in which role, invitations by e-mail, removal, and
// the owner's setting that requires two-step sign-in of everyone.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROLES, type Role } from '@duka/domain/staff/permissions';
import type { StaffMember } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  changeStaffRole,
  inviteStaff,
  removeStaff,
  setRequireTwoFactor,
  staffQuery,
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
        setMessage({ kind: 'success', text: `Invitation sent to ${invitation.email}.` });
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
  const save = useMutation({ mutationFn: setRequireTwoFactor });
  return (
    <label className="mb-6 flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-6 w-6 accent-brand-700"
        checked={required}
        disabled={save.isPending}
        onChange={(e) =>
          save
            .mutateAsync(e.target.checked)
            .then(() => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }))
        }
      />
      <span>
        <span className="block font-medium text-slate-900">
          Require two-step sign-in for all staff
        </span>
        Staff without it can open nothing in the back office but Security until they set it up.
      </span>
    </label>
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
          <h2 className="mb-3 mt-8 text-lg font-semibold text-slate-900">
            Invitations not yet accepted
          </h2>
          {list.data.invitations.length === 0 ? (
            <p className="text-sm text-slate-600">None.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {list.data.invitations.map((i) => (
                <li key={i.id} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
                  {i.email}, as {ROLE_LABELS[i.role]} (until{' '}
                  {new Date(i.expires_at).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi' })})
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

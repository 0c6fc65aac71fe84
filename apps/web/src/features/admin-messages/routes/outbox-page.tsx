// Outbox (issue 33): every e-mail and text message the shop sends, newest first, with what became
// of it: waiting, sent (a mail or SMS server took it), not delivered after its retries, or held
// while the shop has no mail server. A failed or held message can be sent again once it can go.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OUTBOX_STATUS_WORDS,
  OUTBOX_STATUSES,
  outboxKindInWords,
  type OutboxStatus,
} from '@duka/domain/outbox/words';
import type { OutboxMessage } from '@duka/domain/outbox/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDateTime } from '../../../lib/dates.ts';
import { mailStatusQuery } from '../../../lib/mail-status.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { outboxQuery, resendMessage } from '../api/outbox-api.ts';

const PAGE_SIZE = 20;

const STATUS_COLOURS: Record<OutboxStatus, string> = {
  pending: 'bg-sky-100 text-sky-800',
  sent: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose-100 text-rose-800',
  held: 'bg-amber-100 text-amber-900',
};

function Status({ message }: { message: OutboxMessage }) {
  return (
    <>
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_COLOURS[message.status]}`}
      >
        {OUTBOX_STATUS_WORDS[message.status]}
      </span>
      {message.status === 'pending' && message.attempts > 0 && message.next_attempt_at && (
        <span className="mt-1 block text-xs text-slate-600">
          {message.attempts === 1 ? '1 attempt' : `${message.attempts} attempts`}; next at{' '}
          {formatNairobiDateTime(message.next_attempt_at)}
        </span>
      )}
      {message.status === 'failed' && (
        <span className="mt-1 block text-xs text-slate-600">
          {message.attempts === 1 ? '1 attempt' : `${message.attempts} attempts`}
        </span>
      )}
    </>
  );
}

function Resend({ message, canGo }: { message: OutboxMessage; canGo: boolean }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendMessage(message.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
  if (message.status !== 'failed' && message.status !== 'held') return <>—</>;
  // Held mail goes by itself once the shop has a mail server; until then a resend cannot help.
  if (!canGo) return <span className="text-xs text-slate-500">Waits for a mail server</span>;
  return (
    <>
      <Button
        variant="secondary"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        aria-label={`Send the message to ${message.to} again`}
      >
        {resend.isPending ? 'Sending…' : 'Resend'}
      </Button>
      {resend.isError && (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {resend.error.message}
        </span>
      )}
    </>
  );
}

export default function OutboxPage() {
  useDocumentTitle('Outbox');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const messages = useQuery(outboxQuery(page, PAGE_SIZE, status));
  const mail = useQuery(mailStatusQuery());
  const canGo = (m: OutboxMessage) => (m.channel === 'sms' ? mail.data?.sms : mail.data?.email);

  const columns: Column<OutboxMessage>[] = [
    {
      header: 'To',
      cell: (m) => (
        <>
          <span className="font-medium break-all text-slate-900">{m.to}</span>
          <span className="block text-xs text-slate-500">
            {m.channel === 'sms' ? 'SMS' : 'E-mail'}
          </span>
        </>
      ),
      className: 'lg:min-w-60',
    },
    {
      header: 'Message',
      stack: true,
      cell: (m) => (
        <>
          <span className="font-medium text-slate-900">{outboxKindInWords(m.kind)}</span>
          {m.subject && <span className="block text-slate-600">{m.subject}</span>}
        </>
      ),
    },
    { header: 'Status', cell: (m) => <Status message={m} /> },
    {
      header: 'Created',
      cell: (m) => formatNairobiDateTime(m.created_at),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Sent',
      cell: (m) => (m.sent_at ? formatNairobiDateTime(m.sent_at) : '—'),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Last error',
      cell: (m) =>
        m.last_error ? <span className="text-xs wrap-anywhere">{m.last_error}</span> : '—',
      className: 'lg:max-w-64',
    },
    { header: 'Action', cell: (m) => <Resend message={m} canGo={canGo(m) ?? false} /> },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Outbox</h1>
      <p className="mb-6 text-sm text-slate-600">
        Every e-mail and text message the shop sends, newest first. ‘Sent’ means a mail or SMS
        server took it.
      </p>
      <label className="mb-4 flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Status</span>
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OutboxStatus | '');
            setPage(1);
          }}
          className="min-h-10 rounded-lg border border-slate-300 bg-white px-3"
        >
          <option value="">All</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {OUTBOX_STATUS_WORDS[s]}
            </option>
          ))}
        </select>
      </label>
      {messages.isPending ? (
        <LoadingText />
      ) : messages.isError ? (
        <ErrorText>Error: {messages.error.message}</ErrorText>
      ) : messages.data.emails.length === 0 ? (
        <EmptyText>{status ? 'No messages with this status.' : 'No messages yet.'}</EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Outbox"
            columns={columns}
            rows={messages.data.emails}
            rowKey={(m) => m.id}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(messages.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Outbox pages"
          />
        </>
      )}
    </div>
  );
}

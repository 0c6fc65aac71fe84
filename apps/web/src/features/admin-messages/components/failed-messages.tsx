// On the dashboard, only when there are any: messages the outbox gave up on after its retries,
// with why, and a button to send each again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { failedMessagesQuery, resendMessage } from '../api/outbox-api.ts';

export function FailedMessages() {
  const failed = useQuery(failedMessagesQuery());
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: resendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
  if (!failed.data || failed.data.total === 0) return null;
  return (
    <section
      aria-labelledby="failed-messages-heading"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="failed-messages-heading" className="font-semibold text-amber-900">
        {failed.data.total === 1
          ? '1 message could not be delivered'
          : `${failed.data.total} messages could not be delivered`}
      </h2>
      <ul className="mt-3 space-y-2">
        {failed.data.emails.map((m) => (
          <li
            key={m.id}
            className="flex flex-col gap-2 rounded-lg bg-white p-3 text-sm sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium wrap-anywhere text-slate-900">
                {m.channel === 'sms' ? 'SMS' : 'E-mail'} to {m.to}
                {m.subject && <span className="text-slate-600"> · {m.subject}</span>}
              </p>
              <p className="text-slate-500">
                {formatDate(m.created_at)} · {m.attempts} attempts
                {m.last_error && <span className="wrap-anywhere"> · {m.last_error}</span>}
              </p>
            </div>
            <Button
              variant="secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate(m.id)}
            >
              Resend
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

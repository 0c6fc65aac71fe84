// Every back-office screen says so while the shop cannot send e-mail (no SMTP_URL): nothing else
// in the back office may then say "sent", and the owner learns what to set.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mailStatusQuery } from '../../../lib/mail-status.ts';

export function MailBanner({ showOutbox }: { showOutbox: boolean }) {
  const mail = useQuery(mailStatusQuery());
  if (!mail.data || mail.data.email) return null;
  return (
    <section
      aria-label="Outgoing mail"
      className="no-print border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 md:px-8"
    >
      <strong className="font-semibold">E-mail cannot go out:</strong> the shop has no mail server.
      Set <code className="rounded bg-amber-100 px-1 font-mono text-[0.8125rem]">SMTP_URL</code>{' '}
      (smtp://user:password@host:port) and restart the shop; until then e-mails wait in the{' '}
      {showOutbox ? (
        <Link to="/dashboard/outbox" className="font-medium underline">
          Outbox
        </Link>
      ) : (
        'outbox'
      )}
      .
    </section>
  );
}

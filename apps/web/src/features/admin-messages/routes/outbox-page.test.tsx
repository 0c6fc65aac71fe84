// The Outbox screen and the back office's mail banner against a stand-in API (issue 33): statuses
// in words, Nairobi times, the status filter, resending, and nothing offered or said that the
// shop cannot do while it has no mail server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@duka/domain/outbox/schemas';
import { PERMISSIONS } from '@duka/domain/staff/permissions';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { mailStatusQuery } from '../../../lib/mail-status.ts';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import { MailBanner } from '../components/mail-banner.tsx';
import OutboxPage from './outbox-page.tsx';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown };
let routes: Record<string, Handler> = {};
const calls: string[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const OWNER = {
  id: 1,
  username: 'admin',
  email: 'admin@duka.test',
  phone_number: '0700000000',
  is_admin: true,
  role: 'owner',
  permissions: PERMISSIONS,
  two_factor: false,
};

const message = (over: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  channel: 'email',
  kind: 'staff-invitation',
  to: 'otieno@example.co.ke',
  subject: 'You are invited to run a Duka shop',
  body: '',
  status: 'held',
  attempts: 0,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-27T11:05:00Z',
  sent_at: null,
  ...over,
});

const MESSAGES = [
  message({ id: 3 }),
  message({
    id: 2,
    kind: 'order-paid',
    to: 'wanjiku@example.co.ke',
    subject: 'Your Duka order 41 is confirmed',
    status: 'failed',
    attempts: 8,
    last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
  }),
  message({
    id: 1,
    kind: 'password-reset',
    to: 'akinyi@example.co.ke',
    subject: 'Reset your Duka password',
    status: 'sent',
    attempts: 1,
    sent_at: '2026-11-27T11:06:00Z',
  }),
];

let mailStatus = { email: true, sms: false };

beforeEach(() => {
  calls.length = 0;
  mailStatus = { email: true, sms: false };
  setTokens('test-access-token');
  routes = {
    'GET /api/current_user': () => ({ body: OWNER }),
    'GET /api/mail-status': () => ({ body: mailStatus }),
    'GET /api/admin/outbox': (url) => {
      const status = url.searchParams.get('status');
      const emails = MESSAGES.filter((m) => !status || m.status === status);
      return { body: { emails, total: emails.length, skip: 0, limit: 20 } };
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://duka.test');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(`${key}${url.search}`);
      const handler = routes[key];
      if (!handler) return json(404, { error: `No stand-in for ${key}`, code: 'NOT_FOUND' });
      const { status = 200, body } = handler(url, init);
      return json(status, body);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

const renderIn = (page: ReactNode) =>
  render(
    <MemoryRouter>
      <AppProviders>
        <AuthProvider>{page}</AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );

/** Shows once the mail status has come, beside the banner that reads the same query. */
function Answered() {
  return useQuery(mailStatusQuery()).data ? <p>answered</p> : null;
}

const rowOf = async (recipient: string) =>
  (await screen.findByText(recipient)).closest('tr') as HTMLElement;

describe('the Outbox screen', () => {
  it('lists each message with its kind, status in words and Nairobi times', async () => {
    renderIn(<OutboxPage />);
    const held = await rowOf('otieno@example.co.ke');
    expect(within(held).getByText('Staff invitation')).toBeTruthy();
    expect(within(held).getByText('Held: no mail server')).toBeTruthy();
    expect(within(held).getByText('27 Nov 2026, 14:05')).toBeTruthy();
    const sent = await rowOf('akinyi@example.co.ke');
    expect(within(sent).getByText('Password reset')).toBeTruthy();
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(within(sent).getByText('27 Nov 2026, 14:06')).toBeTruthy();
    const failed = await rowOf('wanjiku@example.co.ke');
    expect(within(failed).getByText('Order confirmation')).toBeTruthy();
    expect(within(failed).getByText('Not delivered')).toBeTruthy();
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
  });

  it('filters by status with a select', async () => {
    renderIn(<OutboxPage />);
    await rowOf('akinyi@example.co.ke');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'failed' },
    });
    await vi.waitFor(() => expect(screen.queryByText('akinyi@example.co.ke')).toBeNull());
    expect(screen.getByText('wanjiku@example.co.ke')).toBeTruthy();
    expect(screen.queryByText('otieno@example.co.ke')).toBeNull();
    expect(calls).toContain('GET /api/admin/outbox?limit=20&skip=0&status=failed');
  });

  it('resends a failed or held message when mail can go out, and shows a refusal', async () => {
    routes['POST /api/admin/outbox/2/resend'] = () => ({
      body: message({ id: 2, status: 'pending' }),
    });
    routes['POST /api/admin/outbox/3/resend'] = () => ({
      status: 409,
      body: { error: 'This message is still waiting to be sent.', code: 'NOT_RESENDABLE' },
    });
    renderIn(<OutboxPage />);
    const failed = await rowOf('wanjiku@example.co.ke');
    fireEvent.click(
      await within(failed).findByRole('button', {
        name: 'Send the message to wanjiku@example.co.ke again',
      }),
    );
    await vi.waitFor(() => expect(calls).toContain('POST /api/admin/outbox/2/resend'));
    const held = await rowOf('otieno@example.co.ke');
    fireEvent.click(within(held).getByRole('button', { name: /again/ }));
    expect(await within(held).findByRole('alert')).toHaveProperty(
      'textContent',
      'This message is still waiting to be sent.',
    );
    // A sent message offers nothing.
    expect(within(await rowOf('akinyi@example.co.ke')).queryByRole('button')).toBeNull();
  });

  it('offers no resend while the shop has no mail server', async () => {
    mailStatus = { email: false, sms: false };
    renderIn(<OutboxPage />);
    const held = await rowOf('otieno@example.co.ke');
    expect(await within(held).findByText('Waits for a mail server')).toBeTruthy();
    expect(within(held).queryByRole('button')).toBeNull();
  });
});

describe('the mail banner', () => {
  it('says e-mail cannot go out, what to set, and links to the Outbox', async () => {
    mailStatus = { email: false, sms: false };
    renderIn(<MailBanner showOutbox />);
    const banner = await screen.findByRole('region', { name: 'Outgoing mail' });
    expect(banner.textContent).toContain('E-mail cannot go out');
    expect(within(banner).getByText('SMTP_URL')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Outbox' }).getAttribute('href')).toBe(
      '/dashboard/outbox',
    );
  });

  it('links nowhere for staff who may not open the Outbox', async () => {
    mailStatus = { email: false, sms: false };
    renderIn(<MailBanner showOutbox={false} />);
    const banner = await screen.findByRole('region', { name: 'Outgoing mail' });
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('is not there when mail goes out', async () => {
    renderIn(
      <>
        <MailBanner showOutbox />
        <Answered />
      </>,
    );
    await screen.findByText('answered');
    expect(screen.queryByRole('region', { name: 'Outgoing mail' })).toBeNull();
  });
});

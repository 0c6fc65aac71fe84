import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { CONTACT_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin } from '../../test/accounts.ts';
import { contacts } from './schema.ts';

interface Received {
  to: string[];
  data: string;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
let t: TestContext;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A mailbox that does not exist: the server refuses it, as a real one would.
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.test')) callback(new Error('550 No such user here'));
      else callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Duka <hello@duka.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const contact = (payload: object) => t.app.inject({ method: 'POST', url: '/api/contact', payload });

describe('POST /api/contact', () => {
  it('validates with the spec messages', async () => {
    const empty = (await contact({})).json();
    expect(empty.fields).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      phone: CONTACT_MESSAGES.phoneRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
    const wrong = (
      await contact({ name: 'A', email: 'nope', phone: '07-12', message: 'Hi' })
    ).json();
    expect(wrong.fields).toEqual({
      email: CONTACT_MESSAGES.invalidEmail,
      phone: CONTACT_MESSAGES.phoneNumeric,
    });
  });

  it('is limited per address', async () => {
    const ctx = await createTestApp({ CONTACT_RATE_LIMIT_PER_HOUR: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await ctx.app.inject({
              method: 'POST',
              url: '/api/contact',
              payload: { name: 'A', email: 'a@b.co', phone: '0712', message: 'Hi' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([201, 201, 201, 429]);
    } finally {
      await ctx.close();
    }
  });
});

describe('replying to a customer message', () => {
  it('sends the reply over SMTP and marks the message replied for every admin', async () => {
    const first = await admin(t.app, t.db);
    const second = await admin(t.app, t.db);
    const long =
      'My order has not arrived yet and I would like to know where it is, please. Asante.';
    expect(
      (
        await contact({
          name: 'Wanjiru Kamau',
          email: 'wanjiru@example.co.ke',
          phone: '0712345678',
          message: long,
        })
      ).statusCode,
    ).toBe(201);

    const bell = (await t.app.inject({ url: '/api/admin/messages', headers: second.auth })).json();
    expect(bell.unread).toBe(1);
    const message = bell.messages[0];
    expect(message).toMatchObject({
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.co.ke',
      message: long,
    });

    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${message.id}/reply`,
      headers: first.auth,
      payload: { message: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.message).toBe('Please provide a valid recipient email and message.');

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${message.id}/reply`,
      headers: first.auth,
      payload: { message: 'Your parcel leaves Nairobi today.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ message: 'Reply sent successfully!' });

    // The reply waits in the outbox until the worker sends it.
    expect(inbox).toHaveLength(0);
    expect(await t.app.outbox.drain()).toMatchObject({ sent: 1 });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(['wanjiru@example.co.ke']);
    expect(inbox[0]!.data).toMatch(/^Subject: Re: your message to Duka/m);
    expect(inbox[0]!.data).toMatch(/^From: Duka <hello@duka\.test>/m);
    expect(inbox[0]!.data).toContain('Your parcel leaves Nairobi today.');

    const after = (await t.app.inject({ url: '/api/admin/messages', headers: second.auth })).json();
    expect(after).toEqual({ messages: [], unread: 0 });
    const outbox = (await t.app.inject({ url: '/api/admin/outbox', headers: second.auth })).json();
    expect(outbox.emails[0]).toMatchObject({ to: 'wanjiru@example.co.ke', status: 'sent' });
  });

  it('lists at most 5 messages but counts them all', async () => {
    const boss = await admin(t.app, t.db);
    for (let i = 0; i < 7; i++)
      await contact({
        name: `N${i}`,
        email: `n${i}@example.co.ke`,
        phone: '0712',
        message: `m${i}`,
      });
    const bell = (await t.app.inject({ url: '/api/admin/messages', headers: boss.auth })).json();
    expect(bell.messages).toHaveLength(5);
    expect(bell.unread).toBe(7);
    expect(bell.messages[0].message).toBe('m6');
  });

  it('answers at once and keeps retrying a reply the mail server refuses', async () => {
    const boss = await admin(t.app, t.db);
    await contact({ name: 'Juma', email: 'juma@bounce.test', phone: '0712', message: 'Hello?' });
    const bell = async () =>
      (await t.app.inject({ url: '/api/admin/messages', headers: boss.auth })).json();
    const before = await bell();
    const message = before.messages.find((m: { email: string }) => m.email === 'juma@bounce.test');
    expect(message).toBeDefined();

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${message.id}/reply`,
      headers: boss.auth,
      payload: { message: 'Karibu!' },
    });
    expect(res.statusCode).toBe(200);
    expect((await bell()).unread).toBe(before.unread - 1);

    expect(await t.app.outbox.drain()).toMatchObject({ sent: 0, retrying: 1 });
    const outbox = (await t.app.inject({ url: '/api/admin/outbox', headers: boss.auth })).json();
    expect(outbox.emails[0]).toMatchObject({
      to: 'juma@bounce.test',
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/550|No such user/),
    });
    expect(inbox.some((m) => m.to.includes('juma@bounce.test'))).toBe(false);
  });
});

describe('contacts', () => {
  it('filters by name or e-mail and by a date range that includes the whole end day', async () => {
    const ctx = await createTestApp();
    try {
      const me = await admin(ctx.app, ctx.db);
      const at = (iso: string) => new Date(iso);
      await ctx.db.insert(contacts).values([
        {
          name: 'Zawadi Achieng',
          email: 'zawadi@example.co.ke',
          phone: '0711',
          message: 'a',
          submittedAt: at('2026-11-20T21:30:00Z'),
        }, // 21 Nov 00:30 Nairobi
        {
          name: 'baraka mwangi',
          email: 'baraka@example.co.ke',
          phone: '0712',
          message: 'b',
          submittedAt: at('2026-11-21T20:59:00Z'),
        }, // 21 Nov 23:59 Nairobi
        {
          name: 'Amina Hassan',
          email: 'amina@shop.ke',
          phone: '0713',
          message: 'c',
          submittedAt: at('2026-11-21T21:01:00Z'),
        }, // 22 Nov 00:01 Nairobi
        {
          name: 'Otieno Odhiambo',
          email: 'otieno@example.co.ke',
          phone: '0714',
          message: 'd',
          submittedAt: at('2026-11-18T10:00:00Z'),
        },
      ]);
      const list = async (query: string) =>
        (
          await ctx.app.inject({ url: `/api/admin/contacts?${query}`, headers: me.auth })
        ).json() as { contacts: { name: string }[]; total: number };
      const names = async (query: string) => (await list(query)).contacts.map((c) => c.name);

      expect(await names('from=2026-11-21&to=2026-11-21')).toEqual([
        'Zawadi Achieng',
        'baraka mwangi',
      ]);
      expect(await names('from=2026-11-22&to=2026-11-21')).toEqual([]);
      expect(await names('q=EXAMPLE.co')).toEqual([
        'Otieno Odhiambo',
        'Zawadi Achieng',
        'baraka mwangi',
      ]); // date ascending
      expect(await names('q=amina')).toEqual(['Amina Hassan']);
      expect(await names('sort=name&order=asc')).toEqual([
        'Amina Hassan',
        'baraka mwangi',
        'Otieno Odhiambo',
        'Zawadi Achieng',
      ]);
      expect(await names('sort=date&order=desc&limit=2')).toEqual([
        'Amina Hassan',
        'baraka mwangi',
      ]);
      for (const bad of ['from=21-11-2026', 'to=2026-02-31', 'sort=email', 'order=up']) {
        expect(
          (await ctx.app.inject({ url: `/api/admin/contacts?${bad}`, headers: me.auth }))
            .statusCode,
          bad,
        ).toBe(400);
      }
      expect(await names('from=2026-11-22')).toEqual(['Amina Hassan']);
      expect(await names('to=2026-11-18')).toEqual(['Otieno Odhiambo']);
      expect(await list('q=zzz-nobody')).toEqual({ contacts: [], total: 0, skip: 0, limit: 10 });
      expect(await list('sort=name&skip=3&limit=2')).toMatchObject({
        contacts: [{ name: 'Zawadi Achieng' }],
        total: 4,
      });
    } finally {
      await ctx.close();
    }
  });
});

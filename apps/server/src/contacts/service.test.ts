// Replying to a customer: only a reply the mail server accepted marks the message as replied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin } from '../../test/accounts.ts';
import { contacts, emails } from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { replyToMessage } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sent = 0;
async function message() {
  const email = `akinyi-${++sent}@example.co.ke`;
  const [row] = await t.db
    .insert(contacts)
    .values({ name: 'Akinyi', email, phone: '0712345678', message: 'Hi' })
    .returning();
  return row!;
}

describe('replyToMessage', () => {
  it('leaves the message unreplied when the mail server cannot be reached', async () => {
    const by = await admin(t.app, t.db);
    const contact = await message();
    // Port 9 on loopback: nothing listens, so the connection is refused at once.
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'shop@duka.test',
      db: t.db,
      timeoutMs: 2_000,
    });
    try {
      await expect(
        replyToMessage({ db: t.db, mailer }, contact.id, by.id, 'Thank you'),
      ).rejects.toMatchObject({ statusCode: 502, code: 'MAIL_FAILED' });
    } finally {
      await mailer.close();
    }
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after!.repliedAt).toBeNull();
  });

  it('records the reply and marks the message replied once the mail is accepted', async () => {
    const by = await admin(t.app, t.db);
    const contact = await message();
    const result = await replyToMessage(
      { db: t.db, mailer: t.app.mailer },
      contact.id,
      by.id,
      'Karibu',
    );
    expect(result).toEqual({ message: 'Reply sent successfully!' });
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after!.repliedAt).toBeInstanceOf(Date);
    const [mail] = await t.db.select().from(emails).where(eq(emails.toAddress, contact.email));
    expect(mail!.body).toContain('Dear Akinyi,\n\nKaribu');
  });

  it('answers 404 for a message that does not exist', async () => {
    const by = await admin(t.app, t.db);
    await expect(
      replyToMessage({ db: t.db, mailer: t.app.mailer }, 999_999, by.id, 'Hello'),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

// Replying to a customer: the reply is queued in the same transaction that marks the message
// replied, so it is never lost and never waits for the mail server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin } from '../../test/accounts.ts';
import { contactReplies, contacts } from './schema.ts';
import { outbox } from '../outbox/schema.ts';
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
    .values({ name: 'Akinyi', email, phone: '0712345678', message: 'Hi\nIs it in stock?' })
    .returning();
  return row!;
}

describe('replyToMessage', () => {
  it('queues the reply and marks the message replied, in one transaction', async () => {
    const by = await admin(t.app, t.db);
    const contact = await message();
    const result = await replyToMessage(
      { db: t.db, delivery: 'queued' },
      contact.id,
      by.id,
      'Karibu',
    );
    expect(result).toEqual({ message: 'Reply sent successfully!' });
    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after!.repliedAt).toBeInstanceOf(Date);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, contact.email));
    expect(mail).toMatchObject({ kind: 'contact-reply', status: 'pending', attempts: 0 });
    expect(mail!.body).toContain('Dear Akinyi,\n\nKaribu');
    expect(mail!.body).toContain('> Hi\n> Is it in stock?');
    expect(mail!.html).toContain('Karibu');
    const [reply] = await t.db
      .select()
      .from(contactReplies)
      .where(eq(contactReplies.contactId, contact.id));
    expect(reply!.emailId).toBe(mail!.id);
  });

  it('says the reply is saved, not sent, while the shop has no mail server', async () => {
    const by = await admin(t.app, t.db);
    const contact = await message();
    const held = await replyToMessage({ db: t.db, delivery: 'held' }, contact.id, by.id, 'Karibu');
    expect(held).toEqual({
      message: 'Reply saved: it will be e-mailed when the shop can send mail.',
    });
    expect(await t.app.outbox.drain()).toMatchObject({ sent: 0 });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, contact.email));
    expect(mail).toMatchObject({ kind: 'contact-reply', status: 'held', sentAt: null });
  });

  it('escapes what the admin and the customer wrote in the HTML version', async () => {
    const by = await admin(t.app, t.db);
    const contact = await message();
    await replyToMessage(
      { db: t.db, delivery: 'held' },
      contact.id,
      by.id,
      '<script>alert(1)</script> & more',
    );
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, contact.email));
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail!.html).not.toContain('<script>');
  });

  it('answers 404 for a message that does not exist, and queues nothing', async () => {
    const by = await admin(t.app, t.db);
    const before = await t.db.select().from(outbox);
    await expect(
      replyToMessage({ db: t.db, delivery: 'held' }, 999_999, by.id, 'Hello'),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await t.db.select().from(outbox)).toHaveLength(before.length);
  });
});

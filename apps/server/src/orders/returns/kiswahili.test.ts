// Issue 37: a return on an order placed in the Kiswahili shop is told in Kiswahili at each step,
// the refund too, and an exchange's replacement order keeps its original's language.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../../test/accounts.ts';
import { Mailbox } from '../../../test/mailbox.ts';
import { askReturn, buy, decide, deliver, shoe, sizeOf } from '../../../test/returns-fixture.ts';
import { orders } from '../schema.ts';

const mailbox = new Mailbox();
let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://duka.example' });
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});
beforeEach(() => mailbox.clear());

/** A shopper of the Kiswahili shop, with a delivered order of sizes 40 and 41. */
async function deliveredInKiswahili() {
  const me = await shopper(t.app);
  const who = { ...me, auth: { ...me.auth, 'accept-language': 'sw' } } as LoggedIn;
  const p = await shoe(t.app, boss);
  const [s40, s41] = [sizeOf(p, '40'), sizeOf(p, '41')];
  const orderId = await buy(t.app, t.db, who, [
    [p.id, s40.id, 1],
    [p.id, s41.id, 1],
  ]);
  await deliver(t.app, t.db, boss, orderId);
  await t.app.outbox.drain();
  mailbox.clear();
  return { who, p, s40, s41, orderId };
}

const subjects = (email: string) => mailbox.to(email).map((m) => m.headers.get('subject'));

describe('a return on a Kiswahili order', () => {
  it('is told in Kiswahili at each step, and the refund with it', async () => {
    const { who, p, s40, orderId } = await deliveredInKiswahili();
    const asked = await askReturn(t.app, who, orderId, {
      lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
      reason: 'Ni ndogo',
      resolution: 'refund',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    await decide(t.app, boss, id, { status: 'approved', note: 'Karibu' });
    const received = await decide(t.app, boss, id, { status: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    await t.app.outbox.drain();

    expect(subjects(who.email)).toEqual(
      expect.arrayContaining([
        `Tumepokea ombi lako la kurudisha bidhaa za oda #${orderId}`,
        `Marejesho ya oda #${orderId} yamekubaliwa`,
        `Tumepokea marejesho ya oda #${orderId}`,
        `Rejesho la pesa la oda yako ya Duka #${orderId}`,
      ]),
    );
    const approved = mailbox.to(who.email).find((m) => m.text.includes('Tumekubali'))!;
    expect(approved.text).toContain('Maelezo yetu: Karibu');
    expect(approved.text).toContain(
      `Oda yako: https://duka.example/sw/userprofile/orders/${orderId}`,
    );
    const refund = mailbox.to(who.email).find((m) => m.text.includes('Tumekurudishia'))!;
    expect(refund.text).toMatch(new RegExp(`Tumekurudishia Ksh [\\d,]+ .*kwa oda #${orderId}\\.`));
    expect(refund.html).toContain('<html lang="sw">');
  });

  it('sends the replacement of an exchange as an order in the same language', async () => {
    const { who, p, s40, s41, orderId } = await deliveredInKiswahili();
    const asked = await askReturn(t.app, who, orderId, {
      lines: [{ product_id: p.id, variant_id: s40.id, quantity: 1 }],
      reason: 'Ni ndogo',
      resolution: 'exchange',
      exchange_variant_id: s41.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    await decide(t.app, boss, id, { status: 'approved' });
    const received = await decide(t.app, boss, id, { status: 'received' });
    const replacementId = received.json().exchange.order_id as number;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, replacementId));
    expect(row!.language).toBe('sw');
    await t.app.outbox.drain();
    const told = mailbox.to(who.email).find((m) => m.text.includes('Bidhaa mbadala'))!;
    expect(told.text).toContain(`Bidhaa mbadala ni oda #${replacementId}, bila malipo.`);
  });
});

// Order messages through the outbox, against a real SMTP server on loopback and a stand-in of
// Africa's Talking's SMS API: the confirmation of a paid order and the admin's status notices.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper } from '../../test/accounts.ts';
import {
  buyAndPay,
  fillCheckoutSteps,
  createPayment,
  product,
  putInCart,
} from '../../test/checkout-fixture.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { AfricasTalkingStandIn } from '../../test/stand-ins/africas-talking.ts';
import { outbox } from '../outbox/schema.ts';

const mailbox = new Mailbox();
const sms = new AfricasTalkingStandIn('sandbox');
let t: TestContext;

beforeAll(async () => {
  await mailbox.start();
  await sms.start();
  t = await createTestApp({
    SMTP_URL: mailbox.url,
    PUBLIC_URL: 'https://duka.example',
    AT_USERNAME: sms.username,
    AT_API_KEY: sms.apiKey,
    AT_SENDER_ID: 'DUKA',
    AT_API_BASE: sms.baseUrl,
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
  await sms.stop();
});
beforeEach(() => mailbox.clear());

async function paidOrder(phone = '0712 345 678') {
  const who = await shopper(t.app, { phone_number: phone });
  const kettle = await product(t.db, { priceCents: 129_900, stock: 10, title: 'Blue kettle' });
  const mug = await product(t.db, { priceCents: 45_000, stock: 10, title: 'Mug & saucer' });
  const orderId = await buyAndPay(t.app, t.db, who, [
    [kettle, 2],
    [mug, 1],
  ]);
  return { who, orderId };
}

describe('the order confirmation', () => {
  it('is e-mailed when the order is paid, with its number, lines, totals, payment and delivery', async () => {
    const { who, orderId } = await paidOrder();
    // Queued in the paying transaction; nothing is sent until the worker runs.
    expect(mailbox.to(who.email)).toHaveLength(0);
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.kind, 'order-paid'));
    expect(queued).toBeDefined();
    await t.app.outbox.drain();

    const [mail] = mailbox.to(who.email);
    expect(mail!.headers.get('subject')).toBe(`Your Duka order #${orderId} is confirmed`);
    // 2 × 1,299 + 450 = 3,048; + 50 shipping = 3,098; VAT 16 % = 495.68 → 496; total 3,594.
    const text = mail!.text;
    expect(text).toContain(`Order #${orderId}`);
    expect(text).toContain('2 × Blue kettle (Ksh 1,299 each): Ksh 2,598');
    expect(text).toContain('1 × Mug & saucer (Ksh 450 each): Ksh 450');
    expect(text).toContain('Items (3): Ksh 3,048');
    expect(text).toContain('Shipping & Handling: Ksh 50');
    expect(text).toContain('VAT (16%): Ksh 496');
    expect(text).toContain('Total: Ksh 3,594');
    expect(text).toMatch(/Payment: Sandbox, reference SBXTXN\S+/);
    expect(text).toContain(
      'Delivery address: Wanjiru Kamau, Apt 4B, Moi Avenue 12, Nairobi, 00100',
    );
    expect(text).toMatch(
      /Expected delivery: between \w+ \d{1,2} \w+ \d{4} and \w+ \d{1,2} \w+ \d{4}/,
    );
    expect(text).toMatch(/\(Nairobi time\)/);
    expect(text).toContain('https://duka.example/userprofile/orderhistory');
    // The tax invoice (issue 23) is linked from the confirmation.
    expect(text).toContain(`Your tax invoice (receipt): https://duka.example/receipt/${orderId}`);
    expect(mail!.html).toContain(`href="https://duka.example/receipt/${orderId}"`);
    expect(mail!.html).toContain('Total');
    expect(mail!.html).toContain('Ksh 3,594');
    expect(mail!.html).toContain('Mug &amp; saucer');

    // And by SMS, in international form, from the configured sender id.
    const [text1] = sms.to('+254712345678').filter((s) => s.message.includes(`#${orderId}`));
    expect(text1).toMatchObject({ username: 'sandbox', from: 'DUKA' });
    expect(text1!.message).toContain('Ksh 3,594');
  });

  it('is not sent for an order that was never paid', async () => {
    const who = await shopper(t.app);
    const p = await product(t.db, { priceCents: 10_000, stock: 3 });
    await putInCart(t.db, who.id, p, 1);
    await fillCheckoutSteps(t.app, who);
    expect((await createPayment(t.app, who)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(mailbox.to(who.email)).toHaveLength(0);
  });
});

describe('status notices', () => {
  const move = async (orderId: number, status: string) => {
    const boss = await admin(t.app, t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      headers: boss.auth,
      payload: { status },
    });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.drain();
  };

  it('tells the shopper when the order is shipped (e-mail and SMS) and delivered', async () => {
    const { who, orderId } = await paidOrder('0722 111 222');
    await t.app.outbox.drain();
    mailbox.clear();
    await move(orderId, 'processing');
    expect(mailbox.to(who.email)).toHaveLength(0); // processing is no news
    await move(orderId, 'shipped');
    expect(mailbox.to(who.email).map((m) => m.headers.get('subject'))).toEqual([
      `Your Duka order #${orderId} is on its way`,
    ]);
    expect(sms.to('+254722111222').map((s) => s.message)).toContainEqual(
      expect.stringContaining(`order #${orderId} is on its way to Nairobi`),
    );
    await move(orderId, 'delivered');
    expect(mailbox.to(who.email).at(-1)!.headers.get('subject')).toBe(
      `Your Duka order #${orderId} was delivered`,
    );
  });

  it('tells the shopper of a refund and of a cancellation', async () => {
    const { who, orderId } = await paidOrder();
    await move(orderId, 'refunded');
    const refund = mailbox.to(who.email).at(-1)!;
    expect(refund.headers.get('subject')).toBe(`Your Duka order #${orderId} was refunded`);
    expect(refund.text).toContain('We refunded Ksh 3,594');

    const other = await shopper(t.app);
    const p = await product(t.db, { priceCents: 10_000, stock: 3 });
    await putInCart(t.db, other.id, p, 1);
    await fillCheckoutSteps(t.app, other);
    const unpaid = (await createPayment(t.app, other)).json().order_id as number;
    await move(unpaid, 'cancelled');
    expect(mailbox.to(other.email).map((m) => m.headers.get('subject'))).toEqual([
      `Your Duka order #${unpaid} was cancelled`,
    ]);
  });
});

describe("SMS through Africa's Talking", () => {
  it('retries a message the gateway refuses, and an outage, until it is taken', async () => {
    sms.refuse.set('+254733000999', 405); // InsufficientBalance
    const { orderId } = await paidOrder('0733 000 999');
    const start = Date.now() + 1000;
    await t.app.outbox.drain({ now: () => new Date(start) });
    const [waiting] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+254733000999'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('405 InsufficientBalance');
    expect(waiting!.lastError).not.toContain(sms.apiKey);

    sms.refuse.delete('+254733000999');
    sms.failNext = 1;
    await t.app.outbox.drain({ now: () => new Date(start + 60_000) });
    const [still] = await t.db.select().from(outbox).where(eq(outbox.id, waiting!.id));
    expect(still).toMatchObject({ status: 'pending', attempts: 2 });
    expect(still!.lastError).toContain('500');

    await t.app.outbox.drain({ now: () => new Date(start + 10 * 60_000) });
    expect(sms.to('+254733000999').map((s) => s.message)).toContainEqual(
      expect.stringContaining(`order #${orderId}`),
    );
  });
});

// The expiry sweep: it never expires an order whose payment is being captured, and it finishes a
// capture that was interrupted (the process died between asking the provider and recording).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { shopper } from '../../test/accounts.ts';
import {
  approveSandbox,
  createPayment,
  fillCheckoutSteps,
  product,
  putInCart,
  stockOf,
} from '../../test/checkout-fixture.ts';
import { orders } from './schema.ts';
import { payments } from '../payments/schema.ts';
import { CAPTURE_STALE_MS } from '../payments/capture.ts';
import { expireStaleOrders } from './expiry.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ORDER_PAYMENT_TIMEOUT_MINUTES: '1' });
});
afterAll(() => t.close());

/** An approved sandbox payment whose capture began at `startedAt` and never finished. */
async function interruptedCapture(startedAt: Date) {
  const p = await product(t.db, { priceCents: 10_000, stock: 2 });
  const who = await shopper(t.app);
  await putInCart(t.db, who.id, p, 1);
  await fillCheckoutSteps(t.app, who);
  const started = (await createPayment(t.app, who)).json();
  const payerId = await approveSandbox(t.app, started.paymentId);
  await t.db
    .update(payments)
    .set({ status: 'capturing', captureStartedAt: startedAt, payerId })
    .where(eq(payments.orderId, started.order_id));
  return { p, orderId: started.order_id as number };
}

const deps = () => t.app.payments;
const orderOf = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: number) =>
  (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

describe('the expiry sweep', () => {
  it('leaves an expired order alone while its capture is in flight', async () => {
    const later = new Date(Date.now() + 5 * 60_000);
    const { p, orderId } = await interruptedCapture(new Date(later.getTime() - 1_000));
    await expireStaleOrders(deps(), later);
    expect((await orderOf(orderId)).status).toBe('pending_payment');
    expect((await paymentOf(orderId)).status).toBe('capturing');
    expect(await stockOf(t.db, p)).toBe(1);
  });

  it('finishes an interrupted capture instead of expiring the order', async () => {
    const later = new Date(Date.now() + 5 * 60_000);
    const { p, orderId } = await interruptedCapture(
      new Date(later.getTime() - CAPTURE_STALE_MS - 1_000),
    );
    await expireStaleOrders(deps(), later);
    expect((await orderOf(orderId)).status).toBe('paid');
    expect((await paymentOf(orderId)).status).toBe('captured');
    expect(await stockOf(t.db, p)).toBe(1);
  });
});

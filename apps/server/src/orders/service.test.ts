// The order lifecycle as service functions: moves an admin may make, stock given back, and no
// move while a payment's capture is in flight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { shopper } from '../../test/accounts.ts';
import { product, stockOf } from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { orders } from './schema.ts';
import { products } from '../catalog/schema.ts';
import { payments } from '../payments/schema.ts';
import { changeStatus } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pendingOrder(stock: number) {
  const who = await shopper(t.app);
  const p = await product(t.db, { priceCents: 10_000, stock });
  const id = await insertOrder(t.db, {
    userId: who.id,
    productId: p,
    status: 'pending_payment',
    totalCents: 10_000,
  });
  // The fixture's order holds one unit: take it off the shelf as checkout would.
  await t.db
    .update(products)
    .set({ stock: stock - 1 })
    .where(eq(products.id, p));
  return { id, p };
}

const statusOf = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

describe('changeStatus', () => {
  it('walks the lifecycle and refuses moves it does not allow, saying which are', async () => {
    const { id } = await pendingOrder(3);
    await changeStatus(t.db, id, 'paid');
    await expect(changeStatus(t.db, id, 'delivered')).rejects.toMatchObject({
      statusCode: 422,
      code: 'ILLEGAL_TRANSITION',
      message: 'An order that is paid can only become processing or refunded.',
    });
    for (const next of ['processing', 'shipped', 'delivered'] as const) {
      await changeStatus(t.db, id, next);
    }
    expect(await statusOf(id)).toBe('delivered');
    await expect(changeStatus(t.db, id, 'refunded')).rejects.toMatchObject({
      message: 'An order that is delivered cannot change any more.',
    });
  });

  it('cancelling an unpaid order gives its stock back and closes its payment', async () => {
    const { id, p } = await pendingOrder(3);
    expect(await stockOf(t.db, p)).toBe(2);
    await changeStatus(t.db, id, 'cancelled');
    expect(await stockOf(t.db, p)).toBe(3);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment).toMatchObject({
      status: 'cancelled',
      failureReason: 'cancelled by an administrator',
    });
  });

  it('refuses to cancel or mark paid an order whose payment is being captured', async () => {
    const { id, p } = await pendingOrder(2);
    await t.db
      .update(payments)
      .set({ status: 'capturing', captureStartedAt: new Date() })
      .where(eq(payments.orderId, id));
    for (const next of ['cancelled', 'paid'] as const) {
      await expect(changeStatus(t.db, id, next)).rejects.toMatchObject({
        statusCode: 409,
        code: 'PAYMENT_IN_FLIGHT',
      });
    }
    expect(await statusOf(id)).toBe('pending_payment');
    expect(await stockOf(t.db, p)).toBe(1);
  });

  it('answers 404 for an order that does not exist', async () => {
    await expect(changeStatus(t.db, 999_999, 'paid')).rejects.toMatchObject({ statusCode: 404 });
  });
});

// Invoice numbers (issue 23): one sale invoice per paid order, numbered in the paying
// transaction, increasing by one with no gaps and no repeats, under concurrent payments too (on
// PostgreSQL in CI's second pass), and a rolled-back transaction gives its number back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper } from '../../test/accounts.ts';
import {
  approveSandbox,
  buyAndPay,
  createPayment,
  execute,
  fillCheckoutSteps,
  product,
  putInCart,
} from '../../test/checkout-fixture.ts';
import { invoices } from './schema.ts';
import { DEFAULT_BRANCH, issueSaleInvoice } from './issue.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const numbers = async () =>
  (
    await t.db
      .select({ no: invoices.invoiceNo, orderId: invoices.orderId })
      .from(invoices)
      .orderBy(asc(invoices.invoiceNo))
  ).map((r) => r.no);

describe('sale invoices', () => {
  it('are one per paid order, however often its payment is applied', async () => {
    const who = await shopper(t.app);
    const kettle = await product(t.db, { priceCents: 100_000, stock: 5 });
    await putInCart(t.db, who.id, kettle, 1);
    await fillCheckoutSteps(t.app, who);
    const started = (await createPayment(t.app, who)).json();
    // Not paid yet: no invoice.
    expect(
      await t.db.select().from(invoices).where(eq(invoices.orderId, started.order_id)),
    ).toEqual([]);
    const payerId = await approveSandbox(t.app, started.paymentId);
    for (let i = 0; i < 3; i++) {
      expect((await execute(t.app, who, started.paymentId, payerId)).statusCode).toBe(200);
    }
    const mine = await t.db.select().from(invoices).where(eq(invoices.orderId, started.order_id));
    expect(mine).toEqual([expect.objectContaining({ kind: 'S', branch: '00', status: 'pending' })]);
  });

  it("are numbered in the branch of the app that sold, beside another branch's app", async () => {
    // Two shops in one process (as tests run them): each keeps its own ETIMS_BHF_ID.
    const branch = await createTestApp({ ETIMS_BHF_ID: '01' });
    try {
      const bought = async (ctx: TestContext) => {
        const id = await buyAndPay(ctx.app, ctx.db, await shopper(ctx.app), [
          [await product(ctx.db, { priceCents: 10_000, stock: 5 }), 1],
        ]);
        const [row] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, id));
        return row!.branch;
      };
      expect(await bought(branch)).toBe('01');
      expect(await bought(t)).toBe('00');
      // An admin marking an order paid numbers its invoice in the app's branch too.
      const boss = await admin(branch.app, branch.db);
      const who = await shopper(branch.app);
      await putInCart(
        branch.db,
        who.id,
        await product(branch.db, { priceCents: 10_000, stock: 5 }),
        1,
      );
      await fillCheckoutSteps(branch.app, who);
      const started = (await createPayment(branch.app, who)).json();
      const moved = await branch.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${started.order_id}`,
        headers: boss.auth,
        payload: { status: 'paid' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const [marked] = await branch.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, started.order_id));
      expect(marked!.branch).toBe('01');
    } finally {
      await branch.close();
    }
  });

  it('are numbered one after another with no gap or repeat when shoppers pay at once', async () => {
    const before = await numbers();
    const stockItem = await product(t.db, { priceCents: 10_000, stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => shopper(t.app)));
    await Promise.all(buyers.map((who) => buyAndPay(t.app, t.db, who, [[stockItem, 1]])));
    const after = await numbers();
    expect(after).toHaveLength(before.length + 8);
    expect(after).toEqual(after.map((_, i) => i + 1));
  });

  it('give their number back when the paying transaction rolls back', async () => {
    const last = (await numbers()).at(-1)!;
    const who = await shopper(t.app);
    const jiko = await product(t.db, { priceCents: 20_000, stock: 5 });
    await putInCart(t.db, who.id, jiko, 1);
    await fillCheckoutSteps(t.app, who);
    const unpaid = (await createPayment(t.app, who)).json().order_id as number;
    await expect(
      t.db.transaction(async (tx) => {
        const sale = {
          customerName: 'Wanjiku',
          customerPin: null,
          paymentMethod: 'Sandbox',
          pricesIncludeVat: false,
          vatCents: 3_200,
          deliveryCents: 0,
          deliveryDiscountCents: 0,
          at: new Date(),
          lines: [
            {
              productId: jiko,
              name: 'Jiko',
              unitPriceCents: 20_000,
              quantity: 1,
              taxType: 'B',
              discountCents: 0,
            },
          ],
        } as const;
        expect(
          await issueSaleInvoice(tx, unpaid, { ...sale, lines: [...sale.lines] }, DEFAULT_BRANCH),
        ).toBe(last + 1);
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    const next = await buyAndPay(t.app, t.db, await shopper(t.app), [[jiko, 1]]);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, next));
    expect(invoice!.invoiceNo).toBe(last + 1);
  });

  it('a refund makes one credit note pointing to the sale invoice, numbered next', async () => {
    const boss = await admin(t.app, t.db);
    const lamp = await product(t.db, { priceCents: 30_000, stock: 5 });
    const orderId = await buyAndPay(t.app, t.db, await shopper(t.app), [[lamp, 1]]);
    const [sale] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const last = (await numbers()).at(-1)!;
    const refunded = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: boss.auth,
      payload: { status: 'refunded' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const credit = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(asc(invoices.invoiceNo));
    expect(credit.map((i) => [i.kind, i.invoiceNo, i.originalNo])).toEqual([
      ['S', sale!.invoiceNo, null],
      ['R', last + 1, sale!.invoiceNo],
    ]);
  });
});

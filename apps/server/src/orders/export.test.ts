// The orders CSV for the books: its columns and money in shillings, filters by status and Nairobi
// days, cells that cannot run as formulas, finance's permission, and a record of each export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { orders } from './schema.ts';
import { auditLog } from '../audit/schema.ts';
import { payments } from '../payments/schema.ts';
import { ORDERS_CSV_HEADER } from './export.ts';

let t: TestContext;
let finance: LoggedIn;
let late: number;
let early: number;
let unpaid: number;

beforeAll(async () => {
  t = await createTestApp();
  finance = await admin(t.app, t.db, 'finance');
  const p = await product(t.db, { priceCents: 10_000, stock: 10 });
  const buyer = await shopper(t.app, { email: 'wairimu.books@example.co.ke' });
  // 23:30 Nairobi on 1 November (20:30 UTC): a day the books put in November, not October.
  late = await insertOrder(t.db, {
    userId: buyer.id,
    productId: p,
    status: 'paid',
    totalCents: 129_950,
    createdAt: new Date('2026-11-01T20:30:00Z'),
  });
  await t.db
    .update(orders)
    .set({
      shippingName: '=HYPERLINK("http://evil.example")',
      vatCents: 17_924,
      buyerPin: 'P051234567X',
    })
    .where(eq(orders.id, late));
  // The M-Pesa receipt the statement shows, to reconcile against.
  await t.db
    .update(payments)
    .set({ transactionId: 'SJK4H2XQ7P' })
    .where(eq(payments.orderId, late));
  early = await insertOrder(t.db, {
    userId: buyer.id,
    productId: p,
    status: 'delivered',
    totalCents: 50_000,
    createdAt: new Date('2026-10-31T20:59:00Z'), // 23:59 on 31 October, Nairobi
  });
  unpaid = await insertOrder(t.db, {
    userId: buyer.id,
    productId: p,
    status: 'pending_payment',
    totalCents: 7_000,
    createdAt: new Date('2026-11-02T07:00:00Z'),
  });
});
afterAll(() => t.close());

const exportOf = async (query: string, who: LoggedIn = finance) => {
  const res = await t.app.inject({ url: `/api/admin/orders.csv${query}`, headers: who.auth });
  return { res, rows: res.statusCode === 200 ? (parse(res.body) as string[][]) : [] };
};
const ids = (rows: string[][]) => rows.slice(1).map((r) => Number(r[0]));

describe('the orders CSV', () => {
  it('lists each order with its money in shillings, newest first, as a download', async () => {
    const { res, rows } = await exportOf('');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="duka-orders.csv"');
    expect(rows[0]).toEqual(ORDERS_CSV_HEADER);
    expect(ids(rows)).toEqual([unpaid, late, early]);
    const row = Object.fromEntries(
      ORDERS_CSV_HEADER.map((h, i) => [h, rows[ids(rows).indexOf(late) + 1]![i]]),
    );
    expect(row).toMatchObject({
      Date: '2026-11-01 23:30',
      Status: 'paid',
      // Led by a quote mark, a spreadsheet shows it rather than running it.
      Customer: `'=HYPERLINK("http://evil.example")`,
      Email: 'wairimu.books@example.co.ke',
      Delivery: 'Home',
      'Payment method': 'Sandbox',
      'Payment receipt': 'SJK4H2XQ7P',
      'Total (Ksh)': '1299.50',
      'VAT (Ksh)': '179.24',
      'Paid at': '2026-11-01 23:30',
      'Buyer KRA PIN': 'P051234567X',
    });
  });

  it('takes a status and whole Nairobi days', async () => {
    expect(ids((await exportOf('?from=2026-11-01&to=2026-11-01')).rows)).toEqual([late]);
    expect(ids((await exportOf('?to=2026-10-31')).rows)).toEqual([early]);
    expect(ids((await exportOf('?status=pending_payment')).rows)).toEqual([unpaid]);
    expect(ids((await exportOf('?from=2026-12-01')).rows)).toEqual([]);
    const bad = await exportOf('?from=2026-02-31');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().fields.from).toBe('Use a real date');
  });

  it("is finance's: support gets 403, and every export is in the audit log", async () => {
    const support = await admin(t.app, t.db, 'support');
    expect((await exportOf('', support)).res.statusCode).toBe(403);
    await exportOf('?status=paid');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.export'))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({
      actorEmail: finance.email,
      entity: 'order',
      actorRole: 'finance',
    });
    const recorded = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.export'));
    expect(recorded.map((r) => r.after)).toContainEqual({ status: 'paid' });
  });
});

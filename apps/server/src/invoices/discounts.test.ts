// Tax invoices of discounted orders (issue 36), against the eTIMS stand-in, which refuses a line
// whose qty × prc less its discount (dcAmt, at its rate dcRt) is not its total, and totals that do
// not add up: an order with a coupon over a mixed-tax cart is invoiced line by line at what was
// paid, each with its discount, its VAT on the discounted amounts; the credit note of a returned
// discounted unit states its share of the discount and is accepted too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TAX_TYPES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { freshCode, promotion } from '../../test/promotions-fixture.ts';
import { askReturn, buy, decide, deliver, shoe, sizeOf } from '../../test/returns-fixture.ts';
import { EtimsStandIn, etimsEnv } from '../../test/stand-ins/etims.ts';
import { invoices } from './schema.ts';
import { products, productVariants } from '../catalog/schema.ts';
import { orders } from '../orders/schema.ts';

let kra: EtimsStandIn;
let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  kra = await new EtimsStandIn().start();
  t = await createTestApp({
    ...etimsEnv(kra),
  });
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await kra.stop();
});

type Line = Record<string, number | string>;
const sentTo = (invcNo: number) =>
  kra
    .callsTo('/saveTrnsSalesOsdc')
    .map((c) => c.body as Record<string, unknown>)
    .find((b) => b.invcNo === invcNo)!;
const invoiceOf = async (orderId: number, kind: 'S' | 'R') =>
  (
    await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)))
  )[0]!;

async function taxed(priceCents: number, taxType: string, title: string) {
  const id = await product(t.db, { priceCents, stock: 20, title });
  await t.db.update(products).set({ taxType }).where(eq(products.id, id));
  const [variant] = await t.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id));
  return { id, variantId: variant!.id };
}

describe('an order with a coupon over a mixed-tax cart', () => {
  it('is invoiced at what was paid, each line with its discount, and eTIMS accepts it and the credit note of a returned unit', async () => {
    const who = await shopper(t.app);
    const p = await shoe(t.app, boss); // Ksh 4,000, VAT 16 % (B)
    const s41 = sizeOf(p, '41');
    const tea = await taxed(10_000, 'E', 'Chai (8 %)');
    const book = await taxed(25_000, 'A', 'Kamusi (exempt)');
    const code = freshCode('INVOICE10');
    await promotion(t.app, boss, { name: '10 % off', code, type: 'percent_off', value: 10 });

    const orderId = await buy(
      t.app,
      t.db,
      who,
      [
        [p.id, s41.id, 3],
        [tea.id, tea.variantId, 2],
        [book.id, book.variantId, 1],
      ],
      code,
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // Ksh 12,450 less 10 % (1,200 + 20 + 25), plus Ksh 50 delivery: VAT 16 % of 10,850 = 1,736
    // and 8 % of 180 = 14.40, Ksh 1,750.40 rounded once to 1,750.
    expect(order).toMatchObject({ discountCents: 124_500, vatCents: 175_000 });
    expect(order!.totalCents).toBe(1_080_000 + 18_000 + 22_500 + 5_000 + 175_000);

    expect(await t.app.invoices.send()).toMatchObject({ sent: 1, failed: 0 });
    const sale = await invoiceOf(orderId, 'S');
    expect(sale).toMatchObject({ status: 'sent', resultCd: '000' });
    const body = sentTo(sale.invoiceNo);
    const lines = body.itemList as Line[];
    const lineOf = (name: string) => lines.find((l) => String(l.itemNm).startsWith(name))!;

    // The shoes: 3 × 4,640 with VAT is the supply; Ksh 1,200 off is 1,392 with its VAT, 10 %.
    const shoes = lineOf('Return runner');
    expect(shoes).toMatchObject({ qty: 3, dcAmt: 1392, taxTyCd: 'B' });
    expect(shoes.dcRt).toBeCloseTo(10, 1);
    expect(Number(shoes.splyAmt) - Number(shoes.dcAmt)).toBeCloseTo(Number(shoes.totAmt), 2);
    expect(Number(shoes.taxAmt)).toBeCloseTo(1727.6, 1);
    // The tea: Ksh 20 off is 21.60 with 8 %; the book, exempt, Ksh 25 off as it is.
    expect(lineOf('Chai')).toMatchObject({ qty: 2, dcAmt: 21.6, totAmt: 180 + 14.4, taxAmt: 14.4 });
    expect(lineOf('Kamusi')).toMatchObject({ qty: 1, dcAmt: 25, dcRt: 10, totAmt: 225, taxAmt: 0 });
    // Delivery had no discount.
    expect(lineOf('Delivery')).toMatchObject({ dcAmt: 0, dcRt: 0, totAmt: 58, splyAmt: 58 });
    // The totals are what the shopper paid: by type, the VAT on the discounted amounts.
    expect(body).toMatchObject({
      totAmt: order!.totalCents / 100,
      totTaxblAmt: order!.totalCents / 100,
      totTaxAmt: 1750,
      taxblAmtA: 225,
      taxAmtA: 0,
      taxblAmtE: 194.4,
      taxAmtE: 14.4,
    });
    const byType = TAX_TYPES.reduce((s, type) => s + Number(body[`taxAmt${type}`]), 0);
    expect(byType).toBeCloseTo(1750, 2);

    // One pair comes back: its credit note gives a third of the line and states a third of its
    // discount; eTIMS takes it against the sale.
    await deliver(t.app, t.db, boss, orderId);
    const asked = await askReturn(t.app, who, orderId, {
      lines: [{ product_id: p.id, variant_id: s41.id, quantity: 1 }],
      reason: 'Too small',
      resolution: 'refund',
    });
    const returnId = asked.json().id as number;
    await decide(t.app, boss, returnId, { status: 'approved' });
    const received = (await decide(t.app, boss, returnId, { status: 'received' })).json();
    expect(received.refunds).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1, failed: 0 });
    const note = await invoiceOf(orderId, 'R');
    expect(note).toMatchObject({ status: 'sent', resultCd: '000', originalNo: sale.invoiceNo });
    const credit = sentTo(note.invoiceNo);
    const [back] = credit.itemList as Line[];
    expect(back).toMatchObject({ qty: 1, dcAmt: 464, totAmt: received.value / 100 });
    expect(Number(back!.prc)).toBeCloseTo(Number(shoes.prc), 2);
    expect(credit).toMatchObject({ rcptTyCd: 'R', totAmt: received.value / 100 });
  });
});

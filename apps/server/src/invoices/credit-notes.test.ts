// Credit notes that match (issue 34), against the eTIMS stand-in, which checks that a credit note's
// lines and VAT add up, that it names a sale invoice it signed, and that the credit notes of one
// invoice never exceed it: each confirmed refund of goods credits exactly what it gave back; two
// partial refunds and then the rest credit the invoice exactly; money that was never a sale is
// credited by none; the receipt lists them all; the built-in sandbox signs them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { TAX_TYPES, type InvoiceSource } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product } from '../../test/checkout-fixture.ts';
import { mpesaShop, readyToPay } from '../../test/mpesa-fixture.ts';
import { EtimsStandIn, etimsEnv } from '../../test/stand-ins/etims.ts';
import { invoices } from './schema.ts';
import { products } from '../catalog/schema.ts';
import { orderItems } from '../orders/schema.ts';
import { payments, refunds } from '../payments/schema.ts';
import { refund } from '../payments/refunds.ts';
import { issueRefundCreditNote } from './credit-note.ts';
import { nextNumber } from './issue.ts';

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

async function taxed(priceCents: number, taxType: string) {
  const id = await product(t.db, {
    priceCents,
    stock: 50,
    title: `Taxed ${taxType} ${priceCents}`,
  });
  await t.db.update(products).set({ taxType }).where(eq(products.id, id));
  return id;
}

const invoicesOf = (orderId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.invoiceNo));
const creditNotesOf = async (orderId: number) =>
  (await invoicesOf(orderId)).filter((i) => i.kind === 'R');
const saleOf = async (orderId: number) => (await invoicesOf(orderId)).find((i) => i.kind === 'S')!;
const itemsOf = (orderId: number) =>
  t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
const sentTo = (invcNo: number) =>
  kra
    .callsTo('/saveTrnsSalesOsdc')
    .filter((c) => (c.body as { invcNo: number }).invcNo === invcNo)
    .map((c) => c.body as Record<string, unknown>);
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/** What the credit notes of a sale took from each of its lines (by product key), and in all. */
function credited(notes: InvoiceSource[]) {
  const lines = notes.flatMap((n) => n.lines);
  return {
    byKey: (key: string) => ({
      amount: sum(lines.filter((l) => l.key === key).map((l) => l.amountCents)),
      tax: sum(lines.filter((l) => l.key === key).map((l) => l.taxCents)),
    }),
    total: sum(notes.map((n) => n.totalCents)),
    tax: sum(notes.map((n) => n.totalTaxCents)),
  };
}

describe('credit notes of partial refunds', () => {
  let buyer: LoggedIn;
  let orderId: number;
  let kettle: number;
  let tea: number;
  let book: number;

  it('credit exactly the lines and amounts refunded, VAT by type, and eTIMS accepts them', async () => {
    kettle = await taxed(100_000, 'B');
    tea = await taxed(9_900, 'E');
    book = await taxed(25_000, 'A');
    buyer = await shopper(t.app);
    orderId = await buyAndPay(t.app, t.db, buyer, [
      [kettle, 2],
      [tea, 3],
      [book, 1],
    ]);
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1 });
    const sale = await saleOf(orderId);
    // As sold (the sender's test works them out): VAT 352 rounded once and shared in proportion.
    const soldLine = (key: number | string) =>
      sale.source!.lines.find((l) => l.key === String(key))!;
    expect([soldLine(kettle).amountCents, soldLine(kettle).taxCents]).toEqual([232_022, 32_022]);
    expect([soldLine(tea).amountCents, soldLine(tea).taxCents]).toEqual([32_078, 2_378]);

    // One kettle of two and two packets of tea of three come back, at what they were sold for.
    const items = await itemsOf(orderId);
    const item = (productId: number) => items.find((i) => i.productId === productId)!;
    const back = await refund(t.app.payments, {
      orderId,
      amountCents: 116_011 + 21_385,
      kind: 'goods',
      reason: 'A kettle and two packets of tea came back',
      lines: [
        { orderItemId: item(kettle).id, quantity: 1, amountCents: 116_011 },
        { orderItemId: item(tea).id, quantity: 2, amountCents: 21_385 },
      ],
      requestedBy: boss.id,
    });
    expect(back.status).toBe('confirmed');

    const [note] = await creditNotesOf(orderId);
    expect(note).toMatchObject({
      refundId: back.id,
      originalNo: sale.invoiceNo,
      status: 'pending',
    });
    expect(note!.invoiceNo).toBeGreaterThan(sale.invoiceNo);
    const source = note!.source!;
    expect(
      source.lines.map((l) => [l.key, l.quantity, l.amountCents, l.taxCents, l.taxType]),
    ).toEqual([
      // 32,022 × 116,011 / 232,022 = 16,011; 2,378 × 21,385 / 32,078 = 1,585.3 → 1,585.
      [String(kettle), 1, 116_011, 16_011, 'B'],
      [String(tea), 2, 21_385, 1_585, 'E'],
    ]);
    expect(source.byType.B).toEqual({ taxableCents: 116_011, taxCents: 16_011 });
    expect(source.byType.E).toEqual({ taxableCents: 21_385, taxCents: 1_585 });
    expect(source.byType.A).toEqual({ taxableCents: 0, taxCents: 0 });
    expect([source.totalCents, source.totalTaxCents]).toEqual([137_396, 17_596]);

    expect(await t.app.invoices.send()).toMatchObject({ sent: 1, failed: 0 });
    const [sent] = sentTo(note!.invoiceNo);
    expect(sent).toMatchObject({
      rcptTyCd: 'R',
      orgInvcNo: sale.invoiceNo,
      trdInvcNo: `R${orderId}-${note!.invoiceNo}`,
      rfdRsnCd: '06',
      rfdDt: expect.stringMatching(/^\d{14}$/),
      totItemCnt: 2,
      taxblAmtB: 1160.11,
      taxAmtB: 160.11,
      taxblAmtE: 213.85,
      taxAmtE: 15.85,
      taxblAmtA: 0,
      totTaxAmt: 175.96,
      totAmt: 1373.96,
      itemList: [
        expect.objectContaining({ qty: 1, prc: 1160.11, totAmt: 1160.11, taxAmt: 160.11 }),
        expect.objectContaining({ qty: 2, prc: 106.93, totAmt: 213.85, taxAmt: 15.85 }),
      ],
    });
    expect((await creditNotesOf(orderId))[0]).toMatchObject({ status: 'sent', resultCd: '000' });
  });

  it('with a share of an amount, then the rest, credit the sale invoice exactly', async () => {
    const sale = await saleOf(orderId);
    // An amount given back for the goods, naming no lines: shared among what is left of them.
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: boss.auth,
      payload: { amount: 50_000, reason: 'Scratched on arrival' },
    });
    expect(part.statusCode, part.body).toBe(202);
    expect(part.json()).toMatchObject({ kind: 'goods', status: 'confirmed' });
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1, failed: 0 });

    // The rest: the order moved to refunded gives back what the payment still holds.
    const rest = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      headers: boss.auth,
      payload: { status: 'refunded' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1, failed: 0 });

    const notes = await creditNotesOf(orderId);
    expect(notes.map((n) => [n.status, n.originalNo])).toEqual([
      ['sent', sale.invoiceNo],
      ['sent', sale.invoiceNo],
      ['sent', sale.invoiceNo],
    ]);
    expect(notes[1]!.source!.totalCents).toBe(50_000);
    expect(notes[2]!.source!.totalCents).toBe(294_900 - 137_396 - 50_000);
    const all = credited(notes.map((n) => n.source!));
    for (const line of sale.source!.lines) {
      expect(all.byKey(line.key)).toEqual({ amount: line.amountCents, tax: line.taxCents });
    }
    expect([all.total, all.tax]).toEqual([sale.source!.totalCents, sale.source!.totalTaxCents]);
    for (const type of TAX_TYPES) {
      const byType = notes.map((n) => n.source!.byType[type]);
      expect(sum(byType.map((b) => b.taxableCents))).toBe(sale.source!.byType[type].taxableCents);
      expect(sum(byType.map((b) => b.taxCents))).toBe(sale.source!.byType[type].taxCents);
    }
    // KRA holds the same: every note accepted, adding up to the sale it names.
    const atKra = notes.map((n) => sentTo(n.invoiceNo)[0]!);
    expect(sum(atKra.map((b) => Math.round(Number(b.totAmt) * 100)))).toBe(294_900);
  });

  it('is made once per refund, however often its confirmation is applied', async () => {
    const [first] = await creditNotesOf(orderId);
    const ids = (await itemsOf(orderId)).map((i) => i.id);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, first!.refundId!));
    const again = await t.db.transaction((tx) =>
      issueRefundCreditNote(tx, { ...row!, orderId, orderItemIds: ids }),
    );
    expect(again).toBe(first!.invoiceNo);
    expect(await creditNotesOf(orderId)).toHaveLength(3);
    // The database holds it too: a second credit note for one refund is refused.
    await expect(
      t.db.transaction(async (tx) => {
        const invoiceNo = await nextNumber(tx, '00');
        await tx.insert(invoices).values({
          orderId,
          kind: 'R',
          branch: '00',
          invoiceNo,
          originalNo: first!.originalNo,
          refundId: first!.refundId,
          source: first!.source,
        });
      }),
    ).rejects.toThrow();
  });

  it('lists on the receipt: the tax invoice, then each credit note, signed, in the PDF too', async () => {
    const sale = await saleOf(orderId);
    const notes = await creditNotesOf(orderId);
    const url = `/api/orders/${orderId}/receipts`;
    const res = await t.app.inject({ url, headers: buyer.auth });
    expect(res.statusCode, res.body).toBe(200);
    const { receipts } = res.json();
    expect(
      receipts.map((r: { kind: string; invoice_no: number }) => [r.kind, r.invoice_no]),
    ).toEqual([['S', sale.invoiceNo], ...notes.map((n) => ['R', n.invoiceNo])]);
    expect(receipts[1]).toMatchObject({
      kind: 'R',
      status: 'sent',
      original_invoice_no: sale.invoiceNo,
      items: [
        {
          name: `Taxed B 100000`,
          quantity: 1,
          unit_price: 116_011,
          amount: 116_011,
          tax_type: 'B',
        },
        { name: `Taxed E 9900`, quantity: 2, unit_price: 10_693, amount: 21_385, tax_type: 'E' },
      ],
      totals_by_type: [
        { tax_type: 'B', label: 'B: VAT 16%', taxable: 116_011, tax: 16_011 },
        { tax_type: 'E', label: 'E: VAT 8%', taxable: 21_385, tax: 1_585 },
      ],
      total: 137_396,
      total_tax: 17_596,
      control_unit: {
        sdc_id: kra.sdcId,
        signature: notes[0]!.receipt!.rcptSign,
        qr_svg: expect.stringMatching(/^<svg/),
      },
    });

    // One credit note by its number; a number that is not one of the order's credit notes: 404.
    const one = await t.app.inject({
      url: `/api/orders/${orderId}/receipt?kind=R&no=${notes[1]!.invoiceNo}`,
      headers: buyer.auth,
    });
    expect(one.json()).toMatchObject({ kind: 'R', invoice_no: notes[1]!.invoiceNo, total: 50_000 });
    const wrong = await t.app.inject({
      url: `/api/orders/${orderId}/receipt?kind=R&no=${sale.invoiceNo}`,
      headers: buyer.auth,
    });
    expect(wrong.statusCode).toBe(404);

    // The PDF: the tax invoice, then a page for each credit note; or one credit note alone.
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length;
    const whole = await t.app.inject({
      url: `/api/orders/${orderId}/receipt.pdf`,
      headers: buyer.auth,
    });
    expect(whole.statusCode).toBe(200);
    expect(pages(whole.rawPayload)).toBe(4);
    const single = await t.app.inject({
      url: `/api/orders/${orderId}/receipt.pdf?kind=R&no=${notes[2]!.invoiceNo}`,
      headers: buyer.auth,
    });
    expect(single.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${notes[2]!.invoiceNo}.pdf"`,
    );
    expect(pages(single.rawPayload)).toBe(1);

    // The admin may read them; another shopper may not know the order exists.
    expect((await t.app.inject({ url, headers: boss.auth })).statusCode).toBe(200);
    const other = await shopper(t.app);
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('what is never credited', () => {
  it('an overpayment given back has no credit note: it was never a sale', async () => {
    const shop = await mpesaShop();
    try {
      // The Paybill's URLs registered with the Daraja stand-in, as the start-up job does.
      await shop.t.app.registerPaymentProviders();
      const owner = await admin(shop.t.app, shop.t.db);
      const { who } = await readyToPay(shop.t.app, shop.t.db, 5, 2);
      const started = await shop.t.app.inject({
        method: 'POST',
        url: '/api/create-payment',
        headers: who.auth,
        payload: { method: 'mpesa_paybill' },
      });
      const orderId = started.json().order_id as number;
      // Ksh 2,500 paid for Ksh 2,378: Ksh 122 over, due back.
      await shop.daraja.state.payIn({ amount: 2500, billRef: String(orderId) });
      const [payment] = await shop.t.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId));
      expect(payment).toMatchObject({ refundDue: true, overpaidCents: 12_200 });
      const back = await shop.t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment!.id}/refund`,
        headers: owner.auth,
        payload: { reference: 'SKR4TT1Q2W' },
      });
      expect(back.statusCode, back.body).toBe(202);
      expect(back.json()).toMatchObject({ kind: 'money', amount: 12_200, status: 'confirmed' });
      const kinds = async () =>
        (await shop.t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).map(
          (i) => i.kind,
        );
      expect(await kinds()).toEqual(['S']);
      // The goods given back later are credited as usual.
      const goods = await shop.t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: owner.auth,
        payload: { amount: 10_000, reason: 'Dented', reference: 'CASH-0042' },
      });
      expect(goods.json()).toMatchObject({ kind: 'goods', status: 'confirmed' });
      expect((await kinds()).sort()).toEqual(['R', 'S']);
    } finally {
      await shop.close();
    }
  });

  it('two refunds of one order confirmed at once credit it once, not twice', async () => {
    const who = await shopper(t.app);
    const orderId = await buyAndPay(t.app, t.db, who, [[await taxed(70_000, 'B'), 2]]);
    const sale = await saleOf(orderId);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    // Each gives back the whole order (as when an order paid twice is refunded in full).
    const made = await t.db
      .insert(refunds)
      .values(
        [1, 2].map(() => ({
          orderId,
          paymentId: payment!.id,
          amountCents: sale.source!.totalCents,
          kind: 'goods',
          reason: 'Order refunded',
          method: 'manual',
          status: 'confirmed',
          requestKey: randomUUID(),
        })),
      )
      .returning();
    const ids = (await itemsOf(orderId)).map((i) => i.id);
    const numbers = await Promise.all(
      made.map((r) =>
        t.db.transaction((tx) => issueRefundCreditNote(tx, { ...r, orderId, orderItemIds: ids })),
      ),
    );
    expect(numbers.filter((n) => n !== null)).toHaveLength(1);
    const notes = await creditNotesOf(orderId);
    expect(notes.map((n) => n.source!.totalCents)).toEqual([sale.source!.totalCents]);
  });
});

describe('the eTIMS stand-in', () => {
  /** A credit note written straight into the queue, as a bug might write it. */
  async function forged(orderId: number, originalNo: number, source: InvoiceSource) {
    return t.db.transaction(async (tx) => {
      const invoiceNo = await nextNumber(tx, '00');
      await tx
        .insert(invoices)
        .values({ orderId, kind: 'R', branch: '00', invoiceNo, originalNo, source });
      return invoiceNo;
    });
  }
  const refusal = async (invoiceNo: number) => {
    const [row] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.invoiceNo, invoiceNo), eq(invoices.branch, '00')));
    return [row!.status, row!.resultCd, row!.resultMsg];
  };

  it('refuses credit notes that give back more than their invoice, or name none it signed', async () => {
    const who = await shopper(t.app);
    const orderId = await buyAndPay(t.app, t.db, who, [[await taxed(30_000, 'B'), 1]]);
    await t.app.invoices.send();
    const sale = await saleOf(orderId);
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: boss.auth,
      payload: { amount: 10_000, reason: 'Dented' },
    });
    expect(part.statusCode).toBe(202);
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1 });

    // The whole sale again, after part of it was credited: more than it sold.
    const twice = await forged(orderId, sale.invoiceNo, sale.source!);
    // A credit note of an invoice number KRA never signed.
    const stray = await forged(orderId, 999_999, sale.source!);
    expect(await t.app.invoices.send()).toMatchObject({ failed: 2 });
    expect(await refusal(twice)).toEqual([
      'failed',
      '910',
      `Request parameter error: the credit notes of invoice ${sale.invoiceNo} exceed it (total).`,
    ]);
    const [status, code, message] = await refusal(stray);
    expect([status, code]).toEqual(['failed', '910']);
    expect(message).toContain('orgInvcNo 999999 is not a sale invoice');
  });
});

describe('the built-in eTIMS sandbox, with VAT-inclusive prices', () => {
  it('signs a partial credit note and the receipt lists it', async () => {
    const s = await createTestApp({ PRICES_INCLUDE_VAT: 'true' });
    try {
      const owner = await admin(s.app, s.db);
      const buyer = await shopper(s.app);
      const lamp = await product(s.db, { priceCents: 116_000, stock: 5 });
      const orderId = await buyAndPay(s.app, s.db, buyer, [[lamp, 2]]);
      const part = await s.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refunds`,
        headers: owner.auth,
        payload: { amount: 58_000, reason: 'A shade was cracked' },
      });
      expect(part.json()).toMatchObject({ kind: 'goods', status: 'confirmed' });
      expect(await s.app.invoices.send()).toMatchObject({ sent: 2, failed: 0 });
      const { receipts } = (
        await s.app.inject({ url: `/api/orders/${orderId}/receipts`, headers: buyer.auth })
      ).json();
      expect(receipts).toHaveLength(2);
      // 2,320 + 50 delivery = 2,370, VAT contained: 326.90 → 327. Ksh 580 shared in proportion:
      // 567.76 of the lamps and 12.24 of delivery.
      expect(receipts[1]).toMatchObject({
        kind: 'R',
        status: 'sent',
        sandbox: true,
        total: 58_000,
        items: [
          { quantity: 2, amount: 56_776, tax_type: 'B' },
          { name: 'Delivery', quantity: 1, amount: 1_224, tax_type: 'B' },
        ],
        control_unit: {
          sdc_id: 'SANDBOX-CU-01',
          signature: expect.stringMatching(/^[0-9A-F]{16}$/),
        },
      });
      // The VAT in Ksh 580 is 80.00 at 16/116; the sale's one rounding (327 for 326.90) puts
      // 3 cents more into its share.
      expect(receipts[1].total_tax).toBe(8_003);
    } finally {
      await s.close();
    }
  });
});

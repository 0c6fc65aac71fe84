// Sending tax invoices to KRA's eTIMS (issue 23), against the eTIMS stand-in speaking the OSCU
// protocol: the device initialised once, items registered before their first sale, one invoice per
// paid order with the right totals per tax type, outages and refusals, credit notes, receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product } from '../../test/checkout-fixture.ts';
import { EtimsStandIn, etimsEnv } from '../../test/stand-ins/etims.ts';
import { etimsDevices, invoices } from './schema.ts';
import { products } from '../catalog/schema.ts';

let kra: EtimsStandIn;
let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  kra = await new EtimsStandIn().start();
  t = await createTestApp({
    ...etimsEnv(kra),
    ETIMS_TRADER_NAME: 'Duka Test Traders',
    // Long enough that a busy CI host's normal answers come in time; the slow answer is slower.
    ETIMS_TIMEOUT_MS: '1500',
  });
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await kra.stop();
});

const invoiceOf = async (orderId: number, kind = 'S') =>
  (await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).find(
    (i) => i.kind === kind,
  )!;
const sentTo = (invcNo: number) =>
  kra.callsTo('/saveTrnsSalesOsdc').filter((c) => (c.body as { invcNo: number }).invcNo === invcNo);
const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

async function taxed(priceCents: number, taxType: string) {
  const id = await product(t.db, {
    priceCents,
    stock: 50,
    title: `Taxed ${taxType} ${priceCents}`,
  });
  await t.db.update(products).set({ taxType }).where(eq(products.id, id));
  return id;
}

describe('sending invoices to eTIMS', () => {
  let firstOrder: number;
  let buyer: LoggedIn;
  let standard: number;
  let reduced: number;
  let exempt: number;

  it('initialises once, registers items before their first sale, sends the right totals', async () => {
    standard = await taxed(100_000, 'B');
    reduced = await taxed(9_900, 'E');
    exempt = await taxed(25_000, 'A');
    buyer = await shopper(t.app);
    firstOrder = await buyAndPay(t.app, t.db, buyer, [
      [standard, 2],
      [reduced, 3],
      [exempt, 1],
    ]);
    expect((await invoiceOf(firstOrder)).status).toBe('pending');

    expect(await t.app.invoices.send()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });

    expect(kra.callsTo('/selectInitOsdcInfo')).toHaveLength(1);
    const paths = kra.calls.map((c) => c.path).filter((p) => p !== '/oauth2/v1/generate');
    const firstSale = paths.indexOf('/saveTrnsSalesOsdc');
    // Three products and delivery registered, all before the invoice.
    expect(paths.slice(0, firstSale).filter((p) => p === '/saveItem')).toHaveLength(4);
    const sale = kra.callsTo('/saveTrnsSalesOsdc')[0]!;
    expect(sale.headers.cmckey).toBe(kra.cmcKey);
    expect(sale.headers.authorization).toMatch(/^Bearer /);

    const invoice = await invoiceOf(firstOrder);
    const body = sale.body as Record<string, number | string>;
    const order = (
      await t.app.inject({ url: `/api/order/${firstOrder}`, headers: buyer.auth })
    ).json();
    // 16 % of (2,000 + 50 delivery) = 328; 8 % of 297 = 23.76; exempt: VAT 352, rounded once.
    expect(order.vat).toBe(35_200);
    expect(body).toMatchObject({
      invcNo: invoice.invoiceNo,
      orgInvcNo: 0,
      rcptTyCd: 'S',
      pmtTyCd: '07',
      totItemCnt: 4,
      taxblAmtA: 250,
      taxAmtA: 0,
      taxRtB: 16,
      taxRtE: 8,
      totTaxAmt: 352,
      totAmt: order.order_total / 100,
    });
    expect(Number(body.taxAmtB) + Number(body.taxAmtE)).toBeCloseTo(352, 2);
    expect(invoice).toMatchObject({ status: 'sent', resultCd: '000', sandbox: false });
    expect(invoice.receipt).toMatchObject({ sdcId: kra.sdcId, rcptSign: expect.any(String) });

    // The communication key is kept sealed, never in clear.
    const [device] = await t.db.select().from(etimsDevices);
    expect(device!.cmcKeyEncrypted).toBeTruthy();
    expect(device!.cmcKeyEncrypted).not.toContain(kra.cmcKey);
  });

  it('registers nothing again and initialises nothing again, on another instance too', async () => {
    const items = kra.callsTo('/saveItem').length;
    const other = await secondInstance(t);
    try {
      const orderId = await buyAndPay(t.app, t.db, await shopper(t.app), [[standard, 1]]);
      expect(await other.invoices.send()).toMatchObject({ sent: 1 });
      expect((await invoiceOf(orderId)).status).toBe('sent');
    } finally {
      await other.close();
    }
    expect(kra.callsTo('/selectInitOsdcInfo')).toHaveLength(1);
    expect(kra.callsTo('/saveItem')).toHaveLength(items);
  });

  it('registers an item again when its tax type changed', async () => {
    await t.db.update(products).set({ taxType: 'C' }).where(eq(products.id, exempt));
    const orderId = await buyAndPay(t.app, t.db, await shopper(t.app), [[exempt, 1]]);
    const before = kra.callsTo('/saveItem').length;
    await t.app.invoices.send();
    const again = kra.callsTo('/saveItem').slice(before);
    expect(again.map((c) => (c.body as { taxTyCd: string }).taxTyCd)).toEqual(['C']);
    expect((await invoiceOf(orderId)).status).toBe('sent');
  });

  it('survives an outage, a timeout and an answer that is not JSON: one invoice, one number', async () => {
    const orderId = await buyAndPay(t.app, t.db, await shopper(t.app), [[standard, 1]]);
    const { invoiceNo } = await invoiceOf(orderId);

    kra.failNext = 1;
    expect(await t.app.invoices.send()).toMatchObject({ retrying: 1, sent: 0 });
    let row = await invoiceOf(orderId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('HTTP 500');
    // Not due again yet: nothing is sent before its back-off.
    expect(await t.app.invoices.send()).toMatchObject({ retrying: 0, sent: 0 });

    kra.htmlNext = 1;
    expect(await t.app.invoices.send({ now: later(1) })).toMatchObject({ retrying: 1 });
    expect((await invoiceOf(orderId)).lastError).toContain('not JSON');

    kra.delayMs = 3_000;
    expect(await t.app.invoices.send({ now: later(5) })).toMatchObject({ retrying: 1 });
    kra.delayMs = 0;
    expect((await invoiceOf(orderId)).lastError).toContain('in time');

    expect(await t.app.invoices.send({ now: later(30) })).toMatchObject({ sent: 1 });
    row = await invoiceOf(orderId);
    expect(row).toMatchObject({ status: 'sent', invoiceNo, lastError: null, attempts: 4 });
    // Every attempt carried the same number and the same figures; KRA kept exactly one.
    const attempts = sentTo(invoiceNo);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(attempts.map((c) => JSON.stringify(c.body))).size).toBe(1);
    expect(kra.invoices.has(invoiceNo)).toBe(true);
  });

  it("keeps KRA's refusal for the admin, who retries it with the same number", async () => {
    const orderId = await buyAndPay(t.app, t.db, await shopper(t.app), [[reduced, 1]]);
    const { id, invoiceNo } = await invoiceOf(orderId);
    kra.refuseNext = { resultCd: '899', resultMsg: 'taxAmtB does not add up.' };
    expect(await t.app.invoices.send()).toMatchObject({ failed: 1 });

    const failed = await t.app.inject({
      url: '/api/admin/invoices?status=failed',
      headers: boss.auth,
    });
    expect(failed.json().invoices).toEqual([
      expect.objectContaining({
        id,
        invoice_no: invoiceNo,
        status: 'failed',
        result_code: '899',
        result_message: 'taxAmtB does not add up.',
      }),
    ]);
    // A shopper may not see or retry invoices.
    const asShopper = await t.app.inject({ url: '/api/admin/invoices', headers: buyer.auth });
    expect(asShopper.statusCode).toBe(403);

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${id}/retry`,
      headers: boss.auth,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'sent', invoice_no: invoiceNo });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${id}/retry`,
      headers: boss.auth,
    });
    expect(again.statusCode).toBe(409);
  });

  it('never sends one invoice twice when two instances send at once', async () => {
    const orders = await Promise.all(
      Array.from({ length: 4 }, async () =>
        buyAndPay(t.app, t.db, await shopper(t.app), [[standard, 1]]),
      ),
    );
    const other = await secondInstance(t);
    kra.delayMs = 50;
    try {
      await Promise.all([t.app.invoices.send(), other.invoices.send(), t.app.invoices.send()]);
      await Promise.all([t.app.invoices.send(), other.invoices.send()]);
    } finally {
      kra.delayMs = 0;
      await other.close();
    }
    for (const orderId of orders) {
      const { invoiceNo, status } = await invoiceOf(orderId);
      expect(status).toBe('sent');
      expect(sentTo(invoiceNo)).toHaveLength(1);
    }
  });

  it('names a business buyer and carries its KRA PIN, on the invoice and its receipt', async () => {
    const business = await shopper(t.app);
    const orderId = await buyAndPay(t.app, t.db, business, [[standard, 1]], {
      kra_pin: ' p051234567x ',
      business_name: 'Jua Kali Traders Ltd',
    });
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1 });
    const [sent] = sentTo((await invoiceOf(orderId)).invoiceNo);
    expect(sent!.body).toMatchObject({
      custTin: 'P051234567X',
      custNm: 'Jua Kali Traders Ltd',
      receipt: { custTin: 'P051234567X' },
    });
    const receipt = await t.app.inject({
      url: `/api/orders/${orderId}/receipt`,
      headers: business.auth,
    });
    expect(receipt.json()).toMatchObject({
      customer_name: 'Jua Kali Traders Ltd',
      customer_pin: 'P051234567X',
    });
    const inBackOffice = await t.app.inject({
      url: `/api/admin/orders/${orderId}`,
      headers: boss.auth,
    });
    expect(inBackOffice.json().tax_invoice_for).toEqual({
      kra_pin: 'P051234567X',
      business_name: 'Jua Kali Traders Ltd',
    });
    // A shopper without a PIN: none sent, the shipping name as the customer.
    expect(sentTo((await invoiceOf(firstOrder)).invoiceNo)[0]!.body).toMatchObject({
      custTin: null,
      custNm: 'Wanjiru Kamau',
    });
  });

  it('sends an invoice that fell due within the current millisecond', async () => {
    // PostgreSQL keeps microseconds, a Date only milliseconds: lib/sql.ts dueBy.
    const orderId = await buyAndPay(t.app, t.db, await shopper(t.app), [[standard, 1]]);
    await t.db
      .update(invoices)
      .set({ nextAttemptAt: sql`'2026-11-26T10:50:00.123456Z'::timestamptz` })
      .where(eq(invoices.orderId, orderId));
    const sameMillisecond = () => new Date('2026-11-26T10:50:00.123Z');
    expect(await t.app.invoices.send({ now: sameMillisecond })).toMatchObject({ sent: 1 });
  });

  it('sends a refund as a credit note pointing to the original invoice', async () => {
    const refunded = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${firstOrder}`,
      headers: boss.auth,
      payload: { status: 'refunded' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await t.app.invoices.send()).toMatchObject({ sent: 1 });
    const sale = await invoiceOf(firstOrder, 'S');
    const credit = await invoiceOf(firstOrder, 'R');
    expect(credit).toMatchObject({ status: 'sent', originalNo: sale.invoiceNo });
    const [sent] = sentTo(credit.invoiceNo);
    const saleBody = sentTo(sale.invoiceNo)[0]!.body as Record<string, unknown>;
    expect(sent!.body).toMatchObject({
      rcptTyCd: 'R',
      orgInvcNo: sale.invoiceNo,
      rfdRsnCd: '06',
      totAmt: saleBody.totAmt,
      totTaxAmt: saleBody.totTaxAmt,
    });
  });
});

describe('receipts', () => {
  it('show the trader, the figures by tax type, the control unit and the QR address', async () => {
    const buyer = await shopper(t.app);
    const kettle = await taxed(150_000, 'B');
    const orderId = await buyAndPay(t.app, t.db, buyer, [[kettle, 1]]);
    const url = `/api/orders/${orderId}/receipt`;

    const pending = (await t.app.inject({ url, headers: buyer.auth })).json();
    expect(pending).toMatchObject({ status: 'pending', control_unit: null, sandbox: false });

    await t.app.invoices.send();
    const res = await t.app.inject({ url, headers: buyer.auth });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json();
    const { invoiceNo, receipt: unit } = await invoiceOf(orderId);
    expect(receipt).toMatchObject({
      order_id: orderId,
      kind: 'S',
      status: 'sent',
      trader_name: 'Duka Test Traders',
      pin: kra.device.tin,
      branch: '00',
      invoice_no: invoiceNo,
      items: [
        expect.objectContaining({ quantity: 1, tax_type: 'B', amount: 174_000 }),
        expect.objectContaining({ name: 'Delivery', tax_type: 'B', amount: 5_800 }),
      ],
      totals_by_type: [{ tax_type: 'B', label: 'B: VAT 16%', taxable: 179_800, tax: 24_800 }],
      total: 179_800,
      total_tax: 24_800,
      control_unit: {
        sdc_id: kra.sdcId,
        receipt_no: unit!.curRcptNo,
        internal_data: unit!.intrlData,
        signature: unit!.rcptSign,
        qr_url: `https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${kra.device.tin}00${unit!.rcptSign}`,
      },
    });
    expect(receipt.control_unit.qr_svg).toMatch(/^<svg[\s\S]*<path/);

    const pdf = await t.app.inject({
      url: `${url.replace('/receipt', '/receipt.pdf')}`,
      headers: buyer.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The admin may read it; another shopper and a stranger may not know it exists.
    expect((await t.app.inject({ url, headers: boss.auth })).statusCode).toBe(200);
    const other = await shopper(t.app);
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${url}.pdf`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    // No credit note until it is refunded.
    expect((await t.app.inject({ url: `${url}?kind=R`, headers: buyer.auth })).statusCode).toBe(
      404,
    );
  });

  it('report the device the shop uses', async () => {
    const res = await t.app.inject({ url: '/api/admin/invoices/device', headers: boss.auth });
    expect(res.json()).toMatchObject({
      mode: 'kra',
      pin: kra.device.tin,
      initialised: true,
      sdc_id: kra.sdcId,
    });
  });
});

describe('the built-in sandbox, with VAT-inclusive prices', () => {
  it('signs receipts marked as sandbox, with the VAT contained in the prices', async () => {
    const s = await createTestApp({ PRICES_INCLUDE_VAT: 'true' });
    try {
      const buyer = await shopper(s.app);
      const item = await product(s.db, { priceCents: 116_000, stock: 5 });
      const orderId = await buyAndPay(s.app, s.db, buyer, [[item, 1]]);
      expect(await s.app.invoices.send()).toMatchObject({ sent: 1 });
      const receipt = (
        await s.app.inject({ url: `/api/orders/${orderId}/receipt`, headers: buyer.auth })
      ).json();
      // 1,160 + 50 delivery, VAT contained: 1,210 × 16/116 = 166.90 → 167.
      expect(receipt).toMatchObject({
        status: 'sent',
        sandbox: true,
        total: 121_000,
        total_tax: 16_700,
        control_unit: {
          sdc_id: 'SANDBOX-CU-01',
          signature: expect.stringMatching(/^[0-9A-F]{16}$/),
        },
      });
      const device = (
        await s.app.inject({
          url: '/api/admin/invoices/device',
          headers: (await admin(s.app, s.db)).auth,
        })
      ).json();
      expect(device).toMatchObject({ mode: 'sandbox', initialised: true });
    } finally {
      await s.close();
    }
  });
});

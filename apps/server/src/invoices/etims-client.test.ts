// The eTIMS client against a stand-in that speaks KRA's OSCU protocol (test/stand-ins/etims.ts):
// the token with HTTP Basic, the headers, the device's initialisation, items and invoices, and
// every way the other side can fail read into an outcome, never thrown.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EtimsStandIn } from '../../test/stand-ins/etims.ts';
import { EtimsClient, type EtimsConfig } from './etims-client.ts';

const kra = new EtimsStandIn();
let config: EtimsConfig;
beforeAll(async () => {
  await kra.start();
  config = {
    apiBase: kra.baseUrl,
    tokenUrl: kra.tokenUrl,
    consumerKey: kra.credentials.consumerKey,
    consumerSecret: kra.credentials.consumerSecret,
    tin: kra.device.tin,
    bhfId: kra.device.bhfId,
    deviceSerial: kra.device.dvcSrlNo,
    // Long enough that a busy CI host's normal answers come in time; the slow answer is slower.
    timeoutMs: 1_500,
  };
});
afterAll(() => kra.stop());
beforeEach(() => {
  kra.failNext = 0;
  kra.htmlNext = 0;
  kra.delayMs = 0;
});

const item = {
  itemCd: 'KE1NTXU0000001',
  itemClsCd: '5020230201',
  itemTyCd: '1',
  itemNm: 'Blue kettle',
  orgnNatCd: 'KE',
  pkgUnitCd: 'NT',
  qtyUnitCd: 'U',
  taxTyCd: 'B',
  dftPrc: 1299,
  isrcAplcbYn: 'N',
  useYn: 'Y',
  regrId: 'duka',
  regrNm: 'Duka',
  modrId: 'duka',
  modrNm: 'Duka',
};

/** One line of 2 × Ksh 1,160 at B (VAT inside: 320), as eTIMS adds them up. */
function sale(invcNo: number, change: Record<string, unknown> = {}) {
  return {
    trdInvcNo: `DUKA-${invcNo}`,
    invcNo,
    orgInvcNo: 0,
    custNm: 'Wanjiru Kamau',
    salesTyCd: 'N',
    rcptTyCd: 'S',
    pmtTyCd: '06',
    salesSttsCd: '02',
    cfmDt: '20261124120000',
    salesDt: '20261124',
    totItemCnt: 1,
    taxblAmtA: 0,
    taxblAmtB: 2320,
    taxblAmtC: 0,
    taxblAmtD: 0,
    taxblAmtE: 0,
    taxRtA: 0,
    taxRtB: 16,
    taxRtC: 0,
    taxRtD: 0,
    taxRtE: 8,
    taxAmtA: 0,
    taxAmtB: 320,
    taxAmtC: 0,
    taxAmtD: 0,
    taxAmtE: 0,
    totTaxblAmt: 2320,
    totTaxAmt: 320,
    totAmt: 2320,
    prchrAcptcYn: 'N',
    itemList: [
      {
        itemSeq: 1,
        itemCd: 'KE1NTXU0000001',
        itemClsCd: '5020230201',
        itemNm: 'Blue kettle',
        pkgUnitCd: 'NT',
        pkg: 2,
        qtyUnitCd: 'U',
        qty: 2,
        prc: 1160,
        splyAmt: 2320,
        dcRt: 0,
        dcAmt: 0,
        taxTyCd: 'B',
        taxblAmt: 2320,
        taxAmt: 320,
        totAmt: 2320,
      },
    ],
    ...change,
  };
}

describe('the eTIMS client', () => {
  it('initialises the device with a Basic-auth token and the tin and bhfId headers, once', async () => {
    const client = new EtimsClient(config);
    const first = await client.initialise();
    expect(first).toMatchObject({ kind: 'ok', data: { sdcId: kra.sdcId } });
    const [token] = kra.callsTo('/oauth2/v1/generate');
    expect(token!.headers.authorization).toMatch(/^Basic /);
    const [init] = kra.callsTo('/selectInitOsdcInfo');
    expect(init!.headers).toMatchObject({ tin: kra.device.tin, bhfid: '00' });
    expect(init!.body).toEqual({ tin: kra.device.tin, bhfId: '00', dvcSrlNo: kra.device.dvcSrlNo });
    // Initialising again (another instance, a restart) gives the same details back.
    const again = await new EtimsClient(config).initialise();
    expect(again.kind === 'ok' && again.data.cmcKey).toBe(first.kind === 'ok' && first.data.cmcKey);
  });

  it('registers items and sends invoices with the communication key; KRA’s refusals come back with its message', async () => {
    const client = new EtimsClient(config);
    expect((await client.initialise()).kind).toBe('ok');
    // An invoice naming an item KRA does not know yet is refused.
    const early = await client.saveSale(sale(1));
    expect(early).toMatchObject({ kind: 'refused', resultCd: '921' });
    expect((await client.saveItem(item)).kind).toBe('ok');
    expect(kra.callsTo('/saveItem').at(-1)!.headers.cmckey).toMatch(/^CMC/);

    const sent = await client.saveSale(sale(1));
    expect(sent).toMatchObject({
      kind: 'ok',
      data: { curRcptNo: 1, rcptSign: expect.any(String) },
    });
    expect(sent.exchange.answer).toContain('"resultCd":"000"');
    // The same number twice, and figures that do not add up, are refused with KRA's words.
    expect(await client.saveSale(sale(1))).toMatchObject({ kind: 'refused', resultCd: '924' });
    const wrong = await client.saveSale(sale(2, { totTaxAmt: 300 }));
    expect(wrong).toMatchObject({ kind: 'refused', resultMsg: 'totTaxAmt does not add up.' });
    // Without initialisation there is no communication key.
    const stranger = await new EtimsClient(config).saveItem(item);
    expect(stranger).toMatchObject({ kind: 'refused', resultCd: '902' });
  });

  it('takes a discounted line whose supply less its discount is its total, and refuses one that is not', async () => {
    const client = new EtimsClient(config);
    expect((await client.initialise()).kind).toBe('ok');
    expect((await client.saveItem(item)).kind).toBe('ok');
    const line = sale(0).itemList[0]!;
    // 10 % off 2 × Ksh 1,160: Ksh 232 off, Ksh 2,088 paid with its Ksh 288 of VAT.
    const paid = { taxblAmtB: 2088, taxAmtB: 288, totTaxblAmt: 2088, totTaxAmt: 288, totAmt: 2088 };
    const discounted = { ...line, dcRt: 10, dcAmt: 232, taxblAmt: 2088, taxAmt: 288, totAmt: 2088 };
    expect(await client.saveSale(sale(10, { ...paid, itemList: [discounted] }))).toMatchObject({
      kind: 'ok',
    });
    // A discount the total does not take off, one that is not its rate, a supply not qty × prc.
    const wrong = [
      [{ ...line, dcRt: 10, dcAmt: 232 }, {}, 'Line 1: taxblAmt is not splyAmt less dcAmt.'],
      [{ ...discounted, dcRt: 5 }, paid, 'Line 1: dcAmt is not dcRt of splyAmt.'],
      [{ ...discounted, prc: 1200 }, paid, 'Line 1: splyAmt is not qty × prc.'],
      [{ ...discounted, totAmt: 2320 }, paid, 'Line 1: totAmt is not taxblAmt.'],
      [discounted, { ...paid, totTaxblAmt: 2320 }, 'totTaxblAmt does not add up.'],
    ] as const;
    for (const [n, [bad, totals, message]] of wrong.entries()) {
      expect(await client.saveSale(sale(11 + n, { ...totals, itemList: [bad] }))).toMatchObject({
        kind: 'refused',
        resultMsg: message,
      });
    }
  });

  it('reads an outage, a slow answer, a page that is not JSON and bad credentials as unavailable', async () => {
    const client = new EtimsClient(config);
    await client.initialise();
    kra.failNext = 1;
    expect(await client.saveItem(item)).toMatchObject({ kind: 'unavailable', reason: 'HTTP 500' });
    kra.htmlNext = 1;
    expect(await client.saveItem(item)).toMatchObject({
      kind: 'unavailable',
      reason: 'the answer is not JSON',
    });
    kra.delayMs = 3_000;
    expect(await client.saveItem(item)).toMatchObject({
      kind: 'unavailable',
      reason: 'eTIMS did not answer in time',
    });
    kra.delayMs = 0;
    const locked = await new EtimsClient({ ...config, consumerSecret: 'wrong' }).initialise();
    expect(locked.kind).toBe('unavailable');
    // After each failure the next call works: nothing is left broken.
    expect((await client.saveItem(item)).kind).toBe('ok');
  });
});

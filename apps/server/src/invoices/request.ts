// What is sent to eTIMS (issue 23), built from an invoice's frozen content: the item registration
// (saveItem) and the invoice itself (saveTrnsSalesOsdc), amounts in shillings as KRA states them.
import { TAX_RATES, TAX_TYPES, type InvoiceSource, type InvoiceSourceLine } from '@duka/domain';
import { DELIVERY_LINE_KEY, nairobiTimestamp } from '@duka/domain';

export interface Trader {
  tin: string;
  bhfId: string;
  name: string;
  /** KRA's item classification where neither the product nor its category has one. */
  defaultItemClass: string;
}

/** Goods are '2' (finished products), delivery '3' (a service), in KRA's item types. */
export const itemTypeOf = (key: string) => (key === DELIVERY_LINE_KEY ? '3' : '2');
const PACKAGING_UNIT = 'NT'; // KRA's "net": sold unpacked by the piece
const QUANTITY_UNIT = 'U'; // KRA's "pieces / item"
const REGISTRAR = { regrId: 'duka', regrNm: 'Duka', modrId: 'duka', modrNm: 'Duka' };
/** KRA's credit note reason 06: a refund (01–05 are missing, damaged or wasted goods). */
const REFUND_REASON = '06';

/**
 * KRA's item code: country, item type, packaging unit, quantity unit (two letters, as KRA's own
 * example KE1NTXU0000001 writes pieces), then a 7-digit sequence.
 */
export function itemCodeOf(key: string, sequence: number): string {
  const unit = QUANTITY_UNIT.padStart(2, 'X');
  return `KE${itemTypeOf(key)}${PACKAGING_UNIT}${unit}${String(sequence).padStart(7, '0')}`;
}

const shillings = (cents: number) => Math.round(cents) / 100;

/**
 * A line as eTIMS states it, VAT-inclusive: its supply (qty × prc) less its discount (dcAmt, at the
 * rate dcRt in percent, to two places) is its taxable amount and its total, what was paid for it.
 */
export function itemFigures(line: InvoiceSourceLine) {
  const discount = line.discountCents ?? 0;
  const supply = line.amountCents + discount;
  return {
    // Rounded to the cent; the supply and the amounts are exact.
    prc: shillings(supply / line.quantity),
    splyAmt: shillings(supply),
    dcRt: supply > 0 ? Math.round((discount * 10_000) / supply) / 100 : 0,
    dcAmt: shillings(discount),
    taxblAmt: shillings(line.amountCents),
    taxAmt: shillings(line.taxCents),
    totAmt: shillings(line.amountCents),
  };
}

export const classOf = (line: InvoiceSourceLine, trader: Trader) =>
  line.itemClassCode || trader.defaultItemClass;

export function itemRegistration(
  line: InvoiceSourceLine,
  itemCd: string,
  trader: Trader,
): Record<string, unknown> {
  return {
    itemCd,
    itemClsCd: classOf(line, trader),
    itemTyCd: itemTypeOf(line.key),
    itemNm: line.name,
    itemStdNm: null,
    orgnNatCd: 'KE',
    pkgUnitCd: PACKAGING_UNIT,
    qtyUnitCd: QUANTITY_UNIT,
    taxTyCd: line.taxType,
    btchNo: null,
    bcd: null,
    dftPrc: shillings(line.unitPriceCents),
    addInfo: null,
    sftyQty: null,
    isrcAplcbYn: 'N',
    useYn: 'Y',
    ...REGISTRAR,
  };
}

export interface InvoiceToSend {
  kind: 'S' | 'R';
  orderId: number;
  invoiceNo: number;
  originalNo: number | null;
  source: InvoiceSource;
}

export function saleRequest(
  invoice: InvoiceToSend,
  itemCodes: ReadonlyMap<string, string>,
  trader: Trader,
): Record<string, unknown> {
  const { source } = invoice;
  const at = nairobiTimestamp(new Date(source.at));
  const credit = invoice.kind === 'R';
  const perType: Record<string, number> = {};
  for (const type of TAX_TYPES) {
    perType[`taxblAmt${type}`] = shillings(source.byType[type].taxableCents);
    perType[`taxRt${type}`] = TAX_RATES[type];
    perType[`taxAmt${type}`] = shillings(source.byType[type].taxCents);
  }
  return {
    tin: trader.tin,
    bhfId: trader.bhfId,
    // The shop's own number of the document: an order has one sale but may have several credit
    // notes (one per refund), each named by its own number too.
    trdInvcNo: credit
      ? `R${invoice.orderId}-${invoice.invoiceNo}`
      : `${invoice.kind}${invoice.orderId}`,
    invcNo: invoice.invoiceNo,
    orgInvcNo: invoice.originalNo ?? 0,
    custTin: source.customerPin ?? null,
    custNm: source.customerName,
    salesTyCd: 'N',
    rcptTyCd: invoice.kind,
    pmtTyCd: source.paymentTypeCode,
    salesSttsCd: '02',
    cfmDt: at,
    salesDt: at.slice(0, 8),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? at : null,
    rfdRsnCd: credit ? REFUND_REASON : null,
    totItemCnt: source.lines.length,
    ...perType,
    totTaxblAmt: shillings(source.totalCents),
    totTaxAmt: shillings(source.totalTaxCents),
    totAmt: shillings(source.totalCents),
    prchrAcptcYn: 'N',
    remark: null,
    ...REGISTRAR,
    receipt: {
      custTin: source.customerPin ?? null,
      // The buyer's phone is optional to KRA, and not needed for the invoice: not sent.
      custMblNo: null,
      rptNo: null,
      rcptPbctDt: at,
      trdeNm: trader.name,
      adrs: null,
      topMsg: trader.name,
      btmMsg: 'Thank you for shopping with us.',
      prchrAcptcYn: 'N',
    },
    itemList: source.lines.map((line, i) => {
      const { prc, splyAmt, dcRt, dcAmt, taxblAmt, taxAmt, totAmt } = itemFigures(line);
      return {
        itemSeq: i + 1,
        itemCd: itemCodes.get(line.key),
        itemClsCd: classOf(line, trader),
        itemNm: line.name,
        bcd: null,
        pkgUnitCd: PACKAGING_UNIT,
        pkg: line.quantity,
        qtyUnitCd: QUANTITY_UNIT,
        qty: line.quantity,
        prc,
        splyAmt,
        dcRt,
        dcAmt,
        isrccCd: null,
        isrccNm: null,
        isrcRt: null,
        isrcAmt: null,
        taxTyCd: line.taxType,
        taxblAmt,
        taxAmt,
        totAmt,
      };
    }),
  };
}

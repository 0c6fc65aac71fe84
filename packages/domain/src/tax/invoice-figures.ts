// The figures of a tax invoice (issue 23), reproducing the order exactly. eTIMS states every line
// VAT-inclusive (taxblAmt = totAmt, taxAmt the VAT contained in it), while the order's VAT was
// worked out over all its lines at once and rounded once to the shilling (on top of the prices, or
// contained in them with PRICES_INCLUDE_VAT). So the order's VAT is shared among the lines in
// proportion to each line's exact VAT (largest remainder, in cents): the lines' taxes add up to the
// order's VAT and their amounts to the order's total, to the cent, whatever the mix of tax types.
import { DELIVERY_TAX_TYPE, TAX_RATES, TAX_TYPES, type TaxType } from './tax-types.ts';

export interface InvoiceLineInput {
  /** What the line is: a product's id as text, or 'delivery'. */
  key: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  taxType: TaxType;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  deliveryCents: number;
  pricesIncludeVat: boolean;
  /** The order's VAT, as the shopper was charged it. */
  vatCents: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  /** What the buyer pays for the line, VAT included. */
  amountCents: number;
  /** The VAT contained in `amountCents`. */
  taxCents: number;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  /** Per tax type: the VAT-inclusive amounts and the VAT in them. */
  byType: Record<TaxType, { taxableCents: number; taxCents: number }>;
  totalCents: number;
  totalTaxCents: number;
}

export const DELIVERY_LINE_KEY = 'delivery';

// 116 × 108 × 100: every rate's exact VAT, on top (rate / 100) or contained (rate / (100 + rate)),
// is a whole number of these parts of a cent, so the shares can be compared exactly.
const PARTS = 116n * 108n * 100n;

function exactVatParts(amountCents: number, taxType: TaxType, pricesIncludeVat: boolean): bigint {
  const rate = BigInt(TAX_RATES[taxType]);
  const amount = BigInt(amountCents);
  return pricesIncludeVat
    ? (amount * rate * PARTS) / (100n + rate)
    : (amount * rate * PARTS) / 100n;
}

/** `total` cents shared in proportion to `weights`, largest remainders first; sums to `total`. */
export function shareByWeight(total: number, weights: readonly bigint[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) {
    if (total !== 0) throw new RangeError(`cannot share ${total} cents over nothing taxed`);
    return weights.map(() => 0);
  }
  const t = BigInt(total);
  const shares = weights.map((w) => (t * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (t * w) % sum }));
  let left = total - shares.reduce((s, x) => s + Number(x), 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

export function invoiceFigures(input: InvoiceInput): InvoiceFigures {
  const lines: InvoiceLineInput[] = [...input.lines];
  if (input.deliveryCents > 0) {
    lines.push({
      key: DELIVERY_LINE_KEY,
      name: 'Delivery',
      unitPriceCents: input.deliveryCents,
      quantity: 1,
      taxType: DELIVERY_TAX_TYPE,
    });
  }
  const netOrGross = lines.map((l) => l.unitPriceCents * l.quantity);
  const taxes = shareByWeight(
    input.vatCents,
    lines.map((l, i) => exactVatParts(netOrGross[i]!, l.taxType, input.pricesIncludeVat)),
  );
  const withTax: InvoiceLine[] = lines.map((l, i) => ({
    ...l,
    amountCents: input.pricesIncludeVat ? netOrGross[i]! : netOrGross[i]! + taxes[i]!,
    taxCents: taxes[i]!,
  }));
  const byType = Object.fromEntries(
    TAX_TYPES.map((t) => [t, { taxableCents: 0, taxCents: 0 }]),
  ) as InvoiceFigures['byType'];
  for (const line of withTax) {
    byType[line.taxType].taxableCents += line.amountCents;
    byType[line.taxType].taxCents += line.taxCents;
  }
  return {
    lines: withTax,
    byType,
    totalCents: withTax.reduce((s, l) => s + l.amountCents, 0),
    totalTaxCents: input.vatCents,
  };
}

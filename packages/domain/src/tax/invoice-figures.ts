// The figures of a tax invoice (issue 23), reproducing the order exactly. eTIMS states every line
// VAT-inclusive (taxblAmt = totAmt, taxAmt the VAT contained in it), while the order's VAT was
// worked out over all its lines at once and rounded once to the shilling (on top of the prices, or
// contained in them with PRICES_INCLUDE_VAT). So the order's VAT is shared among the lines in
// proportion to each line's exact VAT (largest remainder, in cents): the lines' taxes add up to the
// order's VAT and their amounts to the order's total, to the cent, whatever the mix of tax types.
// Promotions (issue 36): a line is stated at what was paid for it, its discount beside it (eTIMS's
// dcAmt, VAT-inclusive like the line), and the VAT is shared on the discounted amounts.
import { DELIVERY_TAX_TYPE, TAX_RATES, TAX_TYPES, type TaxType } from './tax-types.ts';

export interface InvoiceLineInput {
  /** What the line is: a product's id as text, or 'delivery'. */
  key: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  taxType: TaxType;
  /** What promotions took off the whole line, as the order keeps it (VAT as its price has it). */
  discountCents?: number;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  /** The delivery fee, before its discount. */
  deliveryCents: number;
  /** What promotions took off delivery, at most the fee. */
  deliveryDiscountCents?: number;
  pricesIncludeVat: boolean;
  /** The order's VAT, as the shopper was charged it. */
  vatCents: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  /** What the buyer pays for the line, VAT included, after its discount. */
  amountCents: number;
  /** The VAT contained in `amountCents`. */
  taxCents: number;
  /** The line's discount as the invoice states it (dcAmt): VAT-inclusive, like `amountCents`. */
  statedDiscountCents: number;
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

/**
 * A discount as the invoice states it: VAT-inclusive like its line, so that the line's amount
 * before the discount is `amountCents + statedDiscountCents`. Prices without VAT: the discount with
 * its line's rate added, rounded half up to the cent.
 */
export function statedDiscount(
  discountCents: number,
  taxType: TaxType,
  pricesIncludeVat: boolean,
): number {
  if (pricesIncludeVat || discountCents <= 0) return Math.max(0, discountCents);
  const rate = BigInt(TAX_RATES[taxType]);
  return Number((2n * BigInt(discountCents) * (100n + rate) + 100n) / 200n);
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
      discountCents: input.deliveryDiscountCents ?? 0,
    });
  }
  // What each line came to after its discount (never below zero: none is more than its line).
  const netOrGross = lines.map((l) =>
    Math.max(0, l.unitPriceCents * l.quantity - (l.discountCents ?? 0)),
  );
  const taxes = shareByWeight(
    input.vatCents,
    lines.map((l, i) => exactVatParts(netOrGross[i]!, l.taxType, input.pricesIncludeVat)),
  );
  const withTax: InvoiceLine[] = lines.map((l, i) => ({
    ...l,
    amountCents: input.pricesIncludeVat ? netOrGross[i]! : netOrGross[i]! + taxes[i]!,
    taxCents: taxes[i]!,
    statedDiscountCents: statedDiscount(l.discountCents ?? 0, l.taxType, input.pricesIncludeVat),
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

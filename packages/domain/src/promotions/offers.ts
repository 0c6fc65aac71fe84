// What one promotion takes off the lines it applies to, or off delivery (issue 36). Each works on
// what is left of the lines (their shelf amounts, or less where a promotion already took some), so
// a promotion that stacks takes its share of what is left and a line never goes below zero.
import { displayPriceCents } from '../pricing/money.ts';
import { lcm, spread, wholeShillingsAtMost, type Spread } from './allocate.ts';
import type { PromotionLine, PromotionRule, PromotionTarget } from './engine-types.ts';

/** A cart line while the engine works: what it cost and what is left of it. */
export interface WorkLine {
  line: PromotionLine;
  shelfCents: number;
  remainingCents: number;
}

export interface ItemOutcome extends Spread {
  /** sale_price: the units at the sale price. */
  saleUnits: number;
}

const isEmpty = (t: PromotionTarget) =>
  t.productIds.length + t.variantIds.length + t.categories.length + t.brands.length === 0;

/** Whether a line is one the promotion is for. */
export function qualifies(rule: PromotionRule, line: PromotionLine): boolean {
  const target = rule.appliesTo;
  if (target === null || isEmpty(target)) return true;
  const brand = line.brand?.toLowerCase();
  return (
    target.productIds.includes(line.productId) ||
    (line.variantId !== null && target.variantIds.includes(line.variantId)) ||
    target.categories.includes(line.category) ||
    (brand !== undefined && target.brands.some((b) => b.toLowerCase() === brand))
  );
}

/** The sale price of a unit whose shelf price is `unitCents`; null when the sale gives nothing. */
export function saleUnitPriceCents(rule: PromotionRule, unitCents: number): number | null {
  if (rule.type !== 'sale_price') return null;
  const sale =
    rule.salePriceCents ?? displayPriceCents(unitCents, Math.min(rule.percentBp ?? 0, 10_000));
  return sale < unitCents ? sale : null;
}

/**
 * What an item promotion takes off `lines` (those it is for, in the engine's order). All of their
 * units count towards a buy X get Y; only the lines marked `discountable` may be given a discount.
 */
export function itemOffer(
  rule: PromotionRule,
  lines: readonly WorkLine[],
  discountable: readonly boolean[],
): ItemOutcome {
  const none = { amountCents: 0, shares: lines.map(() => 0), saleUnits: 0 };
  switch (rule.type) {
    case 'percent_off':
    case 'amount_off': {
      const bases = lines.map((l, i) => (discountable[i] ? BigInt(l.remainingCents) : 0n));
      const take =
        rule.type === 'percent_off'
          ? { percentBp: rule.percentBp }
          : { upToCents: rule.amountCents };
      return { ...spread({ bases, scale: 1n }, take), saleUnits: 0 };
    }
    case 'buy_x_get_y':
      return { ...buyXGetY(rule, lines, discountable), saleUnits: 0 };
    case 'sale_price':
      return sale(rule, lines, discountable);
    case 'free_delivery':
      return none;
  }
}

/**
 * For every buy + get units the shopper takes, `get` units are at get_percent off: the cheapest
 * discountable units of the lines (by what is left of a unit; equal ones in the engine's order).
 * Groups are made so that each holds the dearest units left and the cheapest, so the units off are
 * the cheapest overall, whatever the order of the lines.
 */
function buyXGetY(
  rule: Extract<PromotionRule, { type: 'buy_x_get_y' }>,
  lines: readonly WorkLine[],
  discountable: readonly boolean[],
): Spread {
  const units = lines.reduce((s, l) => s + l.line.quantity, 0);
  let free = Math.floor(units / (rule.buyQuantity + rule.getQuantity)) * rule.getQuantity;
  // Cheapest unit first: a/qa < b/qb compared as a·qb < b·qa, exactly.
  const order = lines
    .map((_, i) => i)
    .filter((i) => discountable[i])
    .sort((a, b) => {
      const la = lines[a]!;
      const lb = lines[b]!;
      const d =
        BigInt(la.remainingCents) * BigInt(lb.line.quantity) -
        BigInt(lb.remainingCents) * BigInt(la.line.quantity);
      return d < 0n ? -1 : d > 0n ? 1 : a - b;
    });
  const taken = lines.map(() => 0);
  for (const i of order) {
    if (free === 0) break;
    taken[i] = Math.min(free, lines[i]!.line.quantity);
    free -= taken[i]!;
  }
  // A line's base is the value left of its units taken: remaining × taken / quantity.
  const scale = lcm(lines.filter((_, i) => taken[i]! > 0).map((l) => l.line.quantity));
  const bases = lines.map((l, i) =>
    taken[i]! > 0
      ? (BigInt(l.remainingCents) * BigInt(taken[i]!) * scale) / BigInt(l.line.quantity)
      : 0n,
  );
  return spread({ bases, scale }, { percentBp: rule.getPercentBp });
}

/**
 * A sale price for the units of the lines, up to the cap left: the units that save most first
 * (equal ones in the engine's order); the others pay the shelf price. On what is left of a line a
 * sale takes the same fraction as off the shelf price.
 */
function sale(
  rule: Extract<PromotionRule, { type: 'sale_price' }>,
  lines: readonly WorkLine[],
  discountable: readonly boolean[],
): ItemOutcome {
  const saving = lines.map((l) => {
    const price = saleUnitPriceCents(rule, l.line.unitPriceCents);
    return price === null ? 0 : l.line.unitPriceCents - price;
  });
  const order = lines
    .map((_, i) => i)
    .filter((i) => discountable[i] && saving[i]! > 0)
    .sort((a, b) => saving[b]! - saving[a]! || a - b);
  let left = rule.capLeft ?? Number.POSITIVE_INFINITY;
  const units = lines.map(() => 0);
  for (const i of order) {
    if (left <= 0) break;
    units[i] = Math.min(left, lines[i]!.line.quantity);
    left -= units[i]!;
  }
  // base = remaining × units × saving / (quantity × unit price): exactly units × saving on a
  // line nothing else took from.
  const whole = lines.map((l) => l.line.quantity * l.line.unitPriceCents);
  const scale = lcm(whole.filter((_, i) => units[i]! > 0));
  const bases = lines.map((l, i) =>
    units[i]! > 0
      ? (BigInt(l.remainingCents) * BigInt(units[i]!) * BigInt(saving[i]!) * scale) /
        BigInt(whole[i]!)
      : 0n,
  );
  const out = spread({ bases, scale }, { all: true });
  return { ...out, saleUnits: out.amountCents > 0 ? units.reduce((s, u) => s + u, 0) : 0 };
}

/** What a delivery promotion takes off what is left of the fee, for delivery to `countyCode`. */
export function deliveryOffer(
  rule: PromotionRule,
  feeLeftCents: number,
  countyCode: string | null,
): number {
  if (rule.type !== 'free_delivery') return 0;
  const counties = rule.counties ?? [];
  if (counties.length > 0 && (countyCode === null || !counties.includes(countyCode))) return 0;
  const most = wholeShillingsAtMost(feeLeftCents);
  return Math.min(wholeShillingsAtMost(rule.amountCents ?? most), most);
}

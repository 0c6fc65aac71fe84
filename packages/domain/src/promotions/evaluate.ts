// A cart's discounts (issue 36), worked out from its lines, its delivery and the live promotions.
// Pure and deterministic: the same cart gives the same discounts whatever the order of its lines
// or of the promotions. How promotions combine (the issue leaves the details open):
// - Automatic promotions, plus at most one code. A code applies on top of the automatic ones
//   (its `combinable` flag changes nothing; `exclusive` is how a code is kept apart).
// - Each line gets the best of the automatic promotions that do not combine (the one that takes
//   most off it on its own); those marked combinable then stack, each taking its share of what
//   is left; the code comes last, on what is left. Delivery likewise: the best automatic offer,
//   then the combinable ones, then the code. Kinds apply in the order sale price, buy X get Y,
//   percentage, amount, so that a fixed amount off is taken whole where it can be.
// - An exclusive promotion applies alone: the shopper gets whichever takes off more, it alone or
//   everything else (a tie goes to the option with the code the shopper typed).
// - Nothing goes below zero: no line gives more than is left of it, delivery no more than its fee.
import { normaliseCouponCode } from './coupon-code.ts';
import { refusalOf } from './eligibility.ts';
import { deliveryOffer, itemOffer, qualifies, type ItemOutcome, type WorkLine } from './offers.ts';
import type {
  PromotionDelivery,
  CartDiscountInput,
  CartDiscounts,
  CouponOutcome,
  LineDiscount,
  PromotionRule,
  PromotionType,
} from './engine-types.ts';

const KIND_ORDER: Record<PromotionType, number> = {
  sale_price: 0,
  buy_x_get_y: 1,
  percent_off: 2,
  amount_off: 3,
  free_delivery: 4,
};
const byKindThenId = (a: PromotionRule, b: PromotionRule) =>
  KIND_ORDER[a.type] - KIND_ORDER[b.type] || a.id - b.id;

/** What one promotion took in an option: its amount and, for items, each line's part by index. */
interface Taken {
  rule: PromotionRule;
  target: 'items' | 'delivery';
  amountCents: number;
  saleUnits: number;
  shares: Map<number, number>;
}

interface Outcome {
  taken: Taken[];
  totalCents: number;
  couponCents: number;
}

/** One way of combining promotions: `autos` in the engine's order, and the code or none. */
function runOption(
  shelf: readonly WorkLine[],
  delivery: PromotionDelivery,
  autos: readonly PromotionRule[],
  coupon: PromotionRule | null,
): Outcome {
  const work = shelf.map((l) => ({ ...l, remainingCents: l.shelfCents }));
  const taken: Taken[] = [];
  const qualifying = (rule: PromotionRule) =>
    work.map((_, i) => i).filter((i) => qualifies(rule, work[i]!.line));
  const offer = (rule: PromotionRule, lines: number[], discountable: (i: number) => boolean) =>
    itemOffer(
      rule,
      lines.map((i) => work[i]!),
      lines.map((i) => discountable(i)),
    );
  const takeItems = (rule: PromotionRule, lines: number[], outcome: ItemOutcome) => {
    const shares = new Map<number, number>();
    lines.forEach((i, k) => {
      const share = outcome.shares[k]!;
      if (share === 0) return;
      work[i]!.remainingCents -= share;
      shares.set(i, share);
    });
    if (outcome.amountCents > 0) {
      const { amountCents, saleUnits } = outcome;
      taken.push({ rule, target: 'items', amountCents, saleUnits, shares });
    }
    return shares;
  };

  const items = autos.filter((r) => r.type !== 'free_delivery');
  // 1. The promotions that do not combine compete for each line, each on its own: a line goes to
  // the one that takes most off it (the first in the engine's order on a tie). Each then applies
  // to the lines it won, and to lines nobody won that no other has taken since (a buy X get Y
  // counts every unit it is for, but gives its discount only there).
  const rivals = items.filter((r) => !r.combinable);
  const rivalLines = rivals.map(qualifying);
  const winner = work.map(() => -1);
  const best = work.map(() => 0);
  rivals.forEach((rule, j) => {
    const alone = offer(rule, rivalLines[j]!, () => true);
    rivalLines[j]!.forEach((i, k) => {
      if (alone.shares[k]! > best[i]!) {
        best[i] = alone.shares[k]!;
        winner[i] = j;
      }
    });
  });
  const claimed = work.map(() => false);
  rivals.forEach((rule, j) => {
    const lines = rivalLines[j]!;
    const outcome = offer(rule, lines, (i) => winner[i] === j || (winner[i] === -1 && !claimed[i]));
    for (const i of takeItems(rule, lines, outcome).keys()) claimed[i] = true;
  });
  // 2. Those that combine stack, each on what is left.
  for (const rule of items.filter((r) => r.combinable)) {
    const lines = qualifying(rule);
    takeItems(
      rule,
      lines,
      offer(rule, lines, () => true),
    );
  }
  // 3. The code, on what is left.
  let couponCents = 0;
  if (coupon && coupon.type !== 'free_delivery') {
    const lines = qualifying(coupon);
    const outcome = offer(coupon, lines, () => true);
    takeItems(coupon, lines, outcome);
    couponCents = outcome.amountCents;
  }

  // Delivery: the best automatic offer that does not combine, those that do, then the code.
  let feeLeft = delivery.feeCents;
  const takeDelivery = (rule: PromotionRule, amountCents: number) => {
    if (amountCents <= 0) return 0;
    feeLeft -= amountCents;
    taken.push({ rule, target: 'delivery', amountCents, saleUnits: 0, shares: new Map() });
    return amountCents;
  };
  const deliveries = autos.filter((r) => r.type === 'free_delivery');
  let bestRule: PromotionRule | null = null;
  let bestCents = 0;
  for (const rule of deliveries.filter((r) => !r.combinable)) {
    const cents = deliveryOffer(rule, feeLeft, delivery.countyCode);
    if (cents > bestCents) [bestRule, bestCents] = [rule, cents];
  }
  if (bestRule) takeDelivery(bestRule, bestCents);
  for (const rule of deliveries.filter((r) => r.combinable)) {
    takeDelivery(rule, deliveryOffer(rule, feeLeft, delivery.countyCode));
  }
  if (coupon?.type === 'free_delivery') {
    couponCents = takeDelivery(coupon, deliveryOffer(coupon, feeLeft, delivery.countyCode));
  }

  return { taken, totalCents: taken.reduce((s, t) => s + t.amountCents, 0), couponCents };
}

const isWholeCents = (n: number) => Number.isSafeInteger(n) && n >= 0;

function checkInput(input: CartDiscountInput): void {
  const keys = new Set<string>();
  for (const line of input.lines) {
    if (keys.has(line.key)) throw new RangeError(`two cart lines have the key ${line.key}`);
    keys.add(line.key);
    if (!isWholeCents(line.unitPriceCents)) {
      throw new RangeError(`unit price must be whole cents, got ${line.unitPriceCents}`);
    }
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`quantity must be a whole number of at least 1, got ${line.quantity}`);
    }
  }
  if (!isWholeCents(input.delivery.feeCents)) {
    throw new RangeError(`delivery fee must be whole cents, got ${input.delivery.feeCents}`);
  }
  for (const rule of input.promotions) {
    const numbers: number[] = [rule.minOrderCents];
    if (rule.type === 'percent_off') numbers.push(rule.percentBp, 10_000 - rule.percentBp);
    if (rule.type === 'amount_off') numbers.push(rule.amountCents);
    if (rule.type === 'free_delivery' && rule.amountCents !== null) numbers.push(rule.amountCents);
    if (rule.type === 'buy_x_get_y') {
      numbers.push(rule.buyQuantity - 1, rule.getQuantity - 1, rule.getPercentBp);
      numbers.push(10_000 - rule.getPercentBp);
    }
    if (rule.type === 'sale_price') {
      if (rule.salePriceCents !== null) numbers.push(rule.salePriceCents);
      if (rule.percentBp !== null) numbers.push(rule.percentBp, 10_000 - rule.percentBp);
      if (rule.capLeft !== null) numbers.push(Math.max(0, rule.capLeft));
    }
    if (!numbers.every(isWholeCents)) {
      throw new RangeError(`promotion ${rule.id} has a figure out of range`);
    }
  }
}

export function evaluatePromotions(input: CartDiscountInput): CartDiscounts {
  checkInput(input);
  const { context, delivery } = input;
  // The engine's order is by key, so that nothing depends on the order the lines came in (a tie
  // between two equal lines always goes the same way).
  const order = input.lines
    .map((_, i) => i)
    .sort((a, b) => {
      const [ka, kb] = [input.lines[a]!.key, input.lines[b]!.key];
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  const lines: WorkLine[] = order.map((i) => {
    const line = input.lines[i]!;
    const shelfCents = line.unitPriceCents * line.quantity;
    return { line, shelfCents, remainingCents: shelfCents };
  });
  const itemsCents = lines.reduce((s, l) => s + l.shelfCents, 0);
  const rules = [...input.promotions].sort(byKindThenId);
  const autos = rules.filter((r) => r.code === null && refusalOf(r, itemsCents, context) === null);

  let coupon: PromotionRule | null = null;
  let couponOutcome: CouponOutcome | null = null;
  if (input.couponCode !== null) {
    const code = normaliseCouponCode(input.couponCode);
    const found = rules
      .filter((r) => code !== null && r.code !== null && r.code.toUpperCase() === code)
      .sort((a, b) => a.id - b.id)[0];
    couponOutcome = found
      ? refusalOf(found, itemsCents, context)
      : { status: 'refused', reason: 'invalid' };
    if (found && couponOutcome === null) coupon = found;
  }

  const options: { autos: PromotionRule[]; coupon: PromotionRule | null }[] = [];
  if (coupon?.exclusive) options.push({ autos: [], coupon });
  options.push({
    autos: autos.filter((r) => !r.exclusive),
    coupon: coupon && !coupon.exclusive ? coupon : null,
  });
  for (const rule of autos.filter((r) => r.exclusive))
    options.push({ autos: [rule], coupon: null });
  let chosen = runOption(lines, delivery, options[0]!.autos, options[0]!.coupon);
  for (const option of options.slice(1)) {
    const outcome = runOption(lines, delivery, option.autos, option.coupon);
    if (outcome.totalCents > chosen.totalCents) chosen = outcome;
  }

  if (coupon) {
    if (chosen.couponCents > 0) {
      couponOutcome = { status: 'applied', promotionId: coupon.id, code: coupon.code! };
    } else {
      // Given nothing: it would have on its own (the other promotions are better), or it cannot.
      const alone = runOption(lines, delivery, [], coupon).couponCents;
      couponOutcome = { status: 'refused', reason: alone > 0 ? 'better_offer' : 'not_applicable' };
    }
  }

  const lineDiscounts: LineDiscount[] = new Array(lines.length);
  lines.forEach((l, c) => {
    const promotions = chosen.taken
      .filter((t) => t.shares.has(c))
      .map((t) => ({ promotionId: t.rule.id, amountCents: t.shares.get(c)! }));
    const discountCents = promotions.reduce((s, p) => s + p.amountCents, 0);
    lineDiscounts[order[c]!] = {
      key: l.line.key,
      taxType: l.line.taxType,
      quantity: l.line.quantity,
      amountCents: l.shelfCents,
      discountCents,
      paidCents: l.shelfCents - discountCents,
      promotions,
    };
  });
  const sumOf = (target: 'items' | 'delivery') =>
    chosen.taken.filter((t) => t.target === target).reduce((s, t) => s + t.amountCents, 0);
  return {
    lines: lineDiscounts,
    applied: chosen.taken.map((t) => ({
      promotionId: t.rule.id,
      name: t.rule.name,
      code: t.rule.code,
      amountCents: t.amountCents,
      target: t.target,
      ...(t.rule.type === 'sale_price' ? { saleUnits: t.saleUnits } : {}),
    })),
    itemsDiscountCents: sumOf('items'),
    deliveryDiscountCents: sumOf('delivery'),
    coupon: couponOutcome,
  };
}

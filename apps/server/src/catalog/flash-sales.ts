// The flash sales product cards and pages show (issue 36): `sale_price` promotions running now,
// read through promotions/ (livePromotions, uses counted) at most once per refresh interval per
// instance and shared by every request, so a page of cards costs no query of its own. Starts and
// ends are checked at each request against the clock: the set read also holds the sales that
// start within the interval, so a sale starts and ends on time whatever the interval; only a
// cap used up or an admin's edit waits for the next read. Checkout never reads this: it prices
// with the engine on the promotions as they are (checkout/discounts.ts).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { displayPriceCents, saleUnitPriceCents, type PromotionRule } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { livePromotions } from '../promotions/live.ts';
import { products, productVariants } from './schema.ts';

export type SaleRule = Extract<PromotionRule, { type: 'sale_price' }>;

/** What a card, a page or a variant says of its sale: both absent when none is on. */
export interface FlashSaleFields {
  sale_price?: number;
  sale_ends_at?: string;
}

/** A sale at this price, and the sale that gives it. */
interface BestSale {
  priceCents: number;
  rule: SaleRule;
}

/**
 * A sale shown in the catalogue is one every shopper gets without doing anything: automatic, no
 * minimum order, not for first orders only, its cap and its uses not used up. (A per-customer
 * limit does not hide it: the catalogue is the same for everyone, and most have not used it.)
 */
export function showsInCatalogue(rule: PromotionRule): rule is SaleRule {
  return (
    rule.type === 'sale_price' &&
    rule.code === null &&
    rule.minOrderCents === 0 &&
    !rule.firstOrderOnly &&
    rule.usesLeft !== 0 &&
    rule.capLeft !== 0
  );
}

const runsAt = (rule: SaleRule, now: number) =>
  (rule.startsAt === null || rule.startsAt.getTime() <= now) &&
  (rule.endsAt === null || rule.endsAt.getTime() > now);

/** The lowest price these sales give a unit whose price is `unitCents` at `now`; null: none. */
function bestOf(rules: readonly SaleRule[], unitCents: number, now: number): BestSale | null {
  let best: BestSale | null = null;
  for (const rule of rules) {
    if (!runsAt(rule, now)) continue;
    const priceCents = saleUnitPriceCents(rule, unitCents);
    if (priceCents === null) continue;
    // The lower price wins; of two equal ones, the one ending first (it is the one to hurry for).
    const better =
      best === null ||
      priceCents < best.priceCents ||
      (priceCents === best.priceCents && endOf(rule) < endOf(best.rule));
    if (better) best = { priceCents, rule };
  }
  return best;
}

const endOf = (rule: SaleRule) => rule.endsAt?.getTime() ?? Number.POSITIVE_INFINITY;

function fieldsOf(best: BestSale | null): FlashSaleFields {
  if (best === null) return {};
  return best.rule.endsAt === null
    ? { sale_price: best.priceCents }
    : { sale_price: best.priceCents, sale_ends_at: best.rule.endsAt.toISOString() };
}

/** The sales as read, indexed for cards and pages. */
export class SaleSet {
  static readonly EMPTY = new SaleSet([], new Map(), new Map());

  /** Sales of whole products (every variant), by product. */
  private readonly ofProduct = new Map<number, SaleRule[]>();
  /** Sales of single variants, by variant. */
  private readonly ofVariant = new Map<number, SaleRule[]>();
  /** By product, the variant sales of the variants priced as its card (the cheapest). */
  private readonly ofCard = new Map<number, SaleRule[]>();

  /**
   * `variants`: each variant a sale names, with its product and whether it is priced as the
   * product's card; `cardCents`: the card prices of the products sales name, as read.
   */
  constructor(
    rules: readonly SaleRule[],
    variants: ReadonlyMap<number, { productId: number; pricedAsCard: boolean }>,
    private readonly cardCents: ReadonlyMap<number, number>,
  ) {
    const add = (map: Map<number, SaleRule[]>, id: number, rule: SaleRule) => {
      const list = map.get(id);
      if (list) list.push(rule);
      else map.set(id, [rule]);
    };
    for (const rule of rules) {
      for (const id of new Set(rule.appliesTo?.productIds ?? [])) add(this.ofProduct, id, rule);
      for (const id of new Set(rule.appliesTo?.variantIds ?? [])) {
        const variant = variants.get(id);
        if (!variant) continue; // removed or archived since
        add(this.ofVariant, id, rule);
        if (variant.pricedAsCard) add(this.ofCard, variant.productId, rule);
      }
    }
  }

  /** The sales of a product's card; a card price is its cheapest variant's. */
  private cardRules(productId: number): readonly SaleRule[] {
    const whole = this.ofProduct.get(productId);
    const variants = this.ofCard.get(productId);
    if (!variants) return whole ?? [];
    return whole ? [...whole, ...variants] : variants;
  }

  /** A card's (or a product page's) sale: what it gives the card's price, `cardCents`. */
  card(productId: number, cardCents: number, now: number): FlashSaleFields {
    const rules = this.cardRules(productId);
    return rules.length === 0 ? {} : fieldsOf(bestOf(rules, cardCents, now));
  }

  /** A variant's sale: its product's sales and its own, on its price `unitCents`. */
  variant(productId: number, variantId: number, unitCents: number, now: number): FlashSaleFields {
    const whole = this.ofProduct.get(productId) ?? [];
    const own = this.ofVariant.get(variantId) ?? [];
    if (whole.length + own.length === 0) return {};
    return fieldsOf(bestOf([...whole, ...own], unitCents, now));
  }

  /** The products whose cards show a sale at `now`, by id (Weekly Offers lists them first). */
  productsOnSale(now: number): number[] {
    const ids = new Set([...this.ofProduct.keys(), ...this.ofCard.keys()]);
    return [...ids]
      .filter((id) => {
        const cents = this.cardCents.get(id);
        return cents !== undefined && bestOf(this.cardRules(id), cents, now) !== null;
      })
      .sort((a, b) => a - b);
  }

  /** Whether any sale is held (none: nothing to look up for a page). */
  get isEmpty(): boolean {
    return this.ofProduct.size === 0 && this.ofVariant.size === 0;
  }
}

/** The card price (display price) of a card row or a product row: its cheapest variant's. */
export const cardCentsOf = (row: { priceCents: number; discountBp: number }) =>
  displayPriceCents(row.priceCents, row.discountBp);

/** Reads the sales running now or starting within `aheadMs`, with the prices they need. */
async function readSales(db: Db, now: Date, aheadMs: number): Promise<SaleSet> {
  const [running, starting] = await Promise.all([
    livePromotions(db, now),
    aheadMs > 0 ? livePromotions(db, new Date(now.getTime() + aheadMs)) : [],
  ]);
  const byId = new Map<number, SaleRule>();
  for (const rule of [...running, ...starting]) {
    if (showsInCatalogue(rule) && !byId.has(rule.id)) byId.set(rule.id, rule);
  }
  const rules = [...byId.values()];
  if (rules.length === 0) return SaleSet.EMPTY;
  const productIds = [...new Set(rules.flatMap((r) => r.appliesTo?.productIds ?? []))];
  const variantIds = [...new Set(rules.flatMap((r) => r.appliesTo?.variantIds ?? []))];
  const variantRows =
    variantIds.length === 0
      ? []
      : await db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            variantCents: productVariants.salePriceCents,
            cardCents: products.salePriceCents,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(inArray(productVariants.id, variantIds), isNull(productVariants.archivedAt)));
  const named = [...new Set([...productIds, ...variantRows.map((v) => v.productId)])];
  const cardRows =
    named.length === 0
      ? []
      : await db
          .select({ id: products.id, cents: products.salePriceCents })
          .from(products)
          .where(inArray(products.id, named));
  return new SaleSet(
    rules,
    new Map(
      variantRows.map((v) => [
        v.id,
        { productId: v.productId, pricedAsCard: v.variantCents === v.cardCents },
      ]),
    ),
    new Map(cardRows.map((r) => [r.id, r.cents])),
  );
}

/** One instance's flash sales: read at most once per `refreshMs`, one read at a time. */
export class FlashSales {
  private held: { set: SaleSet; until: number } | null = null;
  private reading: Promise<SaleSet> | null = null;

  constructor(
    private readonly db: Db,
    private readonly refreshMs: number,
  ) {}

  /** The sales to show at `now`: those held if read less than the interval ago. */
  async at(now: Date): Promise<SaleSet> {
    if (this.held && now.getTime() < this.held.until) return this.held.set;
    if (!this.reading) {
      const until = now.getTime() + this.refreshMs;
      this.reading = readSales(this.db, now, this.refreshMs).then(
        (set) => {
          this.held = { set, until };
          this.reading = null;
          return set;
        },
        (err: unknown) => {
          this.reading = null;
          throw err;
        },
      );
    }
    return this.reading;
  }
}

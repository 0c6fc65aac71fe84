// A promotion's row read and written as the admin API speaks (whole shillings, percentages,
// instants on Nairobi's clock): one place for the conversion, both ways. The engine's rule is made
// from the same reading (promotionRuleOf), so the API and checkout never disagree about a row.
import {
  basisPointsToPercent,
  nairobiIso,
  percentToBasisPoints,
  shillingsToCents,
  type Promotion,
  type PromotionInput,
  type PromotionType,
} from '@duka/domain';
import type { promotions, StoredTargets } from './schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;
type Columns = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** Its uses (made or reserved), and the paid orders with it and what they came to. */
export interface PromotionFigures {
  uses: number;
  orders: number;
  revenueCents: number;
}

/** The kinds whose `value` is a percentage; for the others it is shillings. */
const PERCENT_VALUE: readonly PromotionType[] = ['percent_off', 'sale_price'];

const cents = (shillings: number | null | undefined) =>
  shillings === null || shillings === undefined ? null : shillingsToCents(shillings);
const bp = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? null : percentToBasisPoints(percent);
const shillings = (c: number | null) => (c === null ? null : c / 100);
const percent = (b: number | null) => (b === null ? null : basisPointsToPercent(b));

export function targetsOf(given: NonNullable<PromotionInput['applies_to']>): StoredTargets {
  return {
    product_ids: given.product_ids ?? [],
    variant_ids: given.variant_ids ?? [],
    categories: given.categories ?? [],
    brands: given.brands ?? [],
  };
}

/** The columns of a whole promotion (every one: a change rewrites the row as it now reads). */
export function columnsOf(p: PromotionInput): Columns {
  const value = p.value ?? null;
  const isPercent = PERCENT_VALUE.includes(p.type);
  return {
    name: p.name,
    code: p.code ?? null,
    type: p.type,
    percentBp: isPercent ? bp(value) : null,
    amountCents: isPercent ? null : cents(value),
    appliesTo: p.applies_to ? targetsOf(p.applies_to) : null,
    counties: p.counties ?? null,
    buyQuantity: p.buy_quantity ?? null,
    getQuantity: p.get_quantity ?? null,
    getPercentBp: bp(p.get_percent),
    salePriceCents: cents(p.sale_price),
    quantityCap: p.quantity_cap ?? null,
    minOrderCents: cents(p.min_order),
    startsAt: p.starts_at ?? null,
    endsAt: p.ends_at ?? null,
    usageLimit: p.usage_limit ?? null,
    perCustomerLimit: p.per_customer_limit ?? null,
    firstOrderOnly: p.first_order_only,
    exclusive: p.exclusive,
    combinable: p.combinable,
  };
}

/** The row as the admin API takes it: what a change is merged into and checked as. */
export function inputOf(row: PromotionRow): PromotionInput {
  return {
    name: row.name,
    code: row.code,
    type: row.type as PromotionType,
    value: row.percentBp !== null ? percent(row.percentBp) : shillings(row.amountCents),
    applies_to: row.appliesTo,
    counties: row.counties as PromotionInput['counties'],
    buy_quantity: row.buyQuantity,
    get_quantity: row.getQuantity,
    get_percent: percent(row.getPercentBp),
    sale_price: shillings(row.salePriceCents),
    quantity_cap: row.quantityCap,
    min_order: shillings(row.minOrderCents),
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    first_order_only: row.firstOrderOnly,
    exclusive: row.exclusive,
    combinable: row.combinable,
  };
}

/** The row as GET /api/admin/promotions lists it, with its figures. */
export function promotionView(row: PromotionRow, figures: PromotionFigures): Promotion {
  const p = inputOf(row);
  return {
    id: row.id,
    name: p.name,
    code: p.code ?? null,
    type: p.type,
    value: p.value ?? null,
    applies_to: row.appliesTo,
    counties: row.counties,
    buy_quantity: row.buyQuantity,
    get_quantity: row.getQuantity,
    get_percent: p.get_percent ?? null,
    sale_price: p.sale_price ?? null,
    quantity_cap: row.quantityCap,
    min_order: p.min_order ?? null,
    starts_at: row.startsAt && nairobiIso(row.startsAt),
    ends_at: row.endsAt && nairobiIso(row.endsAt),
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    first_order_only: row.firstOrderOnly,
    exclusive: row.exclusive,
    combinable: row.combinable,
    uses: figures.uses,
    orders: figures.orders,
    revenue: Math.round(figures.revenueCents / 100),
  };
}

/** What the audit log keeps of a promotion: its terms, not its timestamps. */
export const auditedFields = ({
  createdAt: _c,
  updatedAt: _u,
  deletedAt: _d,
  ...fields
}: PromotionRow) => fields;

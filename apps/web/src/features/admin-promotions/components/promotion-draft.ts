// The promotion form's values as typed (text, so nothing is lost or rounded while editing) and the
// body the admin API takes, both ways. Each kind keeps its own fields, so switching the kind back
// and forth loses nothing; only the chosen kind's fields are sent, the others as null (a PATCH
// clears them). The body is checked with the shared schema before it goes, with the server's own
// messages at the same field names; the server checks it again, and the catalogue.
import type { Promotion, PromotionType } from '@duka/domain';
import { PROMOTION_EDIT_MESSAGES as M } from '@duka/domain/promotions/messages';
import { promotionInputSchema } from '@duka/domain/promotions/schemas';
import {
  instantToNairobiLocal,
  nairobiIso,
  nairobiLocalToInstant,
} from '@duka/domain/promotions/times';

export interface PromotionDraft {
  name: string;
  code: string;
  type: PromotionType;
  percentOff: string;
  amountOff: string;
  /** free_delivery: Ksh off the fee; empty: all of it. */
  deliveryOff: string;
  /** free_delivery: every county, or those in `counties`. */
  allCounties: boolean;
  counties: string[];
  buyQuantity: string;
  getQuantity: string;
  getPercent: string;
  saleBy: 'price' | 'percent';
  salePrice: string;
  salePercent: string;
  quantityCap: string;
  /** Ids as typed, separated by commas or spaces. */
  productIds: string;
  variantIds: string;
  categories: string[];
  brands: string[];
  minOrder: string;
  /** datetime-local values on Nairobi's clock: '2026-11-27T09:00'. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  exclusive: boolean;
  combinable: boolean;
}

export const EMPTY_DRAFT: PromotionDraft = {
  name: '',
  code: '',
  type: 'percent_off',
  percentOff: '',
  amountOff: '',
  deliveryOff: '',
  allCounties: true,
  counties: [],
  buyQuantity: '',
  getQuantity: '',
  getPercent: '100',
  saleBy: 'price',
  salePrice: '',
  salePercent: '',
  quantityCap: '',
  productIds: '',
  variantIds: '',
  categories: [],
  brands: [],
  minOrder: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  exclusive: false,
  combinable: false,
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const local = (iso: string | null) => (iso ? instantToNairobiLocal(new Date(iso)) : '');

/** A promotion as the form shows it. */
export function draftOf(p: Promotion): PromotionDraft {
  const value = text(p.value);
  return {
    ...EMPTY_DRAFT,
    name: p.name,
    code: p.code ?? '',
    type: p.type,
    percentOff: p.type === 'percent_off' ? value : '',
    amountOff: p.type === 'amount_off' ? value : '',
    deliveryOff: p.type === 'free_delivery' ? value : '',
    allCounties: !p.counties?.length,
    counties: p.counties ?? [],
    buyQuantity: text(p.buy_quantity),
    getQuantity: text(p.get_quantity),
    getPercent: p.type === 'buy_x_get_y' ? text(p.get_percent) : EMPTY_DRAFT.getPercent,
    saleBy: p.type === 'sale_price' && p.sale_price === null ? 'percent' : 'price',
    salePrice: text(p.sale_price),
    salePercent: p.type === 'sale_price' ? value : '',
    quantityCap: text(p.quantity_cap),
    productIds: p.applies_to?.product_ids.join(', ') ?? '',
    variantIds: p.applies_to?.variant_ids.join(', ') ?? '',
    categories: p.applies_to?.categories ?? [],
    brands: p.applies_to?.brands ?? [],
    minOrder: p.min_order ? String(p.min_order) : '',
    startsAt: local(p.starts_at),
    endsAt: local(p.ends_at),
    usageLimit: text(p.usage_limit),
    perCustomerLimit: text(p.per_customer_limit),
    firstOrderOnly: p.first_order_only,
    exclusive: p.exclusive,
    combinable: p.combinable,
  };
}

/** The ids typed into a list field: '12, 15 31' → [12, 15, 31]. */
export function idsOf(typed: string): number[] | null {
  const parts = typed.split(/[\s,]+/).filter(Boolean);
  if (!parts.every((part) => /^\d{1,9}$/.test(part) && Number(part) > 0)) return null;
  return [...new Set(parts.map(Number))];
}

export type PromotionBody = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

/** The body for POST or PATCH, or what is wrong with the draft, at the API's field names. */
export function bodyOf(d: PromotionDraft): { body: PromotionBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  // A number as typed ('1,500' too); empty is none; anything else is said at its field.
  const num = (field: string, typed: string): number | null => {
    const clean = typed.replace(/[,\s]/g, '');
    if (clean === '') return null;
    const n = Number(clean);
    if (!/^-?\d+(\.\d+)?$/.test(clean) || !Number.isFinite(n)) errors[field] ??= M.number;
    return n;
  };
  const instant = (field: string, typed: string): string | null => {
    if (typed.trim() === '') return null;
    const at = nairobiLocalToInstant(typed);
    if (!at) errors[field] ??= 'Enter a date and time.';
    return at && nairobiIso(at);
  };
  const ids = (field: string, typed: string, message: string): number[] => {
    const list = idsOf(typed);
    if (!list) errors[field] ??= message;
    return list ?? [];
  };

  const t = d.type;
  const value =
    t === 'percent_off'
      ? num('value', d.percentOff)
      : t === 'amount_off'
        ? num('value', d.amountOff)
        : t === 'free_delivery'
          ? num('value', d.deliveryOff)
          : t === 'sale_price' && d.saleBy === 'percent'
            ? num('value', d.salePercent)
            : null;
  const forLines = t !== 'free_delivery';
  const byProduct = forLines && t === 'sale_price';
  const target = {
    product_ids: forLines ? ids('applies_to.product_ids', d.productIds, M.productIds) : [],
    variant_ids: forLines ? ids('applies_to.variant_ids', d.variantIds, M.variantIds) : [],
    categories: forLines && !byProduct ? d.categories : [],
    brands: forLines && !byProduct ? d.brands : [],
  };
  const targeted = Object.values(target).some((list) => list.length > 0);
  const deal = t === 'buy_x_get_y';
  const sale = t === 'sale_price';
  const code = d.code.trim() === '' ? null : d.code.trim();
  const body: PromotionBody = {
    name: d.name,
    code,
    type: t,
    value,
    applies_to: targeted ? target : null,
    counties: t === 'free_delivery' && !d.allCounties ? d.counties : null,
    buy_quantity: deal ? num('buy_quantity', d.buyQuantity) : null,
    get_quantity: deal ? num('get_quantity', d.getQuantity) : null,
    get_percent: deal ? num('get_percent', d.getPercent) : null,
    sale_price: sale && d.saleBy === 'price' ? num('sale_price', d.salePrice) : null,
    quantity_cap: sale ? num('quantity_cap', d.quantityCap) : null,
    min_order: num('min_order', d.minOrder),
    starts_at: instant('starts_at', d.startsAt),
    ends_at: instant('ends_at', d.endsAt),
    usage_limit: num('usage_limit', d.usageLimit),
    per_customer_limit: num('per_customer_limit', d.perCustomerLimit),
    first_order_only: d.firstOrderOnly,
    exclusive: d.exclusive,
    // Only automatic promotions stack on each other (a code always comes on top of them).
    combinable: code === null && d.combinable,
  };
  if (Object.keys(errors).length > 0) return { errors };
  const checked = promotionInputSchema.safeParse(body);
  if (checked.success) return { body };
  for (const issue of checked.error.issues) {
    errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  }
  return { errors };
}

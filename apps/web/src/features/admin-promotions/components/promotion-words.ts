// How the Promotions screen says what a promotion is (issue 36): what it gives ('Buy 2 get 1
// free'), on what and on which terms, when it runs on Nairobi's clock, and whether it is running.
import type { Promotion, PromotionType } from '@duka/domain';
import { countyName } from '@duka/domain/delivery/counties';
import { formatNairobiDateTime } from '@duka/domain/common/nairobi-time';
import { formatKsh } from '@duka/domain/pricing/money';

/** The kinds of promotion as the form's choice names them. */
export const TYPE_LABELS: Record<PromotionType, string> = {
  percent_off: 'Percentage off',
  amount_off: 'Amount off',
  free_delivery: 'Free or cheaper delivery',
  buy_x_get_y: 'Buy X get Y',
  sale_price: 'Sale price (flash sale)',
};

/** Whole shillings as the shop writes them: 'Ksh 1,500'. */
export const shillings = (ksh: number) => formatKsh(ksh * 100);
const percent = (value: number | null) => `${value ?? 0}%`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What it gives, in words: '10% off', 'Ksh 500 off', 'Free delivery', 'Buy 2 get 1 free'. */
export function offerWords(p: Promotion): string {
  switch (p.type) {
    case 'percent_off':
      return `${percent(p.value)} off`;
    case 'amount_off':
      return `${shillings(p.value ?? 0)} off`;
    case 'free_delivery':
      return p.value === null ? 'Free delivery' : `${shillings(p.value)} off delivery`;
    case 'buy_x_get_y': {
      const deal = `Buy ${p.buy_quantity ?? 0} get ${p.get_quantity ?? 0}`;
      return p.get_percent === null || p.get_percent >= 100
        ? `${deal} free`
        : `${deal} at ${percent(p.get_percent)} off`;
    }
    case 'sale_price':
      return p.sale_price !== null
        ? `Sale price ${shillings(p.sale_price)}`
        : `Sale: ${percent(p.value)} off`;
  }
}

/** What it is for and on which terms: 'On 2 products · Orders of Ksh 2,000 or more'. */
export function termsWords(p: Promotion): string[] {
  const terms: string[] = [];
  const to = p.applies_to;
  const on = [
    to?.product_ids.length && plural(to.product_ids.length, 'product'),
    to?.variant_ids.length && plural(to.variant_ids.length, 'variant'),
    to?.categories.length && plural(to.categories.length, 'category', 'categories'),
    to?.brands.length && plural(to.brands.length, 'brand'),
  ].filter(Boolean);
  if (on.length > 0) terms.push(`On ${on.join(', ')}`);
  if (p.type === 'free_delivery' && p.counties?.length) {
    const names = p.counties.map((code) => countyName(code) ?? code);
    terms.push(
      names.length <= 3
        ? `In ${names.join(', ')}`
        : `In ${plural(names.length, 'county', 'counties')}`,
    );
  }
  if (p.quantity_cap !== null) terms.push(`First ${plural(p.quantity_cap, 'unit')}`);
  if (p.min_order) terms.push(`Orders of ${shillings(p.min_order)} or more`);
  if (p.first_order_only) terms.push('First order only');
  if (p.per_customer_limit !== null) terms.push(`${p.per_customer_limit} per customer`);
  if (p.exclusive) terms.push('Exclusive');
  if (p.combinable) terms.push('Combines');
  return terms;
}

/** When it runs, on Nairobi's clock: '27 Nov 2026, 09:00 – 30 Nov 2026, 23:59'. */
export function whenWords(p: Pick<Promotion, 'starts_at' | 'ends_at'>): string {
  const { starts_at: start, ends_at: end } = p;
  if (start && end) return `${formatNairobiDateTime(start)} – ${formatNairobiDateTime(end)}`;
  if (start) return `From ${formatNairobiDateTime(start)}`;
  if (end) return `Until ${formatNairobiDateTime(end)}`;
  return 'No end date';
}

export type PromotionStatus = 'Scheduled' | 'Live' | 'Ended' | 'Used up';

/**
 * Whether it is running at `now`. A live one whose uses (made or reserved) reached its limit is
 * 'Used up': shoppers are told so, though a reserved use comes back if its order is not paid.
 */
export function statusOf(
  p: Pick<Promotion, 'starts_at' | 'ends_at' | 'usage_limit' | 'uses'>,
  now: Date,
): PromotionStatus {
  if (p.starts_at && Date.parse(p.starts_at) > now.getTime()) return 'Scheduled';
  if (p.ends_at && Date.parse(p.ends_at) <= now.getTime()) return 'Ended';
  if (p.usage_limit !== null && p.uses >= p.usage_limit) return 'Used up';
  return 'Live';
}

/** Its uses, against its limit when it has one: '3 of 100'. */
export function usesWords(p: Pick<Promotion, 'uses' | 'usage_limit'>): string {
  return p.usage_limit === null ? String(p.uses) : `${p.uses} of ${p.usage_limit}`;
}

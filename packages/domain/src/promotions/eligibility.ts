// Whether a promotion may apply to this order at all (issue 36): its dates, its uses, the
// shopper's uses, first order only, the minimum order. A code that fails says why; an automatic
// promotion that fails is simply left out.
import type { CouponOutcome, PromotionContext, PromotionRule } from './engine-types.ts';

export type Refused = Extract<CouponOutcome, { status: 'refused' }>;

/**
 * Why the promotion cannot apply, checked in this order; null when it may. `itemsCents` is the
 * items at shelf prices: before delivery, and before any promotion (so one promotion never decides
 * whether another's minimum is met).
 */
export function refusalOf(
  rule: PromotionRule,
  itemsCents: number,
  context: PromotionContext,
): Refused | null {
  const now = context.now.getTime();
  if (rule.startsAt !== null && now < rule.startsAt.getTime()) {
    return { status: 'refused', reason: 'not_started' };
  }
  if (rule.endsAt !== null && now >= rule.endsAt.getTime()) {
    return { status: 'refused', reason: 'expired' };
  }
  if (rule.usesLeft !== null && rule.usesLeft <= 0) return { status: 'refused', reason: 'used_up' };
  if (rule.customerUsesLeft !== null && rule.customerUsesLeft <= 0) {
    return { status: 'refused', reason: 'used' };
  }
  if (rule.firstOrderOnly && !context.isFirstOrder) {
    return { status: 'refused', reason: 'first_order' };
  }
  if (itemsCents < rule.minOrderCents) {
    return { status: 'refused', reason: 'min_order', minOrderCents: rule.minOrderCents };
  }
  return null;
}

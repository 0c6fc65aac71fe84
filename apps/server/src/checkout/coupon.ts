// The shopper's coupon code (issue 36): tried against the cart, kept on it when it applies,
// refused in plain words when it does not. Wrong codes are counted per account and per address
// in the shared limits store, before the code is looked at, so guessing is slow on any number of
// server processes; a code that names a promotion (even one refused for the cart) is given back.
import { COUPON_MESSAGES, couponInputSchema, type CheckoutSummary } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { removeCartCoupon, setCartCoupon } from '../cart/coupon.ts';
import { unprocessable } from '../lib/http-error.ts';
import type { Limits } from '../limits/plugin.ts';
import { tooMany } from '../limits/plugin.ts';
import { summary } from './service.ts';

export interface CouponDeps {
  db: Db;
  limits: Limits;
}

/** The cart's summary with the code applied; a 422 with why not, or a 429 after too many wrong. */
export async function applyCoupon(
  deps: CouponDeps,
  userId: number,
  body: unknown,
  address: string,
): Promise<CheckoutSummary> {
  const { limiter, rules } = deps.limits;
  const account = String(userId);
  for (const [rule, key] of [
    [rules.couponAddress, address],
    [rules.couponAccount, account],
  ] as const) {
    const verdict = await limiter.consume(rule, key);
    if (!verdict.allowed) throw tooMany(COUPON_MESSAGES.tooManyTries, verdict.retryAfterSeconds);
  }
  // Read here rather than by the route's schema: a code that cannot be one (empty, too long, a
  // control character, another shop's syntax) is 'This code is not valid.', a 422 like any other.
  const parsed = couponInputSchema.safeParse(body);
  if (!parsed.success) throw unprocessable(COUPON_MESSAGES.invalid, 'COUPON_REFUSED');
  const { code } = parsed.data;
  const tried = await summary(deps.db, userId, new Date(), code);
  const refusal = tried.coupon?.message ?? null;
  if (refusal !== COUPON_MESSAGES.invalid) {
    // A real code: not a guess, so it does not count.
    await Promise.all([
      limiter.refund(rules.couponAddress, address),
      limiter.refund(rules.couponAccount, account),
    ]);
  }
  if (refusal !== null) throw unprocessable(refusal, 'COUPON_REFUSED');
  await setCartCoupon(deps.db, userId, code);
  return tried;
}

/** The cart without its code; nothing to remove is no error. */
export async function removeCoupon(db: Db, userId: number): Promise<CheckoutSummary> {
  await removeCartCoupon(db, userId);
  return summary(db, userId);
}

// The coupon code a shopper's cart carries (issue 36): set when the shopper applies it, read by the
// cart's and checkout's summaries and by the order, removed by the shopper.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { cartCoupons } from './schema.ts';

export async function cartCouponOf(db: Db | Tx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: cartCoupons.code })
    .from(cartCoupons)
    .where(eq(cartCoupons.userId, userId));
  return row?.code ?? null;
}

/** `code` normalised (upper case); one per cart, the last applied wins. */
export async function setCartCoupon(db: Db | Tx, userId: number, code: string): Promise<void> {
  await db
    .insert(cartCoupons)
    .values({ userId, code })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { code, updatedAt: sql`now()` } });
}

export async function removeCartCoupon(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}

// A person's cart and wishlist, for their data export and erasure.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { cartCoupons, cartItems, wishlistItems } from './schema.ts';
import { cartOf, wishlistOf } from './repo.ts';

export async function cartAndWishlistOf(db: Db, userId: number) {
  // The export lists what is in the cart; the per-order cap plays no part in it.
  const [cart, wishlist] = await Promise.all([
    cartOf(db, userId, Number.MAX_SAFE_INTEGER),
    wishlistOf(db, userId),
  ]);
  return {
    cart: cart.map((l) => ({ product_id: l.product_id, title: l.title, quantity: l.quantity })),
    wishlist: wishlist.map((l) => ({ product_id: l.product_id, title: l.title })),
  };
}

export async function forgetCartAndWishlist(tx: Tx, userId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}

// Cart and wishlist use cases. The shopper is always the one of the token; prices come from the
// catalogue; a product lives in the cart or the wishlist, never both.
import { and, eq } from 'drizzle-orm';
import {
  CART_MESSAGES,
  QUANTITY_CAP_CODE,
  quantityCapMessage,
  type CartLineFromServer,
  type WishlistLine,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { cartItems, wishlistItems } from '../db/schema.ts';
import { conflict, notFound, unprocessable } from '../lib/http-error.ts';
import { cartOf, lockShopper, productStock, wishlistOf } from './repo.ts';

/** The product's stock; 404 when there is no such product. */
async function stockOf(tx: Tx, productId: number): Promise<number> {
  const stock = await productStock(tx, productId);
  if (stock === undefined) throw notFound(`The product ${productId}`);
  return stock;
}

/** A line above the per-line cap is refused wherever it is met: in the cart and at checkout. */
export function assertWithinCap(quantity: number, maxUnitsPerLine: number): void {
  if (quantity > maxUnitsPerLine) {
    throw unprocessable(quantityCapMessage(maxUnitsPerLine), QUANTITY_CAP_CODE);
  }
}

/** The quantity fits the stock and the cap; past them, the tighter of the two is what is told. */
function assertAllowed(stock: number, quantity: number, maxUnitsPerLine: number): void {
  if (stock === 0) throw unprocessable('This product is out of stock.', 'OUT_OF_STOCK');
  if (quantity > stock && stock < maxUnitsPerLine) {
    throw unprocessable(`Only ${stock} left in stock.`, 'NOT_ENOUGH_STOCK');
  }
  assertWithinCap(quantity, maxUnitsPerLine);
}

export async function addToCart(
  db: Db,
  userId: number,
  productId: number,
  quantity: number,
  maxUnitsPerLine: number,
): Promise<CartLineFromServer> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const stock = await stockOf(tx, productId);
    const inserted = await tx
      .insert(cartItems)
      .values({ userId, productId, quantity })
      .onConflictDoNothing()
      .returning({ id: cartItems.id });
    // "Already in your cart" says more than a stock complaint about a line that exists.
    if (inserted.length === 0) throw conflict(CART_MESSAGES.alreadyInCart, 'ALREADY_IN_CART');
    assertAllowed(stock, quantity, maxUnitsPerLine); // throwing here rolls the insert back
    await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return (await cartOf(tx, userId, maxUnitsPerLine, productId))[0]!;
  });
}

export async function setCartQuantity(
  db: Db,
  userId: number,
  productId: number,
  quantity: number,
  maxUnitsPerLine: number,
): Promise<CartLineFromServer> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const stock = await stockOf(tx, productId);
    const updated = await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
      .returning({ id: cartItems.id });
    if (updated.length === 0) throw notFound('This product in your cart');
    assertAllowed(stock, quantity, maxUnitsPerLine); // throwing here rolls the update back
    return (await cartOf(tx, userId, maxUnitsPerLine, productId))[0]!;
  });
}

export async function removeFromCart(db: Db, userId: number, productId: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound('This product in your cart');
}

export async function addToWishlist(
  db: Db,
  userId: number,
  productId: number,
): Promise<WishlistLine> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    await stockOf(tx, productId);
    const inserted = await tx
      .insert(wishlistItems)
      .values({ userId, productId })
      .onConflictDoNothing()
      .returning({ id: wishlistItems.id });
    if (inserted.length === 0)
      throw conflict(CART_MESSAGES.alreadyInWishlist, 'ALREADY_IN_WISHLIST');
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    return (await wishlistOf(tx, userId, productId))[0]!;
  });
}

export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<void> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('This product in your wishlist');
}

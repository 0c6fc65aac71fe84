// Cart and wishlist use cases. The shopper is always the one of the token; prices come from the
// catalogue; a product lives in the cart or the wishlist, never both. A cart line is one variant
// (issue 21): the same shoe in two sizes is two lines.
import { and, eq } from 'drizzle-orm';
import {
  CART_MESSAGES,
  chooseOptionMessage,
  VARIANT_MESSAGES,
  QUANTITY_CAP_CODE,
  quantityCapMessage,
  type CartLineFromServer,
  type WishlistLine,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { cartItems, wishlistItems } from './schema.ts';
import { badRequest, conflict, notFound, unprocessable } from '../lib/http-error.ts';
import { cartOf, firstOptionName, lockShopper, variantsOnSale, wishlistOf } from './repo.ts';

/**
 * The variant meant: the one named, which must be on sale for this product, or the product's only
 * one. 404 when there is no such product; 400 at `variant_id` when the shopper must choose.
 */
async function variantOf(
  tx: Tx,
  productId: number,
  variantId: number | undefined,
): Promise<{ id: number; stock: number }> {
  const variants = await variantsOnSale(tx, productId);
  if (variants.length === 0) throw notFound(`The product ${productId}`);
  if (variantId === undefined) {
    if (variants.length === 1) return variants[0]!;
    const message = chooseOptionMessage(await firstOptionName(tx, productId));
    throw badRequest(message, { variant_id: message });
  }
  const variant = variants.find((v) => v.id === variantId);
  if (!variant) {
    throw badRequest(VARIANT_MESSAGES.notOfProduct, { variant_id: VARIANT_MESSAGES.notOfProduct });
  }
  return variant;
}

/** The shopper's one line of this product, or the one of the variant named. */
async function lineOf(tx: Tx, userId: number, productId: number, variantId: number | undefined) {
  const lines = await tx
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    );
  if (lines.length === 0) throw notFound('This product in your cart');
  if (lines.length > 1) {
    throw badRequest(VARIANT_MESSAGES.severalLines, { variant_id: VARIANT_MESSAGES.severalLines });
  }
  return lines[0]!.variantId;
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

export interface CartChoice {
  productId: number;
  /** Required when the product has more than one variant. */
  variantId?: number | undefined;
}

export async function addToCart(
  db: Db,
  userId: number,
  { productId, variantId }: CartChoice,
  quantity: number,
  maxUnitsPerLine: number,
): Promise<CartLineFromServer> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const variant = await variantOf(tx, productId, variantId);
    const inserted = await tx
      .insert(cartItems)
      .values({ userId, productId, variantId: variant.id, quantity })
      .onConflictDoNothing()
      .returning({ id: cartItems.id });
    // "Already in your cart" says more than a stock complaint about a line that exists.
    if (inserted.length === 0) throw conflict(CART_MESSAGES.alreadyInCart, 'ALREADY_IN_CART');
    assertAllowed(variant.stock, quantity, maxUnitsPerLine); // throwing rolls the insert back
    await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return (await cartOf(tx, userId, maxUnitsPerLine, variant.id))[0]!;
  });
}

/** A line's new quantity; the line is the product's only one, or the variant named. */
export async function setCartQuantity(
  db: Db,
  userId: number,
  { productId, variantId }: CartChoice,
  quantity: number,
  maxUnitsPerLine: number,
): Promise<CartLineFromServer> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const lineVariant = await lineOf(tx, userId, productId, variantId);
    const [variant] = (await variantsOnSale(tx, productId)).filter((v) => v.id === lineVariant);
    if (!variant) throw unprocessable('This product is out of stock.', 'OUT_OF_STOCK');
    assertAllowed(variant.stock, quantity, maxUnitsPerLine);
    await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, lineVariant)));
    return (await cartOf(tx, userId, maxUnitsPerLine, lineVariant))[0]!;
  });
}

/** Removes the variant's line, or without a variant every line of the product. */
export async function removeFromCart(
  db: Db,
  userId: number,
  { productId, variantId }: CartChoice,
): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    )
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound('This product in your cart');
}

/** Wishes for the product, or for one of its variants when the shopper chose one. */
export async function addToWishlist(
  db: Db,
  userId: number,
  { productId, variantId }: CartChoice,
): Promise<WishlistLine> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const variants = await variantsOnSale(tx, productId);
    if (variants.length === 0) throw notFound(`The product ${productId}`);
    if (variantId !== undefined && !variants.some((v) => v.id === variantId)) {
      throw badRequest(VARIANT_MESSAGES.notOfProduct, {
        variant_id: VARIANT_MESSAGES.notOfProduct,
      });
    }
    const inserted = await tx
      .insert(wishlistItems)
      .values({ userId, productId, variantId: variantId ?? null })
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

// Cart and wishlist queries. Lines are priced by the catalogue at read time.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  basisPointsToPercent,
  maxQuantity,
  type CartLineFromServer,
  type TaxType,
  type WishlistLine,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { cartItems, products, users, wishlistItems } from '../db/schema.ts';

const productFields = {
  productId: products.id,
  title: products.title,
  image: products.thumbnail,
  priceCents: products.priceCents,
  discountBp: products.discountBp,
  stock: products.stock,
};

type Priced = {
  productId: number;
  title: string;
  image: string;
  priceCents: number;
  discountBp: number;
  stock: number;
};

function linePart(row: Priced, userId: number) {
  return {
    product_id: row.productId,
    user_id: userId,
    title: row.title,
    image: row.image,
    price: row.priceCents,
    discount_percentage: basisPointsToPercent(row.discountBp),
    stock: row.stock,
  };
}

/** The shopper's cart; `maxUnitsPerLine` is the cap each line's `max_quantity` honours. */
export async function cartOf(
  db: Db | Tx,
  userId: number,
  maxUnitsPerLine: number,
  productId?: number,
): Promise<CartLineFromServer[]> {
  const rows = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity, ...productFields })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(
      and(eq(cartItems.userId, userId), productId ? eq(cartItems.productId, productId) : undefined),
    )
    .orderBy(asc(cartItems.id));
  return rows.map((r) => ({
    id: r.id,
    quantity: r.quantity,
    max_quantity: maxQuantity(r.stock, maxUnitsPerLine),
    ...linePart(r, userId),
  }));
}

export async function wishlistOf(
  db: Db | Tx,
  userId: number,
  productId?: number,
): Promise<WishlistLine[]> {
  const rows = await db
    .select({ id: wishlistItems.id, ...productFields })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(
      and(
        eq(wishlistItems.userId, userId),
        productId ? eq(wishlistItems.productId, productId) : undefined,
      ),
    )
    .orderBy(asc(wishlistItems.id));
  return rows.map((r) => ({ id: r.id, ...linePart(r, userId) }));
}

export async function productStock(db: Db | Tx, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

/**
 * Serialises one shopper's cart and wishlist changes: adding to one list removes from the other,
 * and two such changes racing must not leave the product in both.
 */
export async function lockShopper(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
}

/** A cart line as checkout prices it: the catalogue's sale price and stock right now. */
export interface PricedCartLine {
  productId: number;
  title: string;
  sku: string;
  taxType: TaxType;
  image: string;
  quantity: number;
  priceCents: number;
  salePriceCents: number;
  stock: number;
}

export async function pricedCartLines(db: Db | Tx, userId: number): Promise<PricedCartLine[]> {
  return db
    .select({
      productId: products.id,
      title: products.title,
      sku: products.sku,
      taxType: sql<TaxType>`${products.taxType}`,
      image: products.thumbnail,
      quantity: cartItems.quantity,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      stock: products.stock,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
}

/** What was bought leaves the cart. */
export async function removeFromCart(
  tx: Db | Tx,
  userId: number,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...productIds])));
}

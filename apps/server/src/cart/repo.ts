// Cart and wishlist queries. Lines are priced by the catalogue at read time.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  basisPointsToPercent,
  maxQuantity,
  type CartLineFromServer,
  type TaxType,
  type WishlistLine,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { cartItems, wishlistItems } from './schema.ts';
import { lockAccount } from '../auth/accounts.ts';
import { categories, productOptions, products, productVariants } from '../catalog/schema.ts';

/** A line's product and variant: price, stock and image are the variant's. */
const variantFields = {
  productId: products.id,
  variantId: productVariants.id,
  title: products.title,
  variantTitle: productVariants.title,
  image: sql<string>`coalesce(${productVariants.image}, ${products.thumbnail})`,
  priceCents: productVariants.priceCents,
  discountBp: productVariants.discountBp,
  stock: productVariants.stock,
};

type Priced = {
  productId: number;
  variantId: number | null;
  title: string;
  variantTitle: string | null;
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
    variant_id: row.variantId,
    variant: row.variantTitle ?? '',
    image: row.image,
    price: row.priceCents,
    discount_percentage: basisPointsToPercent(row.discountBp),
    stock: row.stock,
  };
}

/**
 * The shopper's cart; `maxUnitsPerLine` is the cap each line's `max_quantity` honours. Given
 * `variantId`, only that line.
 */
export async function cartOf(
  db: Db | Tx,
  userId: number,
  maxUnitsPerLine: number,
  variantId?: number,
): Promise<CartLineFromServer[]> {
  const rows = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity, ...variantFields })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(
      and(eq(cartItems.userId, userId), variantId ? eq(cartItems.variantId, variantId) : undefined),
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
  // A line naming no variant shows the product: its lowest price and whole stock.
  const rows = await db
    .select({
      id: wishlistItems.id,
      productId: products.id,
      variantId: wishlistItems.variantId,
      title: products.title,
      variantTitle: productVariants.title,
      image: sql<string>`coalesce(${productVariants.image}, ${products.thumbnail})`,
      priceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`,
      discountBp: sql<number>`coalesce(${productVariants.discountBp}, ${products.discountBp})`,
      stock: sql<number>`coalesce(${productVariants.stock}, ${products.stock})`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .where(
      and(
        eq(wishlistItems.userId, userId),
        productId ? eq(wishlistItems.productId, productId) : undefined,
      ),
    )
    .orderBy(asc(wishlistItems.id));
  return rows.map((r) => ({ id: r.id, ...linePart(r, userId) }));
}

/** A product's variants on sale, in the order its page shows them. */
export async function variantsOnSale(db: Db | Tx, productId: number) {
  return db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** The product's first option's name ('Size'), for 'Please choose a size.' */
export async function firstOptionName(db: Db | Tx, productId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: productOptions.name })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position))
    .limit(1);
  return row?.name;
}

/**
 * Serialises one shopper's cart and wishlist changes: adding to one list removes from the other,
 * and two such changes racing must not leave the product in both.
 */
export async function lockShopper(tx: Tx, userId: number): Promise<void> {
  await lockAccount(tx, userId);
}

/** A cart line as checkout prices it: the catalogue's sale price and stock right now. */
export interface PricedCartLine {
  productId: number;
  variantId: number;
  title: string;
  variantTitle: string;
  sku: string;
  taxType: TaxType;
  image: string;
  quantity: number;
  priceCents: number;
  salePriceCents: number;
  stock: number;
  /** The category's slug and the brand: what a promotion may be for (issue 36). */
  category: string;
  brand: string;
}

export async function pricedCartLines(db: Db | Tx, userId: number): Promise<PricedCartLine[]> {
  return db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      title: products.title,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      taxType: sql<TaxType>`${products.taxType}`,
      image: sql<string>`coalesce(${productVariants.image}, ${products.thumbnail})`,
      quantity: cartItems.quantity,
      priceCents: productVariants.priceCents,
      salePriceCents: productVariants.salePriceCents,
      stock: productVariants.stock,
      category: sql<string>`coalesce(${categories.slug}, '')`,
      brand: products.brand,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
}

/** What was bought leaves the cart: each line's variant (an old line's: every line of its product). */
export async function removeFromCart(
  tx: Db | Tx,
  userId: number,
  bought: readonly { productId: number; variantId: number | null }[],
): Promise<void> {
  const variantIds = bought.flatMap((b) => (b.variantId === null ? [] : [b.variantId]));
  const productIds = bought.flatMap((b) => (b.variantId === null ? [b.productId] : []));
  if (bought.length === 0) return;
  await tx
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        or(
          variantIds.length > 0 ? inArray(cartItems.variantId, variantIds) : undefined,
          productIds.length > 0 ? inArray(cartItems.productId, productIds) : undefined,
        ),
      ),
    );
}

/**
 * A variant taken off sale (catalog/variant-edits.ts) leaves every cart; a wishlist keeps the
 * product without it.
 */
export async function forgetVariant(tx: Tx, variantId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.variantId, variantId));
  await tx
    .update(wishlistItems)
    .set({ variantId: null })
    .where(eq(wishlistItems.variantId, variantId));
}

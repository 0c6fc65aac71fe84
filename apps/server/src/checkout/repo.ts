// Queries of the checkout: the shopper's cart as priced by the catalogue, and saved details.
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { cartItems, checkoutDetails, products } from '../db/schema.ts';

export interface PricedCartLine {
  productId: number;
  title: string;
  image: string;
  quantity: number;
  priceCents: number;
  salePriceCents: number;
  stock: number;
}

export async function cartLines(db: Db | Tx, userId: number): Promise<PricedCartLine[]> {
  return db
    .select({
      productId: products.id,
      title: products.title,
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

export async function findDetails(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(checkoutDetails).where(eq(checkoutDetails.userId, userId));
  return row;
}

export async function saveDetails(
  db: Db,
  userId: number,
  values: Partial<Omit<typeof checkoutDetails.$inferInsert, 'userId'>>,
): Promise<void> {
  await db
    .insert(checkoutDetails)
    .values({ userId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: checkoutDetails.userId,
      set: { ...values, updatedAt: new Date() },
    });
}

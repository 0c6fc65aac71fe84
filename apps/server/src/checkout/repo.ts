// What the shopper typed in checkout steps 1 and 2, kept until the order is made.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { checkoutDetails } from './schema.ts';

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

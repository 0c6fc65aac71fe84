// Orders written straight into the database, for back-office tests that need many of them.
import type { Db } from '../src/db/client.ts';
import { orderItems, orders, payments } from '../src/db/schema.ts';

export interface OrderSeed {
  userId: number;
  productId: number;
  status: (typeof orders.$inferInsert)['status'];
  totalCents: number;
  createdAt?: Date;
  paidAt?: Date | null;
  title?: string;
  /** The variant sold, when the test needs an order to name one. */
  variantId?: number;
}

export async function insertOrder(db: Db, seed: OrderSeed): Promise<number> {
  const createdAt = seed.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      userId: seed.userId,
      status: seed.status,
      itemCount: 1,
      itemsCents: seed.totalCents,
      shippingCents: 0,
      vatCents: 0,
      totalCents: seed.totalCents,
      shippingName: 'Test Shopper',
      streetAddress: 'Kenyatta Avenue 1',
      city: 'Nairobi',
      zipCode: '00100',
      email: 'test@example.co.ke',
      paymentMethod: 'Sandbox',
      createdAt,
      paidAt:
        seed.paidAt === undefined
          ? seed.status === 'pending_payment'
            ? null
            : createdAt
          : seed.paidAt,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: seed.productId,
    title: seed.title ?? 'Test item',
    image: '/images/products/test.webp',
    unitPriceCents: seed.totalCents,
    quantity: 1,
    ...(seed.variantId !== undefined ? { variantId: seed.variantId } : {}),
  });
  await db.insert(payments).values({
    orderId: order!.id,
    provider: 'sandbox',
    providerPaymentId: `SBX-TEST-${order!.id}`,
    status: seed.status === 'pending_payment' ? 'created' : 'captured',
    amountCents: seed.totalCents,
    settlementCurrency: 'KES',
    settlementAmountMinor: seed.totalCents,
    createdAt,
  });
  return order!.id;
}

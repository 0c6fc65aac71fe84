// Test helpers for returns (issue 34): a shoe in sizes, orders bought through the sandbox and
// taken to the shopper's door by the back office's own moves, and the return calls.
import { and, eq } from 'drizzle-orm';
import type { Product } from '@duka/domain';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { orderEvents } from '../src/db/schema.ts';
import type { LoggedIn } from './accounts.ts';
import {
  approveSandbox,
  createPayment,
  execute,
  fillCheckoutSteps,
  putInCart,
} from './checkout-fixture.ts';

let made = 0;

/** A shoe in sizes 40, 41 and 42 (Ksh 4,000, 4,000 and 4,500), 5 of each unless told. */
export async function shoe(
  app: App,
  boss: LoggedIn,
  over: { stock?: [number, number, number]; returnPolicy?: string } = {},
): Promise<Product> {
  const n = ++made;
  const [a, b, c] = over.stock ?? [5, 5, 5];
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title: `Return runner ${n}-${Date.now() % 100_000}`,
      brand: 'Bata',
      description: 'A running shoe.',
      category: 'mens-shoes',
      price: 400_000,
      images: ['/images/products/test.webp'],
      sku: `RET-${n}-${Date.now() % 100_000}`,
      ...(over.returnPolicy ? { returnPolicy: over.returnPolicy } : {}),
      options: [{ name: 'Size', values: ['40', '41', '42'] }],
      variants: [
        { options: { Size: '40' }, stock: a },
        { options: { Size: '41' }, stock: b },
        { options: { Size: '42' }, stock: c, price: 450_000 },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().product;
}

export const sizeOf = (p: Product, title: string) => p.variants.find((v) => v.title === title)!;

/** Buys these variants through the sandbox, with a coupon code if given; the paid order's id. */
export async function buy(
  app: App,
  db: Db,
  who: LoggedIn,
  lines: [productId: number, variantId: number, quantity: number][],
  code?: string,
): Promise<number> {
  for (const [productId, variantId, quantity] of lines) {
    await putInCart(db, who.id, productId, quantity, variantId);
  }
  if (code !== undefined) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: who.auth,
      payload: { code },
    });
    if (res.statusCode !== 200) throw new Error(`coupon: ${res.statusCode} ${res.body}`);
  }
  await fillCheckoutSteps(app, who);
  const started = (await createPayment(app, who)).json();
  const payerId = await approveSandbox(app, started.paymentId);
  const res = await execute(app, who, started.paymentId, payerId);
  if (res.statusCode !== 200) throw new Error(`execute: ${res.statusCode} ${res.body}`);
  return started.order_id as number;
}

export async function move(app: App, boss: LoggedIn, orderId: number, status: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}`,
    headers: boss.auth,
    payload: { status },
  });
  if (res.statusCode !== 200) throw new Error(`move to ${status}: ${res.statusCode} ${res.body}`);
}

/** A paid order taken through packing and shipping to delivered, `daysAgo` days back. */
export async function deliver(app: App, db: Db, boss: LoggedIn, orderId: number, daysAgo = 0) {
  for (const status of ['processing', 'shipped', 'delivered'])
    await move(app, boss, orderId, status);
  if (daysAgo > 0) {
    await db
      .update(orderEvents)
      .set({ at: new Date(Date.now() - daysAgo * 86_400_000) })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')));
  }
}

export const askReturn = (app: App, who: LoggedIn, orderId: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers: who.auth, payload });

export const returnsOf = (app: App, who: LoggedIn, orderId: number) =>
  app.inject({ url: `/api/orders/${orderId}/returns`, headers: who.auth });

export const decide = (app: App, who: LoggedIn, returnId: number, payload: object) =>
  app.inject({
    method: 'PATCH',
    url: `/api/admin/returns/${returnId}`,
    headers: who.auth,
    payload,
  });

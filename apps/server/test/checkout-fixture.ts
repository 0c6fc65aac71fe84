// Test helpers for checkout: products with known prices and stock, carts, and the checkout steps.
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { cartItems, categories, products, productVariants } from '../src/db/schema.ts';
import type { LoggedIn } from './accounts.ts';

let sku = 0;

export async function product(
  db: Db,
  values: { priceCents: number; discountBp?: number; stock: number; title?: string },
): Promise<number> {
  let [category] = await db.select().from(categories).where(eq(categories.slug, 'test-goods'));
  if (!category)
    [category] = await db
      .insert(categories)
      .values({ slug: 'test-goods', name: 'Test goods' })
      .returning();
  const [row] = await db
    .insert(products)
    .values({
      title: values.title ?? `Test product ${++sku}`,
      description: 'A product for tests.',
      categoryId: category!.id,
      brand: 'Testbrand',
      sku: `TST-${sku}`,
      priceCents: values.priceCents,
      discountBp: values.discountBp ?? 0,
      stock: values.stock,
      thumbnail: '/images/products/test.webp',
    })
    .returning({ id: products.id });
  return row!.id;
}

/** Puts the product in the cart: the variant named, or its first. */
export async function putInCart(
  db: Db,
  userId: number,
  productId: number,
  quantity: number,
  variantId?: number,
) {
  const [first] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position, productVariants.id)
    .limit(1);
  await db
    .insert(cartItems)
    .values({ userId, productId, variantId: variantId ?? first!.id, quantity });
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

/** Steps 1 and 2; `payment` adds to step 2 (a business's `kra_pin` and `business_name`). */
export async function fillCheckoutSteps(
  app: App,
  who: LoggedIn,
  payment: Record<string, unknown> = {},
): Promise<void> {
  const shipping = await app.inject({
    method: 'POST',
    url: '/api/shipping',
    headers: who.auth,
    payload: {
      name: 'Wanjiru Kamau',
      street_address: 'Moi Avenue 12',
      apartment_number: 'Apt 4B',
      city: 'Nairobi',
      zip_code: '00100',
    },
  });
  if (shipping.statusCode !== 200) throw new Error(`shipping: ${shipping.body}`);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: who.auth,
    payload: { email: who.email, ...payment },
  });
  if (saved.statusCode !== 200) throw new Error(`payment: ${saved.body}`);
}

export async function createPayment(
  app: App,
  who: LoggedIn,
  payload: unknown = { order_total: 1 },
) {
  return app.inject({
    method: 'POST',
    url: '/api/create-payment',
    headers: who.auth,
    payload: payload as object,
  });
}

/** Approves a sandbox payment as the shopper would on the payment page; answers the PayerID. */
export async function approveSandbox(app: App, paymentId: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox-pay/${encodeURIComponent(paymentId)}/approve`,
  });
  const location = new URL(res.headers.location as string, 'http://x');
  if (res.statusCode !== 303 || location.pathname !== '/excute-payment')
    throw new Error(`approve: ${res.statusCode} ${location}`);
  return location.searchParams.get('PayerID')!;
}

export function execute(app: App, who: LoggedIn, paymentId: string, payerId: string) {
  return app.inject({
    method: 'GET',
    url: `/api/execute-payment?paymentId=${encodeURIComponent(paymentId)}&PayerID=${encodeURIComponent(payerId)}`,
    headers: who.auth,
  });
}

/** The whole sandbox checkout of these cart lines through the API; answers the paid order's id. */
export async function buyAndPay(
  app: App,
  db: Db,
  who: LoggedIn,
  lines: [productId: number, quantity: number][],
  payment: Record<string, unknown> = {},
): Promise<number> {
  for (const [productId, quantity] of lines) await putInCart(db, who.id, productId, quantity);
  await fillCheckoutSteps(app, who, payment);
  const started = (await createPayment(app, who)).json();
  const payerId = await approveSandbox(app, started.paymentId);
  const res = await execute(app, who, started.paymentId, payerId);
  if (res.statusCode !== 200) throw new Error(`execute: ${res.statusCode} ${res.body}`);
  return started.order_id as number;
}

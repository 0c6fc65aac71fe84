// Test helpers for M-Pesa: a shop that listens on loopback (Daraja's callbacks arrive over HTTP)
// and talks to the Daraja stand-in, and the steps of an M-Pesa checkout.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { orders, paymentEvents, payments } from '../src/db/schema.ts';
import { shopper, type LoggedIn } from './accounts.ts';
import { createTestApp, type TestContext } from './app.ts';
import { fillCheckoutSteps, product, putInCart } from './checkout-fixture.ts';
import { DARAJA_CREDENTIALS, startDarajaStandIn, type DarajaStandIn } from './stand-ins/daraja.ts';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface MpesaShop {
  t: TestContext;
  daraja: DarajaStandIn;
  publicUrl: string;
  close(): Promise<void>;
}

/** The shop on a loopback port, configured for the Daraja stand-in. */
export async function mpesaShop(env: Record<string, string> = {}): Promise<MpesaShop> {
  const daraja = await startDarajaStandIn();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    MPESA_CONSUMER_KEY: DARAJA_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: DARAJA_CREDENTIALS.consumerSecret,
    MPESA_SHORTCODE: DARAJA_CREDENTIALS.shortcode,
    MPESA_PASSKEY: DARAJA_CREDENTIALS.passkey,
    MPESA_API_BASE: daraja.url,
    MPESA_TIMEOUT_MS: '2000',
    PUBLIC_URL: publicUrl,
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    daraja,
    publicUrl,
    close: async () => {
      await t.close();
      await daraja.close();
    },
  };
}

export interface Checkout {
  who: LoggedIn;
  productId: number;
}

/** A shopper with `quantity` of a new product (Ksh 1,000 each, `stock` on the shelf) in the cart. */
export async function readyToPay(app: App, db: Db, stock = 5, quantity = 2): Promise<Checkout> {
  const productId = await product(db, { priceCents: 100_000, stock });
  const who = await shopper(app);
  await putInCart(db, who.id, productId, quantity);
  await fillCheckoutSteps(app, who);
  return { who, productId };
}

export function payWithMpesa(app: App, who: LoggedIn, phone?: string, orderId?: number) {
  return app.inject({
    method: 'POST',
    url: '/api/create-payment',
    headers: who.auth,
    payload: {
      method: 'mpesa',
      ...(phone === undefined ? {} : { phone }),
      ...(orderId === undefined ? {} : { order_id: orderId }),
    },
  });
}

export interface Started {
  order_id: number;
  paymentId: string;
  status: 'pending';
  sandbox_phone_url?: string;
}

export async function startedMpesa(
  app: App,
  who: LoggedIn,
  phone = '0712 345 678',
  orderId?: number,
) {
  const res = await payWithMpesa(app, who, phone, orderId);
  if (res.statusCode !== 202) throw new Error(`create-payment: ${res.statusCode} ${res.body}`);
  return res.json() as Started;
}

export async function statusOf(app: App, who: LoggedIn, paymentId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/payments/${encodeURIComponent(paymentId)}`,
    headers: who.auth,
  });
  if (res.statusCode !== 200) throw new Error(`payment status: ${res.statusCode} ${res.body}`);
  return res.json() as {
    status: 'pending' | 'paid' | 'failed';
    method: string;
    receipt?: string;
    message?: string;
    sandbox_phone_url?: string;
    paybill?: { kind: string; business_number: string; account_number: string; amount: number };
    received?: number;
    overpaid?: number;
  };
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function paymentRow(db: Db, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, paymentId));
  return row!;
}

export async function eventsOf(db: Db, paymentId: number | null) {
  const rows = await db.select().from(paymentEvents).orderBy(paymentEvents.id);
  return rows.filter((r) => r.paymentId === paymentId);
}

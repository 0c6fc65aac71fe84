// Checkout: from a priced cart to a paid order. Amounts come only from the database; stock is
// reserved when the order is made and given back if the payment is cancelled, declined or
// expires; executing a payment is idempotent (DESIGN.md, "Where we do better" 3, 7, 8).
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { checkoutTotals, type CheckoutSummary } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { cartItems, orderItems, orders, payments, products } from '../db/schema.ts';
import { conflict, HttpError, notFound, unprocessable } from '../lib/http-error.ts';
import { cancelUnpaidOrder } from '../orders/lifecycle.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider.ts';
import { cartLines, findDetails, type PricedCartLine } from './repo.ts';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  paymentTimeoutMinutes: number;
}

const METHOD_NAMES: Record<PaymentProvider['name'], string> = {
  paypal: 'PayPal',
  sandbox: 'Sandbox',
};

function totalsOf(lines: readonly PricedCartLine[]) {
  return checkoutTotals(
    lines.map((l) => ({ unitPriceCents: l.salePriceCents, quantity: l.quantity })),
  );
}

export async function summary(db: Db, userId: number): Promise<CheckoutSummary> {
  return totalsOf(await cartLines(db, userId));
}

/** Cancels the shopper's earlier unpaid orders: one open checkout per shopper, stock given back. */
async function cancelOpenOrders(tx: Tx, userId: number): Promise<void> {
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')));
  for (const { id } of open) {
    if (await cancelUnpaidOrder(tx, id)) {
      await tx
        .update(payments)
        .set({ status: 'cancelled', failureReason: 'replaced by a newer checkout' })
        .where(and(eq(payments.orderId, id), eq(payments.status, 'created')));
    }
  }
}

/** Takes each line's quantity off the shelf, or fails naming what ran out. Rows locked in id order. */
async function reserveStock(tx: Tx, lines: readonly PricedCartLine[]): Promise<void> {
  const byId = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of byId) {
    const reserved = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.quantity}`))
      .returning({ id: products.id });
    if (reserved.length === 0) {
      const [now] = await tx
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, line.productId));
      const left = now?.stock ?? 0;
      throw conflict(
        left === 0
          ? `"${line.title}" has just sold out. Please remove it from your cart.`
          : `Only ${left} of "${line.title}" left. Please lower the quantity in your cart.`,
        'OUT_OF_STOCK',
      );
    }
  }
}

export interface StartedPayment {
  payment_link: string;
  order_id: number;
  paymentId: string;
}

export async function startPayment(
  deps: CheckoutDeps,
  userId: number,
  baseUrl: string,
): Promise<StartedPayment> {
  const { db, provider } = deps;
  const details = await findDetails(db, userId);
  if (!details?.name || !details.streetAddress || !details.city || !details.zipCode) {
    throw unprocessable('Please enter your shipping address first.', 'SHIPPING_MISSING');
  }
  if (!details.email)
    throw unprocessable('Please enter your payment e-mail first.', 'PAYMENT_INFO_MISSING');

  // 1. The order, its lines and the stock reservation: all or nothing.
  const order = await db.transaction(async (tx) => {
    await cancelOpenOrders(tx, userId);
    const lines = await cartLines(tx, userId);
    if (lines.length === 0) throw unprocessable('Your cart is empty.', 'CART_EMPTY');
    await reserveStock(tx, lines);
    const totals = totalsOf(lines);
    const [created] = await tx
      .insert(orders)
      .values({
        userId,
        status: 'pending_payment',
        itemCount: totals.itemCount,
        itemsCents: totals.itemsCents,
        shippingCents: totals.shippingCents,
        vatCents: totals.vatCents,
        totalCents: totals.totalCents,
        shippingName: details.name!,
        streetAddress: details.streetAddress!,
        apartmentNumber: details.apartmentNumber,
        city: details.city!,
        zipCode: details.zipCode!,
        email: details.email!,
        paymentMethod: METHOD_NAMES[provider.name],
        expiresAt: new Date(Date.now() + deps.paymentTimeoutMinutes * 60_000),
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: created!.id,
        productId: l.productId,
        title: l.title,
        image: l.image,
        unitPriceCents: l.salePriceCents,
        quantity: l.quantity,
      })),
    );
    return created!;
  });

  // 2. The payment at the provider, outside the transaction (it is a network call).
  let created;
  try {
    created = await provider.createPayment({
      orderId: order.id,
      amountCents: order.totalCents,
      description: `Duka order ${order.id}`,
      returnUrl: `${baseUrl}/excute-payment`,
      cancelUrl: `${baseUrl}/cart?payment=cancelled`,
      requestId: `duka-order-${order.id}`,
    });
  } catch (err) {
    await db.transaction((tx) => cancelUnpaidOrder(tx, order.id));
    if (err instanceof PaymentProviderError) {
      throw new HttpError(
        502,
        'PAYMENT_UNAVAILABLE',
        'We could not start the payment. Please try again in a moment.',
      );
    }
    throw err;
  }

  // 3. The record that ties the provider's payment to the order.
  await db.insert(payments).values({
    orderId: order.id,
    provider: provider.name,
    providerPaymentId: created.providerPaymentId,
    amountCents: order.totalCents,
    currency: 'KES',
    settlementCurrency: created.settlementCurrency,
    settlementAmountMinor: created.settlementAmountMinor,
    exchangeRate: created.exchangeRate,
  });
  return {
    payment_link: created.approveUrl,
    order_id: order.id,
    paymentId: created.providerPaymentId,
  };
}

async function lockedPayment(tx: Tx, provider: string, providerPaymentId: string, userId: number) {
  const [found] = await tx
    .select({ orderId: payments.orderId, ownerId: orders.userId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  // Someone else's payment is answered exactly like one that does not exist.
  if (!found || found.ownerId !== userId) throw notFound('This payment');
  // The order row is the lock every path that changes an unpaid order takes (execute, cancel,
  // expiry), so two of them never act on it at once.
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return { order: order!, payment: payment! };
}

type Outcome =
  | { kind: 'paid'; orderId: number }
  | { kind: 'declined'; reason: string }
  | { kind: 'closed'; status: string };

/**
 * Completes a payment the shopper approved. Repeating it, even at the same moment, never captures
 * or creates anything twice: the order row is locked and a captured payment is simply reported.
 */
export async function executePayment(
  deps: CheckoutDeps,
  userId: number,
  providerPaymentId: string,
  payerId: string,
): Promise<{ orderId: number }> {
  const { db, provider } = deps;
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const { order, payment } = await lockedPayment(tx, provider.name, providerPaymentId, userId);
      if (payment.status === 'captured') return { kind: 'paid', orderId: order.id };
      if (order.status !== 'pending_payment' || payment.status !== 'created') {
        return { kind: 'closed', status: order.status };
      }
      const result = await provider.capturePayment(providerPaymentId, {
        requestId: `duka-capture-${payment.id}`,
        payerId,
      });
      if (result.status === 'declined') {
        await tx
          .update(payments)
          .set({ status: 'failed', failureReason: result.reason })
          .where(eq(payments.id, payment.id));
        await cancelUnpaidOrder(tx, order.id);
        return { kind: 'declined', reason: result.reason };
      }
      await tx
        .update(payments)
        .set({
          status: 'captured',
          transactionId: result.transactionId,
          payerId: result.payerId ?? payerId,
          capturedAt: result.capturedAt,
        })
        .where(eq(payments.id, payment.id));
      await tx
        .update(orders)
        .set({ status: 'paid', paidAt: result.capturedAt, expiresAt: null, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      // The stock reservation is now a sale; what was bought leaves the cart.
      const bought = await tx
        .select({ productId: orderItems.productId })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.userId, userId),
          inArray(
            cartItems.productId,
            bought.map((b) => b.productId),
          ),
        ),
      );
      return { kind: 'paid', orderId: order.id };
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw new HttpError(
        502,
        'PAYMENT_UNCONFIRMED',
        'We could not confirm your payment with the payment provider. Please try again in a moment.',
      );
    }
    throw err;
  }
  if (outcome.kind === 'declined') {
    throw new HttpError(
      402,
      'PAYMENT_DECLINED',
      `Your payment was not completed: ${outcome.reason} Your cart still has your items.`,
    );
  }
  if (outcome.kind === 'closed') {
    throw conflict(
      outcome.status === 'cancelled'
        ? 'This payment can no longer be completed: the order was cancelled or its time ran out. Your cart still has your items.'
        : 'This payment can no longer be completed.',
      'ORDER_NOT_PAYABLE',
    );
  }
  return { orderId: outcome.orderId };
}

/** The shopper came back from the provider without paying: the reservation is released now. */
export async function cancelPayment(
  deps: CheckoutDeps,
  userId: number,
  providerPaymentId: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const { order, payment } = await lockedPayment(
      tx,
      deps.provider.name,
      providerPaymentId,
      userId,
    );
    if (payment.status !== 'created' || !(await cancelUnpaidOrder(tx, order.id))) return false;
    await tx
      .update(payments)
      .set({ status: 'cancelled', failureReason: 'cancelled by the shopper' })
      .where(eq(payments.id, payment.id));
    return true;
  });
}

/** Unpaid orders past their time give their stock back. Returns how many expired. */
export async function expireStaleOrders(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.id))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      // Skip an order someone is paying right now; the next sweep looks again.
      const [locked] = await tx
        .select({ status: orders.status, expiresAt: orders.expiresAt })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update', { skipLocked: true });
      if (
        !locked ||
        locked.status !== 'pending_payment' ||
        !locked.expiresAt ||
        locked.expiresAt >= now
      )
        return false;
      if (!(await cancelUnpaidOrder(tx, id))) return false;
      await tx
        .update(payments)
        .set({ status: 'expired', failureReason: 'not paid in time' })
        .where(and(eq(payments.orderId, id), eq(payments.status, 'created')));
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

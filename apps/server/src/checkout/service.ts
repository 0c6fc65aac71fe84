// Checkout: from a priced cart to a paid order. Amounts come only from the database; stock is
// reserved when the order is made and given back if the payment is cancelled, declined or
// expires; executing a payment is idempotent (DESIGN.md, "Where we do better" 3, 7, 8).
import { checkoutTotals, expectedDelivery, type CheckoutSummary } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { lockShopper, pricedCartLines } from '../cart/repo.ts';
import { assertWithinCap } from '../cart/service.ts';
import { causedBy, conflict, HttpError, notFound, unprocessable } from '../lib/http-error.ts';
import { capturePayment } from '../orders/capture.ts';
import { cancelUnpaidOrder, placeOrder } from '../orders/service.ts';
import { lockOrder } from '../orders/repo.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider.ts';
import * as payments from '../payments/repo.ts';
import { findDetails } from './repo.ts';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  paymentTimeoutMinutes: number;
  maxUnitsPerLine: number;
}

const METHOD_NAMES: Record<PaymentProvider['name'], string> = {
  paypal: 'PayPal',
  sandbox: 'Sandbox',
};

export async function summary(db: Db, userId: number, now = new Date()): Promise<CheckoutSummary> {
  const lines = await pricedCartLines(db, userId);
  return {
    lines: lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      lineTotalCents: l.salePriceCents * l.quantity,
    })),
    expectedDelivery: expectedDelivery(now),
    ...checkoutTotals(
      lines.map((l) => ({ unitPriceCents: l.salePriceCents, quantity: l.quantity })),
    ),
  };
}

export interface StartedPayment {
  payment_link: string;
  order_id: number;
  paymentId: string;
}

export async function shippingOf(db: Db, userId: number) {
  const details = await findDetails(db, userId);
  if (!details?.name || !details.streetAddress || !details.city || !details.zipCode) {
    throw unprocessable('Please enter your shipping address first.', 'SHIPPING_MISSING');
  }
  if (!details.email) {
    throw unprocessable('Please enter your payment e-mail first.', 'PAYMENT_INFO_MISSING');
  }
  return {
    shippingName: details.name,
    streetAddress: details.streetAddress,
    apartmentNumber: details.apartmentNumber,
    city: details.city,
    zipCode: details.zipCode,
    email: details.email,
  };
}

export async function startPayment(
  deps: CheckoutDeps,
  userId: number,
  baseUrl: string,
): Promise<StartedPayment> {
  const { db, provider } = deps;
  const address = await shippingOf(db, userId);

  // 1. The order, its lines and the stock reservation: all or nothing.
  const order = await db.transaction(async (tx) => {
    // One open checkout per shopper: a concurrent second create-payment waits here, then finds
    // this order open and replaces it, so the stock is held once.
    await lockShopper(tx, userId);
    const lines = await pricedCartLines(tx, userId);
    if (lines.length === 0) throw unprocessable('Your cart is empty.', 'CART_EMPTY');
    for (const line of lines) assertWithinCap(line.quantity, deps.maxUnitsPerLine);
    return placeOrder(tx, {
      userId,
      lines,
      address,
      paymentMethod: METHOD_NAMES[provider.name],
      expiresAt: new Date(Date.now() + deps.paymentTimeoutMinutes * 60_000),
    });
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
    await db.transaction((tx) =>
      cancelUnpaidOrder(tx, order.id, { status: 'cancelled', reason: 'the provider failed' }),
    );
    if (err instanceof PaymentProviderError) {
      throw causedBy(
        new HttpError(
          502,
          'PAYMENT_UNAVAILABLE',
          'We could not start the payment. Please try again in a moment.',
        ),
        err,
      );
    }
    throw err;
  }

  // 3. The record that ties the provider's payment to the order, unless a newer checkout of
  // the same shopper replaced the order meanwhile (its payment could never be captured).
  const stillOpen = await db.transaction(async (tx) => {
    if ((await lockOrder(tx, order.id))?.status !== 'pending_payment') return false;
    await payments.insertPayment(tx, {
      orderId: order.id,
      provider: provider.name,
      providerPaymentId: created.providerPaymentId,
      amountCents: order.totalCents,
      currency: 'KES',
      settlementCurrency: created.settlementCurrency,
      settlementAmountMinor: created.settlementAmountMinor,
      exchangeRate: created.exchangeRate,
    });
    return true;
  });
  if (!stillOpen) {
    throw conflict(
      'This checkout was replaced by a newer one from your account. Please use the newest payment page.',
      'CHECKOUT_REPLACED',
    );
  }
  return {
    payment_link: created.approveUrl,
    order_id: order.id,
    paymentId: created.providerPaymentId,
  };
}

/** The shopper's own payment; someone else's is answered exactly like one that does not exist. */
async function ownPayment(deps: CheckoutDeps, userId: number, providerPaymentId: string) {
  const found = await payments.findWithOwner(deps.db, deps.provider.name, providerPaymentId);
  if (!found || found.ownerId !== userId) throw notFound('This payment');
  return found.payment;
}

export type Executed = { orderId: number; processing: boolean };

/**
 * Completes a payment the shopper approved. Repeating it, even at the same moment, never captures
 * or creates anything twice; a return arriving while the capture is in flight is told so.
 */
export async function executePayment(
  deps: CheckoutDeps,
  userId: number,
  providerPaymentId: string,
  payerId: string,
): Promise<Executed> {
  const payment = await ownPayment(deps, userId, providerPaymentId);
  let outcome;
  try {
    outcome = await capturePayment(deps, payment.id, { payerId });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw causedBy(
        new HttpError(
          502,
          'PAYMENT_UNCONFIRMED',
          'We could not confirm your payment with the payment provider. Please try again in a moment.',
        ),
        err,
      );
    }
    throw err;
  }
  switch (outcome.kind) {
    case 'paid':
      return { orderId: outcome.orderId, processing: false };
    case 'processing':
      return { orderId: outcome.orderId, processing: true };
    case 'declined':
      throw new HttpError(
        402,
        'PAYMENT_DECLINED',
        `Your payment was not completed: ${outcome.reason} Your cart still has your items.`,
      );
    case 'closed':
      throw conflict(
        outcome.status === 'cancelled'
          ? 'This payment can no longer be completed: the order was cancelled or its time ran out. Your cart still has your items.'
          : 'This payment can no longer be completed.',
        'ORDER_NOT_PAYABLE',
      );
  }
}

/** The shopper came back from the provider without paying: the reservation is released now. */
export async function cancelPayment(
  deps: CheckoutDeps,
  userId: number,
  providerPaymentId: string,
): Promise<boolean> {
  const payment = await ownPayment(deps, userId, providerPaymentId);
  return deps.db.transaction(async (tx) => {
    await lockOrder(tx, payment.orderId);
    const current = await payments.findById(tx, payment.id);
    if (current?.status !== 'created') return false;
    return cancelUnpaidOrder(tx, payment.orderId, {
      status: 'cancelled',
      reason: 'cancelled by the shopper',
    });
  });
}

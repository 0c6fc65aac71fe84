// Checkout: from a priced cart to an order whose payment has started. Amounts come only from the
// database; stock is reserved when the order is made (and given back by payments/ if the payment
// is cancelled, declined or expires). Which provider takes the payment is payments/' business.
import { checkoutTotals, expectedDelivery, type CheckoutSummary } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { lockShopper, pricedCartLines } from '../cart/repo.ts';
import { assertWithinCap } from '../cart/service.ts';
import { unprocessable } from '../lib/http-error.ts';
import { placeOrder, reopenForPayment } from '../orders/service.ts';
import type { Payments } from '../payments/context.ts';
import {
  preparePayment,
  startPayment,
  type PaymentRequest,
  type Started,
} from '../payments/start.ts';
import { findDetails } from './repo.ts';

export interface CheckoutDeps {
  db: Db;
  payments: Payments;
  paymentTimeoutMinutes: number;
  maxUnitsPerLine: number;
}

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

/**
 * Makes an order from the cart, reserving its stock, and asks payments to start paying it; or,
 * given `orderId`, pays that open order of the shopper's again (trying again never makes another
 * order). What the method needs (a phone to ask) is checked before anything is made.
 */
export async function createPayment(
  deps: CheckoutDeps,
  userId: number,
  request: PaymentRequest & { orderId?: number | undefined },
  baseUrl: string,
): Promise<Started> {
  const { db } = deps;
  const expiresAt = () => new Date(Date.now() + deps.paymentTimeoutMinutes * 60_000);
  if (request.orderId !== undefined) {
    const { orderId } = request;
    const prepared = await preparePayment(deps.payments, userId, request);
    const order = await db.transaction((tx) =>
      reopenForPayment(tx, userId, orderId, {
        paymentMethod: prepared.label,
        expiresAt: expiresAt(),
      }),
    );
    return startPayment(deps.payments, prepared, order, baseUrl);
  }
  const address = await shippingOf(db, userId);
  const prepared = await preparePayment(deps.payments, userId, request);

  // The order, its lines and the stock reservation: all or nothing.
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
      paymentMethod: prepared.label,
      expiresAt: expiresAt(),
    });
  });
  return startPayment(deps.payments, prepared, order, baseUrl);
}

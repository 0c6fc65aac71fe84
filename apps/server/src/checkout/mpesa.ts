// Paying with M-Pesa (issue 14): the order is made as for PayPal, then Daraja is asked to push a
// payment request to the shopper's phone. Nothing is paid until the callback or the query API says
// so (orders/mpesa-*.ts). The payment is recorded, with the hash of its callback secret, before
// the push leaves, so that even a callback that overtakes Daraja's answer finds it.
import { randomBytes } from 'node:crypto';
import {
  MPESA_MESSAGES,
  normaliseKenyanMobile,
  type MpesaStarted,
  type PaymentStatusView,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { getUser } from '../auth/service.ts';
import { lockShopper, pricedCartLines } from '../cart/repo.ts';
import {
  badRequest,
  causedBy,
  conflict,
  HttpError,
  notFound,
  unprocessable,
} from '../lib/http-error.ts';
import { hashCallbackSecret } from '../orders/mpesa-callback.ts';
import { recordPushAccepted, recordPushFailed } from '../orders/mpesa-settlement.ts';
import { placeOrder } from '../orders/service.ts';
import { recordEvents } from '../payments/events-repo.ts';
import type { MpesaGateway, PushOutcome } from '../payments/mpesa/gateway.ts';
import * as mpesa from '../payments/mpesa/repo.ts';
import { MpesaSandbox } from '../payments/mpesa/sandbox-gateway.ts';
import * as payments from '../payments/repo.ts';
import { shippingOf } from './service.ts';

/** A push whose answer was lost is given up after this long, unless a callback names it. */
export const PUSH_LOST_AFTER_MS = 5 * 60_000;
export const CALLBACK_PATH = '/api/mpesa/callback';

export interface MpesaDeps {
  db: Db;
  gateway: MpesaGateway;
  paymentTimeoutMinutes: number;
  queryAfterMs: number;
}

/** The simulated phone of the built-in sandbox, for the waiting screen to link to. */
function sandboxPhoneUrl(gateway: MpesaGateway, paymentId: string): string | undefined {
  return gateway instanceof MpesaSandbox
    ? `/mpesa-sandbox/${encodeURIComponent(paymentId)}`
    : undefined;
}

async function phoneFor(db: Db, userId: number, given: string | undefined): Promise<string> {
  if (given !== undefined) return given; // already normalised by the body's schema
  const phone = normaliseKenyanMobile((await getUser(db, userId)).phoneNumber);
  if (!phone) throw badRequest(MPESA_MESSAGES.invalidPhone, { phone: MPESA_MESSAGES.invalidPhone });
  return phone;
}

export async function startMpesaPayment(
  deps: MpesaDeps,
  userId: number,
  givenPhone: string | undefined,
  baseUrl: string,
): Promise<MpesaStarted> {
  const { db, gateway } = deps;
  const address = await shippingOf(db, userId);
  const phone = await phoneFor(db, userId, givenPhone);
  const secret = randomBytes(32).toString('base64url');
  const paymentId = `MP-${randomBytes(16).toString('base64url')}`;

  // 1. The order, its stock and the payment's intent: all or nothing.
  const { order, payment } = await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const lines = await pricedCartLines(tx, userId);
    if (lines.length === 0) throw unprocessable('Your cart is empty.', 'CART_EMPTY');
    const order = await placeOrder(tx, {
      userId,
      lines,
      address,
      paymentMethod: 'M-Pesa',
      expiresAt: new Date(Date.now() + deps.paymentTimeoutMinutes * 60_000),
    });
    const payment = await payments.insertPayment(tx, {
      orderId: order.id,
      provider: gateway.name,
      providerPaymentId: paymentId,
      method: 'mpesa',
      phone,
      callbackSecretHash: hashCallbackSecret(secret),
      amountCents: order.totalCents,
      currency: 'KES',
      settlementCurrency: 'KES',
      settlementAmountMinor: order.totalCents,
      // Until Daraja answers: if it never does, the query job gives the push up at this time.
      nextQueryAt: new Date(Date.now() + PUSH_LOST_AFTER_MS),
    });
    return { order, payment };
  });
  if (order.totalCents % 100 !== 0) {
    throw new Error(`order ${order.id} total ${order.totalCents} is not whole shillings`);
  }
  // A second create-payment of the same shopper may have replaced this order meanwhile.
  if ((await payments.findById(db, payment.id))?.status !== 'created') {
    throw conflict(
      'This checkout was replaced by a newer one from your account.',
      'CHECKOUT_REPLACED',
    );
  }

  // 2. The push, with no transaction open (it is a network call).
  const outcome: PushOutcome = await gateway
    .push({
      amountShillings: order.totalCents / 100,
      phone,
      callbackUrl: `${baseUrl}${CALLBACK_PATH}/${secret}`,
      accountReference: `DUKA${order.id}`,
      description: `Order ${order.id}`,
    })
    .catch((err: unknown) => ({ kind: 'unknown' as const, reason: String(err), log: [] }));

  // 3. What Daraja said, in a short transaction.
  const refusal =
    outcome.kind === 'refused'
      ? `M-Pesa did not accept the request: ${outcome.errorMessage}`
      : MPESA_MESSAGES.notAnswering;
  await db.transaction(async (tx) => {
    await recordEvents(tx, payment.id, outcome.log);
    if (outcome.kind === 'accepted') {
      await recordPushAccepted(tx, payment.id, outcome, new Date(Date.now() + deps.queryAfterMs));
    } else if (outcome.kind !== 'unknown') {
      await recordPushFailed(tx, payment.id, refusal);
    }
  });
  if (outcome.kind === 'refused') {
    const cause = new Error(
      `Daraja refused the push: ${outcome.errorCode} ${outcome.errorMessage}`,
    );
    throw causedBy(unprocessable(refusal, 'MPESA_REFUSED'), cause);
  }
  if (outcome.kind !== 'accepted') {
    throw new HttpError(
      503,
      'MPESA_UNAVAILABLE',
      MPESA_MESSAGES.notAnswering,
      undefined,
      { 'Retry-After': '60' },
      { cause: new Error(`Daraja push failed: ${outcome.reason}`) },
    );
  }
  const sandbox = sandboxPhoneUrl(gateway, paymentId);
  return {
    order_id: order.id,
    paymentId,
    status: 'pending',
    ...(sandbox ? { sandbox_phone_url: sandbox } : {}),
  };
}

/** Where one of the shopper's payments stands; someone else's is answered like a missing one. */
export async function paymentStatus(
  db: Db,
  gateway: MpesaGateway,
  userId: number,
  paymentId: string,
): Promise<PaymentStatusView> {
  const row = await mpesa.ownPayment(db, userId, paymentId);
  if (!row) throw notFound('This payment');
  const p = row.payment;
  const isMpesa = p.method === 'mpesa';
  const status =
    p.status === 'captured' || p.status === 'refunded'
      ? 'paid'
      : p.status === 'created' || p.status === 'capturing'
        ? 'pending'
        : 'failed';
  const view: PaymentStatusView = {
    status,
    method: isMpesa ? 'mpesa' : 'paypal',
    order_id: p.orderId,
    amount: p.amountCents,
  };
  if (status === 'paid') {
    const receipt = p.transactionId ?? (isMpesa ? MPESA_MESSAGES.receiptToBeConfirmed : null);
    if (receipt) view.receipt = receipt;
  }
  if (status === 'failed') view.message = failureMessage(p.status, p.failureReason, isMpesa);
  const sandbox = status === 'pending' ? sandboxPhoneUrl(gateway, p.providerPaymentId) : undefined;
  if (sandbox && p.provider === gateway.name) view.sandbox_phone_url = sandbox;
  return view;
}

function failureMessage(status: string, reason: string | null, isMpesa: boolean): string {
  if (status === 'failed')
    return reason ?? (isMpesa ? MPESA_MESSAGES.failed : 'The payment failed.');
  // Closed before it was paid: by a newer checkout, an administrator, or the clock.
  return `This payment was closed (${reason ?? status}). Please start again from your cart.`;
}

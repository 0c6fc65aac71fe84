// Starting the payment of an order that checkout has just made, whatever the provider. The payment
// is recorded (with the hash of its callback secret) before the provider is asked, so that even a
// callback that overtakes the provider's answer finds it; the provider is asked with no
// transaction open; its answer is recorded in a short transaction (CONVENTIONS.md 15).
import { localePrefix, type Locale } from '@duka/domain/i18n/locale';
import { randomBytes } from 'node:crypto';
import { MPESA_MESSAGES, normaliseKenyanMobile, type Paybill } from '@duka/domain';
import { getUser } from '../auth/service.ts';
import type { Tx } from '../db/client.ts';
import { badRequest, causedBy, conflict, HttpError } from '../lib/http-error.ts';
import { hashCallbackSecret } from './callbacks.ts';
import { orderMoney } from './money.ts';
import type { Payments } from './context.ts';
import { recordEvents } from './events-repo.ts';
import type { PaymentMethod, PaymentProvider } from './provider.ts';
import * as repo from './repo.ts';
import { recordRequestAccepted, recordStartFailed } from './settlement.ts';

/** A request whose answer was lost is given up after this long, unless a callback names it. */
export const ANSWER_LOST_AFTER_MS = 5 * 60_000;

export interface PaymentRequest {
  method?: PaymentMethod | undefined;
  /** A Kenyan mobile number, normalised by the body's schema (2547…). */
  phone?: string | undefined;
}

/** A payment checked and admitted, before its order is made. */
export interface PreparedPayment {
  provider: PaymentProvider;
  phone: string | null;
  /** The order's payment method as people see it. */
  label: string;
}

/**
 * Before the order is made: the provider of the method, and what it needs (a phone it can ask,
 * the profile's when none is given). What rings a phone is throttled per account.
 */
export async function preparePayment(
  p: Payments,
  userId: number,
  request: PaymentRequest,
): Promise<PreparedPayment> {
  const provider = p.providers.forMethod(request.method);
  if (!provider.asksPhone) return { provider, phone: null, label: provider.label };
  await p.admitPhoneRequest(userId);
  const phone = request.phone ?? normaliseKenyanMobile((await getUser(p.db, userId)).phoneNumber);
  if (!phone) throw badRequest(MPESA_MESSAGES.invalidPhone, { phone: MPESA_MESSAGES.invalidPhone });
  return { provider, phone, label: provider.label };
}

/** The order to pay: what it still owes is read from its account when the payment is made. */
export interface PlacedOrder {
  id: number;
  /** The shop's language it is paid in: a provider's page sends the shopper back to that shop. */
  language?: Locale | undefined;
}

export type Started =
  /** Send the browser to the provider's page. */
  | { kind: 'redirect'; orderId: number; paymentId: string; link: string }
  /** The shopper is being asked; follow the payment at GET /api/payments/{paymentId}. */
  | { kind: 'waiting'; orderId: number; paymentId: string; sandboxPhoneUrl?: string }
  /** The shopper pays from the M-Pesa menu with these figures; follow it the same way. */
  | {
      kind: 'instructions';
      orderId: number;
      paymentId: string;
      paybill: Paybill;
      sandboxPhoneUrl?: string;
    }
  /** Confirmed, to be paid when it is delivered. */
  | { kind: 'on-delivery'; orderId: number; paymentId: string };

const replaced = () =>
  conflict(
    'This checkout was replaced by a newer one from your account. Please use the newest payment page.',
    'CHECKOUT_REPLACED',
  );

export async function startPayment(
  p: Payments,
  prepared: PreparedPayment,
  order: PlacedOrder,
  baseUrl: string,
): Promise<Started> {
  const { db } = p;
  const { provider } = prepared;
  const secret = randomBytes(32).toString('base64url');

  // 1. The payment's intent, unless a newer checkout of the same shopper replaced the order. It
  //    asks for what the order still owes (part may have come in from the M-Pesa menu); a payment
  //    whose money adds up (Paybill) is given again while it is open.
  const { payment, amountCents } = await db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, order.id);
    if (locked?.status !== 'pending_payment') throw replaced();
    const open = await provider.openPayment?.(tx, order.id);
    if (open) return { payment: open, amountCents: open.amountCents - open.receivedCents };
    const { balance } = await orderMoney(tx, locked);
    if (balance <= 0) throw conflict('This order is paid already.', 'ORDER_NOT_PAYABLE');
    const inserted = await repo.insertPayment(tx, {
      orderId: order.id,
      provider: provider.name,
      providerPaymentId: `${provider.idPrefix}-${randomBytes(16).toString('base64url')}`,
      method: provider.method,
      phone: prepared.phone,
      callbackSecretHash: provider.parseCallback ? hashCallbackSecret(secret) : null,
      amountCents: balance,
      currency: 'KES',
      settlementCurrency: 'KES',
      settlementAmountMinor: balance,
      // Until the provider answers: if it never does, the query job gives the request up then.
      nextQueryAt: provider.query ? new Date(Date.now() + ANSWER_LOST_AFTER_MS) : null,
    });
    return { payment: inserted, amountCents: balance };
  });
  const paymentId = payment.providerPaymentId;
  // The shop's pages in the order's language (/sw/… for Kiswahili); callbacks stay at the root.
  const pagesUrl = `${baseUrl}${localePrefix(order.language ?? 'en')}`;

  // 2. The provider, with no transaction open (it is a network call).
  const outcome = await provider.start({
    paymentId,
    orderId: order.id,
    amountCents,
    // One per payment: an order paid again later is a new request at the provider.
    requestId: `duka-payment-${payment.id}`,
    returnUrl: `${pagesUrl}/excute-payment`,
    cancelUrl: `${pagesUrl}/cart?payment=cancelled`,
    callbackUrl: provider.callback ? `${baseUrl}${provider.callback.path}/${secret}` : '',
    phone: prepared.phone,
  });

  // 3. What the provider said, in a short transaction (a refusal is thrown once it is recorded).
  const started = await db.transaction(async (tx): Promise<Started | HttpError> => {
    await recordEvents(tx, payment.id, outcome.log);
    switch (outcome.kind) {
      case 'redirect': {
        // The order may have been replaced by a newer checkout meanwhile: its payment is closed.
        if (!(await stillOpen(tx, payment.id))) return replaced();
        await repo.updatePayment(tx, payment.id, {
          providerPaymentId: outcome.providerPaymentId,
          ...(outcome.settlement && {
            settlementCurrency: outcome.settlement.currency,
            settlementAmountMinor: outcome.settlement.amountMinor,
            exchangeRate: outcome.settlement.exchangeRate,
          }),
        });
        return {
          kind: 'redirect',
          orderId: order.id,
          paymentId: outcome.providerPaymentId,
          link: outcome.approveUrl,
        };
      }
      case 'waiting': {
        const next = new Date(Date.now() + p.queryAfterMs);
        await recordRequestAccepted(tx, payment.id, outcome, next);
        const page = provider.sandboxPage?.waitingUrl?.(paymentId);
        return {
          kind: 'waiting',
          orderId: order.id,
          paymentId,
          ...(page ? { sandboxPhoneUrl: page } : {}),
        };
      }
      case 'instructions': {
        const page = provider.sandboxPage?.waitingUrl?.(paymentId);
        return {
          kind: 'instructions',
          orderId: order.id,
          paymentId,
          paybill: outcome.paybill,
          ...(page ? { sandboxPhoneUrl: page } : {}),
        };
      }
      case 'on-delivery': {
        const { order: locked } = await repo.lockWithOrder(tx, payment.id);
        const effect = await p.applyToOrder(tx, locked, { kind: 'on-delivery' });
        if (effect !== 'confirmed') return replaced();
        return { kind: 'on-delivery', orderId: order.id, paymentId };
      }
      case 'failed': {
        if (!outcome.mayHaveStarted)
          await recordStartFailed(tx, payment.id, outcome.answer.message);
        if (outcome.releasesOrder) {
          const locked = (await repo.lockOrder(tx, order.id))!;
          await p.applyToOrder(tx, locked, { kind: 'failed', reason: 'the provider failed' });
        }
        // The operator's log gets the provider's reason (plugins/errors.ts logs a cause).
        return causedBy(outcome.answer, new Error(outcome.cause));
      }
    }
  });
  if (started instanceof HttpError) throw started;
  return started;
}

/** False when the payment was closed meanwhile (its order replaced by a newer checkout). */
async function stillOpen(tx: Tx, paymentId: number): Promise<boolean> {
  const { order, payment } = await repo.lockWithOrder(tx, paymentId);
  return order.status === 'pending_payment' && payment.status === 'created';
}

// Erasure, for the payments of a person's orders: the payments stay for the books (amounts,
// receipts, result codes), but who paid goes: the payer id, the phone each M-Pesa payment was
// asked from, the phone money was sent back to (B2C), and those phones (and the account's) wherever
// a provider's request or callback body carried them, callbacks that matched no payment included.
import { and, inArray, ne } from 'drizzle-orm';
import { normaliseKenyanMobile } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { mpesaC2b, payments, refunds } from './schema.ts';
import { maskInEvents, maskPayerInC2bBodies } from './events-repo.ts';
import { MASK } from './mpesa/daraja/mask.ts';

/** Every way a phone number may have been written down: as typed, 2547…, and 07…. */
function phoneForms(phone: string): string[] {
  const msisdn = normaliseKenyanMobile(phone.replace(/[\s()-]/g, ''));
  return msisdn ? [phone, msisdn, `0${msisdn.slice(3)}`] : [phone];
}

export async function forgetPayers(
  tx: Tx,
  orderIds: readonly number[],
  accountPhone: string,
): Promise<void> {
  const phones = accountPhone ? phoneForms(accountPhone) : [];
  if (orderIds.length) {
    const asked = await tx
      .select({ phone: payments.phone })
      .from(payments)
      .where(inArray(payments.orderId, [...orderIds]));
    for (const { phone } of asked) if (phone) phones.push(...phoneForms(phone));
    // Where money went back by B2C (its request body names the phone too). A refund not sent
    // yet keeps its phone; once sent, its status is asked by the request's key.
    const sent = and(inArray(refunds.orderId, [...orderIds]), ne(refunds.status, 'requested'));
    const sentTo = await tx.select({ phone: refunds.phone }).from(refunds).where(sent);
    for (const { phone } of sentTo) if (phone) phones.push(...phoneForms(phone));
    await tx.update(refunds).set({ phone: null }).where(sent);
    const paid = (
      await tx
        .update(payments)
        .set({ payerId: null, phone: null, claimedReceipt: null })
        .where(inArray(payments.orderId, [...orderIds]))
        .returning({ id: payments.id })
    ).map((r) => r.id);
    // Who paid from the M-Pesa menu: the receipt and the amount stay for the books.
    if (paid.length) {
      const payers = await tx
        .select({ receipt: mpesaC2b.transId, msisdn: mpesaC2b.msisdn })
        .from(mpesaC2b)
        .where(inArray(mpesaC2b.paymentId, paid));
      for (const payer of payers) if (payer.msisdn) phones.push(...phoneForms(payer.msisdn));
      await maskPayerInC2bBodies(
        tx,
        payers.map((payer) => payer.receipt),
        MASK,
      );
      await tx
        .update(mpesaC2b)
        .set({ msisdn: null, payerName: null })
        .where(inArray(mpesaC2b.paymentId, paid));
    }
  }
  await maskInEvents(tx, phones, MASK);
}

// Erasure, for the payments of a person's orders: the payments stay for the books (amounts,
// receipts, result codes), but who paid goes: the payer id, the phone each M-Pesa payment was
// asked from, and those phones (and the account's) wherever a provider's request or callback body
// carried them, callbacks that matched no payment included.
import { inArray } from 'drizzle-orm';
import { normaliseKenyanMobile } from '@duka/domain';
import type { Tx } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import { maskInEvents } from './events-repo.ts';
import { MASK } from './mpesa/mask.ts';

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
    const paid = await tx
      .select({ phone: payments.phone })
      .from(payments)
      .where(inArray(payments.orderId, [...orderIds]));
    for (const { phone } of paid) if (phone) phones.push(...phoneForms(phone));
    await tx
      .update(payments)
      .set({ payerId: null, phone: null })
      .where(inArray(payments.orderId, [...orderIds]));
  }
  await maskInEvents(tx, phones, MASK);
}

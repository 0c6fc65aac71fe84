// What an M-Pesa refund needs before its money is set aside (decision record 029): M-Pesa moves
// whole shillings only, to a phone, so the phone the payment came from must be known.
import { eq } from 'drizzle-orm';
import { formatKsh, normaliseKenyanMobile } from '@duka/domain';
import { accountPhone } from '../../../auth/accounts.ts';
import type { Tx } from '../../../db/client.ts';
import { unprocessable } from '../../../lib/http-error.ts';
import type { OrderRow, PaymentRow } from '../../repo.ts';
import { mpesaC2b } from '../../schema.ts';
import { payerPhoneMatches } from '../payer-phone.ts';

/** The Kenyan mobile numbers among these, as 2547…. */
const mobiles = (phones: readonly (string | null | undefined)[]) =>
  phones.flatMap((phone) => {
    const normal = phone ? normaliseKenyanMobile(phone) : null;
    return normal ? [normal] : [];
  });

/**
 * The phone M-Pesa money goes back to: the one a push asked, else the payer's from a Paybill/Till
 * confirmation — in full, or the order's or account's phone when it is consistent with a masked or
 * hashed one. Null when none is known (then a person refunds it by hand).
 */
async function payerPhoneOf(tx: Tx, payment: PaymentRow, order: OrderRow) {
  if (payment.phone) return payment.phone;
  const paidIn = await tx
    .select({ msisdn: mpesaC2b.msisdn })
    .from(mpesaC2b)
    .where(eq(mpesaC2b.paymentId, payment.id));
  const known = mobiles([order.phone, await accountPhone(tx, order.userId)]);
  for (const { msisdn } of paidIn) {
    const full = mobiles([msisdn])[0];
    if (full) return full;
    const match = known.find((phone) => payerPhoneMatches(msisdn, [phone]));
    if (match) return match;
  }
  return null;
}

/** M-Pesa moves no cents: a B2C refund is asked in whole shillings, or made by hand. */
export function wholeShillings(cents: number) {
  if (cents % 100 === 0) return;
  const down = Math.floor(cents / 100) * 100;
  const choices = [down, down + 100].filter((x) => x > 0).map(formatKsh);
  throw unprocessable(
    `M-Pesa sends whole shillings: ask for ${choices.join(' or ')}, or refund it by hand and give its reference.`,
    'MPESA_WHOLE_SHILLINGS',
  );
}

/** A refund of an order's M-Pesa payment: to the phone that paid, in whole shillings. */
export async function checkB2cRefund(
  tx: Tx,
  refund: { payment: PaymentRow; order: OrderRow; amountCents: number },
): Promise<{ phone: string }> {
  const phone = await payerPhoneOf(tx, refund.payment, refund.order);
  if (!phone) {
    throw unprocessable(
      'The phone this payment came from is not known: refund it by hand, then give the refund’s reference.',
      'REFUND_BY_HAND',
    );
  }
  wholeShillings(refund.amountCents);
  return { phone };
}

// What a recorded payment from the M-Pesa menu means (method 'mpesa_paybill', Paybill or Till):
// its status shows what to enter while it waits and what has come in so far, since money adds up
// on it (decision record 018); a failure is said in M-Pesa's words.
import { MPESA_MESSAGES } from '@duka/domain';
import type { PaymentMethodTraits } from '../../provider.ts';

export const c2bMethod: PaymentMethodTraits = {
  method: 'mpesa_paybill',
  statusMethod: 'mpesa_paybill',
  failedMessage: MPESA_MESSAGES.failed,
  receiptWhilePending: MPESA_MESSAGES.receiptToBeConfirmed,
  byHandRefund: 'manual',
  statusExtras(view, payment, provider) {
    if (view.status === 'pending' && provider?.instructions) {
      view.paybill = provider.instructions(
        payment.orderId,
        payment.amountCents - payment.receivedCents,
      );
    }
    view.received = payment.receivedCents;
    if (payment.overpaidCents > 0) view.overpaid = payment.overpaidCents;
  },
};

// What a recorded M-Pesa push payment means (method 'mpesa'), with or without Daraja configured:
// M-Pesa's words for its failures, and 'to be confirmed' while only the query API said paid.
import { MPESA_MESSAGES, mpesaResultMessage } from '@duka/domain';
import type { PaymentMethodTraits } from '../../provider.ts';

export const stkMethod: PaymentMethodTraits = {
  method: 'mpesa',
  statusMethod: 'mpesa',
  failedMessage: MPESA_MESSAGES.failed,
  resultMessage: mpesaResultMessage,
  unansweredMessage: MPESA_MESSAGES.notAnswering,
  receiptWhilePending: MPESA_MESSAGES.receiptToBeConfirmed,
  // The query API paid it before the callback brought the receipt.
  transactionIdWhilePending: MPESA_MESSAGES.receiptToBeConfirmed,
  byHandRefund: 'manual',
};

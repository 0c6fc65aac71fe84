// What the shopper is told about an M-Pesa payment (issue 14), free of zod so a screen can import
// it without the schemas. Words chosen with the shop's support staff: they quote them back.
import { formatKsh } from '../pricing/money.ts';

export const MPESA_MESSAGES = {
  payWithMpesa: 'Pay with M-Pesa',
  payWithPaypal: 'Pay with PayPal',
  phoneLabel: 'M-Pesa phone number',
  send: 'Send request to phone',
  checkPhone: 'Check your phone',
  tryAgain: 'Try again',
  invalidPhone: 'Enter a Kenyan mobile number such as 0712 345 678.',
  cancelled: 'You cancelled the M-Pesa request.',
  unreachable: 'Your phone could not be reached. Check that it is on and try again.',
  wrongPin: 'The M-Pesa PIN was wrong.',
  balance: 'Your M-Pesa balance is not enough for this payment.',
  failed: 'M-Pesa could not complete the payment.',
  notAnswering: 'M-Pesa is not answering right now. Please try again in a minute.',
  /** The query API paid the order before the callback brought the receipt. */
  receiptToBeConfirmed: 'to be confirmed',
  payViaPaybill: 'Pay via M-Pesa Paybill',
  payViaTill: 'Pay via M-Pesa Till',
  invalidCode: 'Enter the 10-letter M-Pesa code from your SMS, such as QK12ABC3DE.',
  codeUsed: 'This M-Pesa code has already paid another order.',
  codeWaiting:
    'We have not heard from M-Pesa about this code yet. Your order will be paid as soon as we do.',
  notPayable: 'This order is no longer waiting for payment.',
  codeOtherPhone:
    'This M-Pesa payment was made from a phone number that is not on your order or your account, so it cannot pay this order. The payment is kept for our staff to match by hand: contact us if it was yours.',
  codeBeforeOrder:
    'This M-Pesa payment was made before this order was placed, so it cannot pay this order. The payment is kept for our staff to match by hand: contact us if it was yours.',
} as const;

/** The bar on every page while the payment sandboxes run where real money is expected. */
export const SANDBOX_NOTICE = 'Sandbox — no real money moves';

/** A Till payment that does not cover what the order still owes. */
export function tillCodeTooLittle(amountCents: number, dueCents: number): string {
  return `This M-Pesa payment of ${formatKsh(amountCents)} is less than the ${formatKsh(dueCents)} due on this order, so it cannot pay it. The payment is kept for our staff to match by hand: contact us if it was yours.`;
}

/** A Till payment of far more than the order owes: a person looks before it is applied. */
export function tillCodeTooMuch(amountCents: number, dueCents: number): string {
  return `This M-Pesa payment of ${formatKsh(amountCents)} is more than the ${formatKsh(dueCents)} due on this order, so it cannot pay it. The payment is kept for our staff to match by hand: contact us if it was yours.`;
}

/** 'Enter your M-Pesa PIN to pay Ksh 12,345' */
export function enterPinMessage(amountCents: number): string {
  return `Enter your M-Pesa PIN to pay ${formatKsh(amountCents)}`;
}

/** Daraja's ResultCode of a finished STK push, as the shopper reads it. */
export function mpesaResultMessage(resultCode: number): string {
  switch (resultCode) {
    case 1032:
      return MPESA_MESSAGES.cancelled;
    case 1037:
      return MPESA_MESSAGES.unreachable;
    case 2001:
      return MPESA_MESSAGES.wrongPin;
    case 1:
      return MPESA_MESSAGES.balance;
    default:
      return MPESA_MESSAGES.failed;
  }
}

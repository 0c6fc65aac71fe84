// What a recorded PayPal payment means (method 'paypal', whether PayPal or its sandbox took it).
import type { PaymentMethodTraits } from '../provider.ts';

export const paypalMethod: PaymentMethodTraits = {
  method: 'paypal',
  statusMethod: 'paypal',
  failedMessage: 'The payment failed.',
  byHandRefund: 'manual',
};

// What a recorded payment on delivery means (method 'pay_on_delivery'): its money is collected at
// the door, so a refund made by hand is recorded as cash.
import type { PaymentMethodTraits } from '../provider.ts';

export const onDeliveryMethod: PaymentMethodTraits = {
  method: 'pay_on_delivery',
  // The shopper's payment status has always named it so; kept, so that the answer does not change.
  statusMethod: 'paypal',
  failedMessage: 'The payment failed.',
  byHandRefund: 'cash',
};

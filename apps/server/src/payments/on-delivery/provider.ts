// Pay on delivery (issue 22) as a payment provider: starting it asks nobody and moves no money;
// the order is confirmed with its stock held, and the payment is captured when the admin records
// the collection (collect.ts), in cash or by M-Pesa at the door. Offered county by county, up to
// each county's maximum (decision record 020): checkout asks `refuseOrder` before the order is made.
import { PAY_ON_DELIVERY_LABEL, payOnDeliveryRefusal } from '@duka/domain';
import { unprocessable } from '../../lib/http-error.ts';
import type { OrderTerms, PaymentProvider, StartOutcome } from '../provider.ts';

export class PayOnDeliveryProvider implements PaymentProvider {
  readonly name = 'pay-on-delivery';
  readonly method = 'pay_on_delivery';
  readonly label = PAY_ON_DELIVERY_LABEL;
  readonly checkoutLabel = PAY_ON_DELIVERY_LABEL;
  readonly kind = 'on_delivery';
  readonly idPrefix = 'POD';
  readonly asksPhone = false;

  refuseOrder(order: OrderTerms) {
    const refusal = payOnDeliveryRefusal(order.county, order.totalCents);
    return refusal ? unprocessable(refusal, 'PAY_ON_DELIVERY_UNAVAILABLE') : null;
  }

  async start(): Promise<StartOutcome> {
    return { kind: 'on-delivery', log: [] };
  }
}

// Pay on delivery (issue 22) as a payment provider: starting it asks nobody and moves no money;
// the order is confirmed with its stock held, and the payment is captured when the admin records
// the collection (collect.ts), in cash or by M-Pesa at the door.
import { PAY_ON_DELIVERY_LABEL } from '@duka/domain';
import type { PaymentProvider, StartOutcome } from '../provider.ts';

export class PayOnDeliveryProvider implements PaymentProvider {
  readonly name = 'pay-on-delivery';
  readonly method = 'pay_on_delivery';
  readonly label = PAY_ON_DELIVERY_LABEL;
  readonly idPrefix = 'POD';
  readonly asksPhone = false;

  async start(): Promise<StartOutcome> {
    return { kind: 'on-delivery', log: [] };
  }
}

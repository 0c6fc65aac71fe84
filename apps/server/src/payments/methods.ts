// Every payment method the shop knows, and what a recorded payment of it means (provider.ts
// `PaymentMethodTraits`): read by method, so that a payment made before a change of configuration
// still reads as it did. One line per method; the compiler asks for a method new in the domain's
// list. The providers that take payments now are registry.ts's.
import type { PaymentMethod } from '@duka/domain';
import { c2bMethod } from './mpesa/c2b/method.ts';
import { stkMethod } from './mpesa/stk/method.ts';
import { onDeliveryMethod } from './on-delivery/method.ts';
import { paypalMethod } from './paypal/method.ts';
import type { PaymentMethodTraits } from './provider.ts';

const METHODS: Record<PaymentMethod, PaymentMethodTraits> = {
  mpesa: stkMethod,
  mpesa_paybill: c2bMethod,
  paypal: paypalMethod,
  pay_on_delivery: onDeliveryMethod,
};

/** The traits of a recorded payment's method (the column is text: anything else reads as PayPal). */
export function traitsOf(method: string): PaymentMethodTraits {
  return Object.hasOwn(METHODS, method) ? METHODS[method as PaymentMethod] : paypalMethod;
}

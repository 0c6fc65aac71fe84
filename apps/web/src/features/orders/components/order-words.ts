// An order's way of paying in the page's language (issue 37): it is kept with the order as the
// checkout named it, in English; the names (M-Pesa, PayPal) stay, the words are translated.
import { useCallback } from 'react';
import { useOrdersText } from '../text.ts';

const METHOD_KEYS = {
  'Pay on delivery': 'payment.payOnDelivery',
  'Exchange (no charge)': 'payment.exchange',
} as const;

export function usePaymentMethodText(): (method: string) => string {
  const t = useOrdersText();
  return useCallback(
    (method: string) =>
      method in METHOD_KEYS ? t(METHOD_KEYS[method as keyof typeof METHOD_KEYS]) : method,
    [t],
  );
}

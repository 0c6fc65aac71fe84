// 'M-Pesa, M-Pesa Paybill and PayPal' in the page's language: lib/payment-methods.ts's methodList
// with the page's word for 'and'.
import type { ShopPaymentMethod } from '../../lib/payment-methods.ts';
import { useStaticText } from './text.ts';

export function useMethodList(): (methods: readonly ShopPaymentMethod[]) => string {
  const t = useStaticText();
  return (methods) => {
    const labels = methods.filter((m) => m.kind !== 'on_delivery').map((m) => m.label);
    return labels.length <= 1
      ? (labels[0] ?? '')
      : `${labels.slice(0, -1).join(', ')} ${t('staticPages.and')} ${labels.at(-1)}`;
  };
}

// 'M-Pesa, M-Pesa Paybill and PayPal' in the page's language: lib/payment-methods.ts's methodList
// with the page's word for 'and'.
import { methodList, type ShopPaymentMethod } from '../../lib/payment-methods.ts';
import { useStaticText } from './text.ts';

export function useMethodList(): (methods: readonly ShopPaymentMethod[]) => string {
  const t = useStaticText();
  return (methods) => methodList(methods, t('staticPages.and'));
}

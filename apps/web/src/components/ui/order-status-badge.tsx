import type { OrderStatus } from '@duka/domain';
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from '../../lib/i18n/locale-context.tsx';
import { uiTextIn, type UiKey } from './text.ts';

type StatusKey = Extract<UiKey, `orderStatus.${string}`>;

const LABELS: Record<OrderStatus, [StatusKey, string]> = {
  pending_payment: ['orderStatus.pendingPayment', 'bg-amber-100 text-amber-800'],
  confirmed: ['orderStatus.confirmed', 'bg-teal-100 text-teal-800'],
  paid: ['orderStatus.paid', 'bg-emerald-100 text-emerald-800'],
  processing: ['orderStatus.processing', 'bg-sky-100 text-sky-800'],
  shipped: ['orderStatus.shipped', 'bg-indigo-100 text-indigo-800'],
  ready_for_pickup: ['orderStatus.readyForPickup', 'bg-violet-100 text-violet-800'],
  delivered: ['orderStatus.delivered', 'bg-green-100 text-green-800'],
  cancelled: ['orderStatus.cancelled', 'bg-slate-200 text-slate-700'],
  refund_due: ['orderStatus.refundDue', 'bg-orange-100 text-orange-800'],
  refunded: ['orderStatus.refunded', 'bg-rose-100 text-rose-800'],
  returned_to_sender: ['orderStatus.returnedToSender', 'bg-slate-200 text-slate-700'],
};

/** The status in words: English unless a language is given (the back office stays English). */
export function orderStatusLabel(status: OrderStatus, locale: Locale = 'en'): string {
  return uiTextIn(locale)(LABELS[status][0]);
}

/** The same, in the page's language. */
export function useOrderStatusLabel(): (status: OrderStatus) => string {
  const locale = useLocale();
  return (status) => orderStatusLabel(status, locale);
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const label = useOrderStatusLabel();
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LABELS[status][1]}`}>
      {label(status)}
    </span>
  );
}

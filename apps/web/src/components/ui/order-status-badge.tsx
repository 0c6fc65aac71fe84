import type { OrderStatus } from '@duka/domain';

const LABELS: Record<OrderStatus, [string, string]> = {
  pending_payment: ['Awaiting payment', 'bg-amber-100 text-amber-800'],
  confirmed: ['Pay on delivery', 'bg-teal-100 text-teal-800'],
  paid: ['Paid', 'bg-emerald-100 text-emerald-800'],
  processing: ['Processing', 'bg-sky-100 text-sky-800'],
  shipped: ['Shipped', 'bg-indigo-100 text-indigo-800'],
  ready_for_pickup: ['Ready for pickup', 'bg-violet-100 text-violet-800'],
  delivered: ['Delivered', 'bg-green-100 text-green-800'],
  cancelled: ['Cancelled', 'bg-slate-200 text-slate-700'],
  refund_due: ['Paid — refund due', 'bg-orange-100 text-orange-800'],
  refunded: ['Refunded', 'bg-rose-100 text-rose-800'],
  returned_to_sender: ['Returned to sender', 'bg-slate-200 text-slate-700'],
};

export function orderStatusLabel(status: OrderStatus): string {
  return LABELS[status][0];
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const [label, colours] = LABELS[status];
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{label}</span>
  );
}

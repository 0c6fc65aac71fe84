// An order's statuses in the order it took them, with when (Nairobi time) and what went with each
// (a shipment's courier and tracking number; who moved it, for the back office).
import type { OrderStatus } from '@duka/domain';
import { formatNairobiDateTime } from '../../lib/dates.ts';
import { useOrderStatusLabel } from './order-status-badge.tsx';

export interface TimelineItem {
  status: OrderStatus;
  at: string;
  note?: string | null;
  by?: string | null;
}

export function OrderTimeline({ items, label }: { items: TimelineItem[]; label: string }) {
  const statusLabel = useOrderStatusLabel();
  return (
    <ol aria-label={label} className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {items.map((item, i) => (
        <li key={`${item.status}-${item.at}-${i}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[27px] size-3 rounded-full ${
              i === items.length - 1 ? 'bg-brand-700' : 'bg-slate-300'
            }`}
          />
          <p className="font-medium text-slate-900">{statusLabel(item.status)}</p>
          <p className="text-sm text-slate-600">
            <time dateTime={item.at}>{formatNairobiDateTime(item.at)}</time>
            {item.by && <> · {item.by}</>}
          </p>
          {item.note && <p className="text-sm text-slate-700">{item.note}</p>}
        </li>
      ))}
    </ol>
  );
}

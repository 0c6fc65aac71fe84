// Moves an order along its lifecycle to one of the statuses the server offers it; a refund made by
// hand takes its reference and a shipment its courier and tracking number. Only the moves the
// person may make are offered: moving needs orders.fulfil, refunding also payments.refund.
import { useId, useState } from 'react';
import type { OrderStatus } from '@duka/domain';
import { useNotice } from '../../../components/ui/notices.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { orderStatusLabel } from '../../../components/ui/order-status-badge.tsx';
import { useUpdateOrderStatus } from '../api/orders-admin-api.ts';

export function StatusControl({ order }: { order: { id: number; next_statuses: OrderStatus[] } }) {
  const id = useId();
  const notice = useNotice();
  const update = useUpdateOrderStatus();
  const can = useCan();
  const offered = can('orders.fulfil')
    ? order.next_statuses.filter((s) => s !== 'refunded' || can('payments.refund'))
    : [];
  // The choice falls back to the first move offered: permissions arrive with the current user.
  const [chosen, setNext] = useState<OrderStatus>();
  const next = chosen && offered.includes(chosen) ? chosen : offered[0];
  const [reference, setReference] = useState('');
  const [courier, setCourier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  if (!next) return null;
  return (
    <form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          {
            id: order.id,
            status: next,
            refundReference: reference.trim() || undefined,
            ...(next === 'shipped' && {
              courier: courier.trim() || undefined,
              trackingNumber: trackingNumber.trim() || undefined,
            }),
          },
          {
            onSuccess: (o) =>
              notice(
                'success',
                `Order ${o.id} is now ${orderStatusLabel(o.status).toLowerCase()}.`,
              ),
          },
        );
      }}
    >
      <div className="flex items-center gap-2 max-lg:justify-end">
        <label htmlFor={id} className="sr-only">
          New status for order {order.id}
        </label>
        <select
          id={id}
          value={next}
          onChange={(e) => setNext(e.target.value as OrderStatus)}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
        >
          {offered.map((s) => (
            <option key={s} value={s}>
              {orderStatusLabel(s)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          Update<span className="sr-only"> order {order.id}</span>
        </button>
      </div>
      {/* A parcel returned to sender gives back any money it took, like a refund. */}
      {(next === 'refunded' || next === 'returned_to_sender') && (
        <div className="mt-2 max-lg:text-right">
          <label htmlFor={`${id}-reference`} className="block text-xs text-slate-500">
            Refund reference, if refunded by hand
          </label>
          <input
            id={`${id}-reference`}
            value={reference}
            maxLength={100}
            onChange={(e) => setReference(e.target.value)}
            className="mt-1 w-40 rounded-lg border border-slate-300 px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
          />
        </div>
      )}
      {next === 'shipped' && (
        <div className="mt-2 space-y-1 max-lg:text-right">
          <label htmlFor={`${id}-courier`} className="block text-xs text-slate-500">
            Courier
          </label>
          <input
            id={`${id}-courier`}
            value={courier}
            maxLength={80}
            onChange={(e) => setCourier(e.target.value)}
            className="w-40 rounded-lg border border-slate-300 px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
          />
          <label htmlFor={`${id}-tracking`} className="block text-xs text-slate-500">
            Tracking number
          </label>
          <input
            id={`${id}-tracking`}
            value={trackingNumber}
            maxLength={80}
            onChange={(e) => setTrackingNumber(e.target.value)}
            className="w-40 rounded-lg border border-slate-300 px-2 py-1 text-xs focus:border-brand-600 focus:outline-none"
          />
        </div>
      )}
      {update.isError && (
        <p role="alert" className="mt-1 max-w-64 text-xs text-red-700 max-lg:ml-auto">
          {update.error.message}
        </p>
      )}
    </form>
  );
}

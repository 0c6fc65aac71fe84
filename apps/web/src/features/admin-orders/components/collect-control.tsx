// For an order paid on delivery: records the money the courier or the shop collected, which makes
// the order paid (POST /api/admin/orders/{id}/collect). Shown to those with payments.collect.
import { useId, useState } from 'react';
import { useNotice } from '../../../components/ui/notices.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useCollectOrder } from '../api/orders-admin-api.ts';

const small =
  'rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs focus:border-brand-600 focus:outline-none';

export function CollectControl({ order }: { order: { id: number } }) {
  const id = useId();
  const notice = useNotice();
  const collect = useCollectOrder();
  const [method, setMethod] = useState<'cash' | 'mpesa'>('cash');
  const [reference, setReference] = useState('');
  const can = useCan();
  if (!can('payments.collect')) return null;
  return (
    <form
      className="mt-2 space-y-1 max-lg:text-right"
      onSubmit={(e) => {
        e.preventDefault();
        // Not mutate's onSuccess: the refreshed list no longer shows this form (the order is paid),
        // and a form gone before its callback runs never says so (seen on a busy CI host).
        collect
          .mutateAsync({
            id: order.id,
            method,
            ...(reference.trim() ? { reference: reference.trim() } : {}),
          })
          .then(
            () => notice('success', `Order ${order.id} is now paid.`),
            () => undefined, // shown below the form by collect.isError
          );
      }}
    >
      <div className="flex items-center gap-2 max-lg:justify-end">
        <label htmlFor={`${id}-method`} className="sr-only">
          How order {order.id} was paid
        </label>
        <select
          id={`${id}-method`}
          value={method}
          onChange={(e) => setMethod(e.target.value === 'mpesa' ? 'mpesa' : 'cash')}
          className={small}
        >
          <option value="cash">Cash</option>
          <option value="mpesa">M-Pesa</option>
        </select>
        <button
          type="submit"
          disabled={collect.isPending}
          className="rounded-lg bg-emerald-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-emerald-800 disabled:opacity-50"
        >
          Record payment<span className="sr-only"> of order {order.id}</span>
        </button>
      </div>
      <label htmlFor={`${id}-reference`} className="block text-xs text-slate-500">
        {method === 'mpesa' ? 'M-Pesa code' : 'Receipt number (optional)'}
      </label>
      <input
        id={`${id}-reference`}
        value={reference}
        maxLength={60}
        onChange={(e) => setReference(e.target.value)}
        className={`${small} w-40`}
      />
      {collect.isError && (
        <p role="alert" className="max-w-64 text-xs text-red-700 max-lg:ml-auto">
          {collect.error.message}
        </p>
      )}
    </form>
  );
}

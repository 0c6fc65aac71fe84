// The Payments card of the back office's order page (issues 22 and 34): each payment, what came in
// on it where that is not simply its amount (a Paybill paid in parts, or over), then the order's
// money: total, paid, refunded and the balance either way, with its state in words.
import type { AdminOrderDetail } from '@duka/domain';
import { paymentWords } from '@duka/domain/admin/words';
import { formatKsh } from '@duka/domain/pricing/money';
import { OrderMoney } from '../../../components/ui/order-money.tsx';

type Payment = AdminOrderDetail['payments'][number];

/** 'received Ksh 1,000 so far', 'Ksh 122 over': only where it differs from the amount asked. */
function receivedNote(p: Payment): string | null {
  if (p.overpaid > 0) return `received ${formatKsh(p.received)}: ${formatKsh(p.overpaid)} over`;
  if (p.received > 0 && p.received < p.amount) return `received ${formatKsh(p.received)} so far`;
  return null;
}

export function OrderPayments({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      {order.payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payment yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {order.payments.map((p) => {
            const note = receivedNote(p);
            return (
              <li key={p.id}>
                {paymentWords(p.method, p.status)} · {formatKsh(p.amount)}
                {note && (
                  <span className={p.overpaid > 0 ? 'font-medium text-orange-800' : ''}>
                    {' '}
                    · {note}
                  </span>
                )}
                {p.transaction_id && <span className="font-mono"> · {p.transaction_id}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 border-t border-slate-100 pt-3">
        <OrderMoney money={order.money} totalCents={order.order_total} />
      </div>
    </>
  );
}

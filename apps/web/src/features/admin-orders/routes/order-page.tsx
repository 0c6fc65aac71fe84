// One order in the back office (issue 22): what to pack (lines with SKU), for whom (name, e-mail,
// phone), where it goes or waits, its payments and timeline, and moving it on. 'Print packing
// slip' prints only the slip: what the packer and the courier need, nothing about money.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { OrderTimeline } from '../../../components/ui/order-timeline.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDateTime } from '../../../lib/dates.ts';
import { formatKenyanPhone } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { adminOrderQuery } from '../api/orders-admin-api.ts';
import { CollectControl } from '../components/collect-control.tsx';
import { OrderPayments } from '../components/order-payments.tsx';
import { ShipmentForm } from '../components/shipment-form.tsx';
import { StatusControl } from '../components/status-control.tsx';
import { withVariant } from '@duka/domain/catalog/variant-choice';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 break-inside-avoid">
      <h2 className="mb-2 font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The packing slip: printed, it is the whole page. */
function PackingSlip({ o }: { o: AdminOrderDetail }) {
  const street = [o.apartment_number, o.street_address].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="slip" className="rounded-xl border border-slate-300 bg-white p-5">
      <h2 id="slip" className="text-lg font-bold text-slate-900">
        Packing slip · Order no. {o.id}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-500">
            {o.pickup_point ? 'Pickup point' : 'Deliver to'}
          </h3>
          <address className="not-italic">
            <span className="block font-medium">{o.shipping_name}</span>
            <span className="block">{formatKenyanPhone(o.phone_number)}</span>
            {o.pickup_point ? (
              <>
                <span className="block">{o.pickup_point.name}</span>
                <span className="block">{o.pickup_point.address}</span>
              </>
            ) : (
              <>
                <span className="block">{street}</span>
                <span className="block">
                  {[o.city, o.county && `${o.county} County`, o.zip_code]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </>
            )}
          </address>
        </div>
        <div className="text-sm">
          <p>Ordered {formatNairobiDateTime(o.order_date)}</p>
          {o.courier && <p>Courier: {o.courier}</p>}
          {o.tracking_number && <p>Tracking number: {o.tracking_number}</p>}
          {o.collectable && (
            <p className="mt-1 font-semibold">Collect {formatKsh(o.order_total)} on delivery</p>
          )}
        </div>
      </div>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">What to pack</caption>
        <thead className="border-b border-slate-300 text-left">
          <tr>
            <th scope="col" className="py-1">
              SKU
            </th>
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1 text-right">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((item) => (
            <tr key={item.product_id} className="border-b border-slate-100">
              <td className="py-1 font-mono">{item.sku ?? '—'}</td>
              <td className="py-1">{withVariant(item.title, item.variant)}</td>
              <td className="py-1 text-right">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-right text-sm">
        {o.item_count} {o.item_count === 1 ? 'item' : 'items'}
      </p>
    </section>
  );
}

export default function AdminOrderPage({
  refunds,
}: {
  /** The order's refunds (the payments feature's, composed in app/), shown after its payments. */
  refunds: (order: AdminOrderDetail) => ReactNode;
}) {
  const id = Number(useParams().id);
  useDocumentTitle(`Order ${id}`);
  const order = useQuery({ ...adminOrderQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const can = useCan();
  if (order.isPending) return <LoadingText />;
  if (order.isError) return <ErrorText>Error: {order.error.message}</ErrorText>;
  const o = order.data;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Order {o.id}</h1>
          <OrderStatusBadge status={o.status} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => window.print()}>Print packing slip</Button>
          {/* Someone else's receipt is a tax document: invoices.read (decision record 021). */}
          {o.paid_at && can('invoices.read') && (
            <ButtonLink to={`/receipt/${o.id}`} variant="secondary">
              Receipt
            </ButtonLink>
          )}
          <ButtonLink to="/dashboard/orders" variant="secondary">
            All orders
          </ButtonLink>
        </div>
      </div>
      <PackingSlip o={o} />
      <div className="no-print grid gap-4 md:grid-cols-2">
        <Card title="Customer">
          <p>{o.shipping_name}</p>
          <p className="text-sm text-slate-600">{o.user_email}</p>
          <p className="text-sm text-slate-600">{formatKenyanPhone(o.phone_number)}</p>
          {o.tax_invoice_for && (
            <p className="mt-2 text-sm">
              Tax invoice for {o.tax_invoice_for.business_name ?? o.shipping_name}, KRA PIN{' '}
              <span className="font-mono">{o.tax_invoice_for.kra_pin}</span>
            </p>
          )}
        </Card>
        <Card title="Move this order">
          {o.collectable && <CollectControl order={o} />}
          {o.next_statuses.length === 0 ? (
            <p className="text-sm text-slate-600">This order cannot change any more.</p>
          ) : can('orders.fulfil') ? (
            <StatusControl key={o.status} order={o} />
          ) : (
            <p className="text-sm text-slate-600">Your role cannot move orders.</p>
          )}
        </Card>
        {o.status === 'shipped' && can('orders.fulfil') && (
          <Card title="Courier and tracking">
            {/* A new key when the saved values change starts the form on them. */}
            <ShipmentForm key={`${o.courier}|${o.tracking_number}`} order={o} />
          </Card>
        )}
        <Card title="Payments">
          <OrderPayments order={o} />
        </Card>
        {refunds(o)}
        <Card title="Timeline">
          <OrderTimeline items={o.timeline} label={`Timeline of order ${o.id}`} />
        </Card>
      </div>
    </div>
  );
}

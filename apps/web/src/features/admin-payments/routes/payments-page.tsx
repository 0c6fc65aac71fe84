// Payments (SPEC §2.14's orders list): every payment of an order, newest first, with the
// provider's transaction id (the M-Pesa receipt) once captured, the phone (masked) and the raw
// result with what was exchanged with the provider; money due back is flagged and refunded here.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminPayment } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { codeInWords } from '@duka/domain/admin/words';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDateTime } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { adminPaymentsQuery } from '../api/payments-admin-api.ts';
import {
  PaybillRegistration,
  StatementUpload,
  UnmatchedPayments,
} from '../components/mpesa-admin.tsx';
import { PaymentMessages, RefundPaymentForm } from '../components/payment-details.tsx';

const PAGE_SIZE = 10;

const PAYMENT_STATUSES: Record<string, [string, string]> = {
  created: ['Awaiting payment', 'bg-amber-100 text-amber-800'],
  capturing: ['Being confirmed', 'bg-amber-100 text-amber-800'],
  captured: ['Paid', 'bg-emerald-100 text-emerald-800'],
  failed: ['Failed', 'bg-rose-100 text-rose-800'],
  cancelled: ['Cancelled', 'bg-slate-200 text-slate-700'],
  expired: ['Expired', 'bg-slate-200 text-slate-700'],
  refunded: ['Refunded', 'bg-rose-100 text-rose-800'],
};

function PaymentStatus({ payment }: { payment: AdminPayment }) {
  const [label, colours] = PAYMENT_STATUSES[payment.status] ?? [
    codeInWords(payment.status),
    'bg-slate-100 text-slate-700',
  ];
  return (
    <>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{label}</span>
      {payment.refund_due && (
        <span className="ml-1 rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-800">
          Refund due
        </span>
      )}
      {payment.overpaid > 0 && (
        <span className="mt-1 block text-xs font-semibold text-orange-800">
          Paid {formatKsh(payment.overpaid)} over the total
        </span>
      )}
      {payment.attention && (
        <span className="mt-1 block rounded-lg bg-red-50 px-2 py-1 text-xs text-red-800">
          <span className="font-semibold">Needs attention:</span> {payment.attention.reason}
          {payment.attention.receipt && (
            <span className="block font-mono">Receipt {payment.attention.receipt}</span>
          )}
        </span>
      )}
      {payment.transaction_id && (
        <span className="mt-1 block font-mono text-xs text-slate-500">
          <span className="sr-only">
            {payment.method === 'mpesa' ? 'M-Pesa receipt ' : 'Transaction '}
          </span>
          {payment.transaction_id}
        </span>
      )}
      {payment.refund_reference && (
        <span className="mt-1 block text-xs text-slate-500">Refund {payment.refund_reference}</span>
      )}
      {payment.failure_reason && (
        <span className="mt-1 block text-xs text-slate-500 first-letter:uppercase">
          {payment.failure_reason}
        </span>
      )}
      <PaymentMessages payment={payment} />
      {payment.refund_due && payment.order_status !== 'refund_due' && (
        <RefundPaymentForm payment={payment} />
      )}
    </>
  );
}

const columns: Column<AdminPayment>[] = [
  { header: 'Id', cell: (p) => p.order_id },
  { header: 'Order Date', cell: (p) => formatNairobiDateTime(p.created_at) },
  { header: 'Shipping Address', cell: (p) => p.shipping_address, className: 'lg:max-w-64' },
  { header: 'Payment Method', cell: (p) => p.payment_method },
  { header: 'Phone', cell: (p) => p.phone ?? '—', className: 'whitespace-nowrap' },
  { header: 'Amount', cell: (p) => formatKsh(p.amount), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (p) => <PaymentStatus payment={p} /> },
];

export default function PaymentsPage() {
  useDocumentTitle('Payments');
  const [page, setPage] = useState(1);
  const payments = useQuery(adminPaymentsQuery(page, PAGE_SIZE));

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Payments</h1>
      {payments.isPending ? (
        <LoadingText />
      ) : payments.isError ? (
        <ErrorText>Error: {payments.error.message}</ErrorText>
      ) : payments.data.payments.length === 0 ? (
        <EmptyText>No orders found</EmptyText>
      ) : (
        <>
          <ResponsiveTable
            caption="Payments"
            columns={columns}
            rows={payments.data.payments}
            rowKey={(p) => p.id}
          />
          <Pagination
            page={page}
            pageCount={Math.ceil(payments.data.total / PAGE_SIZE)}
            onPageChange={setPage}
            windowSize={5}
            label="Payments pages"
          />
        </>
      )}
      <UnmatchedPayments />
      <StatementUpload />
      <PaybillRegistration />
    </div>
  );
}

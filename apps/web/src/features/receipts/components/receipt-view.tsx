// A tax invoice or credit note as KRA's eTIMS signed it (issues 23, 34): the trader, the items with
// their tax types, the totals by type, the control unit's numbers and signature, and the QR code
// of KRA's verification address. Prints on A4, or narrow on an 80 mm receipt printer.
import type { Receipt } from '@duka/domain';
import { formatKshExact } from '@duka/domain/pricing/money';
import { useReceiptsText } from '../text.ts';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-KE', {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

function Pair({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{term}</dt>
      <dd className="break-all">{children}</dd>
    </>
  );
}

function ControlUnit({ receipt }: { receipt: Receipt }) {
  const t = useReceiptsText();
  const unit = receipt.control_unit;
  const credit = receipt.kind === 'R';
  if (!unit) {
    const failed = receipt.status === 'failed';
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
        {credit
          ? t(failed ? 'receiptView.creditNoteFailed' : 'receiptView.creditNoteSending')
          : t(failed ? 'receiptView.invoiceFailed' : 'receiptView.invoiceSending')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <dl className="grid flex-1 grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        <Pair term={t('receiptView.cuId')}>{unit.sdc_id}</Pair>
        <Pair term={t('receiptView.cuInvoiceNumber')}>
          {unit.receipt_no}/{unit.total_receipt_no}
        </Pair>
        <Pair term={t('receiptView.internalData')}>
          <span className="font-mono">{unit.internal_data}</span>
        </Pair>
        <Pair term={t('receiptView.signature')}>
          <span className="font-mono">{unit.signature}</span>
        </Pair>
        <Pair term={t('receiptView.signed')}>{unit.signed_at}</Pair>
      </dl>
      <figure className="w-36 shrink-0">
        <div
          role="img"
          aria-label={t(credit ? 'receiptView.creditNoteQr' : 'receiptView.invoiceQr')}
          className="[&_svg]:h-auto [&_svg]:w-full"
          dangerouslySetInnerHTML={{ __html: unit.qr_svg }}
        />
        <figcaption className="mt-1 text-xs text-slate-500">{t('receiptView.scan')}</figcaption>
      </figure>
    </div>
  );
}

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useReceiptsText();
  const credit = receipt.kind === 'R';
  // An order has one invoice and a credit note for each refund: each is named by its number.
  const headingId = `receipt-${receipt.kind}-${receipt.invoice_no}`;
  return (
    <article
      aria-labelledby={headingId}
      className="receipt space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 print:border-0 print:p-0"
    >
      {receipt.sandbox && (
        <p className="rounded-lg border-2 border-red-600 px-3 py-2 text-center font-bold tracking-wide text-red-700">
          {t('receiptView.sandbox')}
        </p>
      )}
      {/* Not a <header>: the print style hides the shop's header elements. */}
      <div>
        <p className="text-lg font-bold text-slate-900">{receipt.trader_name}</p>
        <p className="text-sm text-slate-600">
          {t('receiptView.pinAndBranch', { pin: receipt.pin, branch: receipt.branch })}
        </p>
      </div>
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t(credit ? 'receiptView.creditNoteTitle' : 'receiptView.invoiceTitle', {
            no: receipt.invoice_no,
          })}
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
          {credit && receipt.original_invoice_no !== null && (
            <Pair term={t('receiptView.originalInvoice')}>{receipt.original_invoice_no}</Pair>
          )}
          <Pair term={t('receiptView.order')}>
            {t('receiptView.orderNo', { id: receipt.order_id })}
          </Pair>
          <Pair term={t('receiptView.date')}>{dateTime(receipt.issued_at)}</Pair>
          <Pair term={t('receiptView.customer')}>{receipt.customer_name}</Pair>
          {receipt.customer_pin && (
            <Pair term={t('receiptView.customerPin')}>{receipt.customer_pin}</Pair>
          )}
        </dl>
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('receiptView.items')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            <th scope="col" className="py-1 font-medium">
              {t('receiptView.item')}
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-medium">
              {t('receiptView.qty')}
            </th>
            <th scope="col" className="py-1 pl-2 text-center font-medium">
              {t('receiptView.tax')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('receiptView.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item, i) => (
            <tr key={i} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-2">{item.name}</td>
              <td className="py-1 pl-2 text-right">{item.quantity}</td>
              <td className="py-1 pl-2 text-center">{item.tax_type}</td>
              <td className="py-1 pl-2 text-right whitespace-nowrap">
                {formatKshExact(item.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-sm grid-cols-[1fr_max-content] gap-x-4 gap-y-1 text-sm">
        {receipt.totals_by_type.map((total) => (
          <div key={total.tax_type} className="contents">
            <dt className="text-slate-600">{t('receiptView.taxable', { type: total.label })}</dt>
            <dd className="text-right">{formatKshExact(total.taxable)}</dd>
            <dt className="text-slate-600">{t('receiptView.vat', { type: total.label })}</dt>
            <dd className="text-right">{formatKshExact(total.tax)}</dd>
          </div>
        ))}
        <dt className="font-medium">{t('receiptView.totalVat')}</dt>
        <dd className="text-right font-medium">{formatKshExact(receipt.total_tax)}</dd>
        <dt className="text-base font-bold">{t('receiptView.total')}</dt>
        <dd className="text-right text-base font-bold">{formatKshExact(receipt.total)}</dd>
      </dl>
      <ControlUnit receipt={receipt} />
    </article>
  );
}

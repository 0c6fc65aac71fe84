// /receipt/:id — an order's tax invoice (and its credit note once refunded), for its shopper or an
// administrator: printable on A4 or on an 80 mm receipt printer, downloadable as PDF.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { receiptPdf, receiptQueries, type ReceiptKind } from '../api/receipts-api.ts';
import { ReceiptView } from '../components/receipt-view.tsx';

type Paper = 'a4' | '80mm';

function Download({
  orderId,
  kind,
  invoiceNo,
}: {
  orderId: number;
  kind: ReceiptKind;
  invoiceNo: number;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const name = `${kind === 'R' ? 'credit-note' : 'receipt'}-${invoiceNo}.pdf`;
      saveFile(name, await receiptPdf(orderId, kind));
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={download} disabled={state === 'busy'}>
        {state === 'busy'
          ? 'Preparing PDF…'
          : kind === 'R'
            ? 'Download credit note (PDF)'
            : 'Download PDF'}
      </Button>
      {state === 'failed' && (
        <p role="alert" className="w-full text-sm text-red-700">
          The PDF could not be downloaded. Please try again.
        </p>
      )}
    </>
  );
}

export default function ReceiptPage() {
  const orderId = Number(useParams().id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  useDocumentTitle(`Receipt for order no. ${orderId}`);
  const { authToken, currentUser, isLoading } = useAuth();
  const [paper, setPaper] = useState<Paper>('a4');
  const signedIn = Boolean(authToken && currentUser);
  const sale = useQuery({ ...receiptQueries.one(orderId, 'S'), enabled: valid && signedIn });
  const credit = useQuery({
    ...receiptQueries.one(orderId, 'R'),
    enabled: valid && signedIn && sale.isSuccess,
  });

  if (authToken && isLoading) return <LoadingText />;
  if (!signedIn) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p className="text-lg text-slate-700">Please log in to see your receipt.</p>
        <ButtonLink to="/login" className="mt-6">
          Log In
        </ButtonLink>
      </div>
    );
  }
  if (!valid || (sale.error instanceof ApiError && sale.error.status === 404)) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <ErrorText>
          There is no receipt for this order yet: it is issued once the order is paid.
        </ErrorText>
      </div>
    );
  }
  if (sale.isPending) return <LoadingText />;
  if (sale.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <ErrorText>We could not load this receipt: {sale.error.message}</ErrorText>
      </div>
    );
  }
  // The chosen paper's layout is on the page before the print dialog reads it.
  const print = (choice: Paper) => {
    flushSync(() => setPaper(choice));
    window.print();
  };
  const narrow = paper === '80mm';
  return (
    <div
      className={`mx-auto px-4 py-8 print:p-0 ${narrow ? 'receipt-80mm max-w-[80mm]' : 'max-w-3xl'}`}
    >
      {narrow && (
        <style>
          {'@media print { @page { size: 80mm auto; margin: 3mm; } .receipt { font-size: 10px; } }'}
        </style>
      )}
      <div className="no-print mb-4 flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold text-slate-900">Receipt</h1>
        <Button onClick={() => print('a4')}>Print</Button>
        <Button variant="secondary" onClick={() => print('80mm')}>
          Print on a receipt printer (80 mm)
        </Button>
        <Download orderId={orderId} kind="S" invoiceNo={sale.data.invoice_no} />
      </div>
      <ReceiptView receipt={sale.data} />
      {credit.data && (
        <div className="mt-6 space-y-3 print:break-before-page">
          <div className="no-print flex flex-wrap gap-3">
            <Download orderId={orderId} kind="R" invoiceNo={credit.data.invoice_no} />
          </div>
          <ReceiptView receipt={credit.data} />
        </div>
      )}
      <div className="no-print mt-6">
        <ButtonLink
          to={
            currentUser?.is_admin
              ? `/dashboard/orders/${orderId}`
              : `/userprofile/orders/${orderId}`
          }
          variant="ghost"
        >
          Back to the order
        </ButtonLink>
      </div>
    </div>
  );
}

// /receipt/:id — an order's tax invoice, then the credit note of each refund of its goods, for its
// shopper or an administrator: printable on A4 or on an 80 mm receipt printer, downloadable as PDF.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@duka/domain';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { receiptPdf, receiptQueries } from '../api/receipts-api.ts';
import { ReceiptView } from '../components/receipt-view.tsx';
import { useReceiptsText } from '../text.ts';

type Paper = 'a4' | '80mm';

function Download({ orderId, receipt }: { orderId: number; receipt: Receipt }) {
  const t = useReceiptsText();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const credit = receipt.kind === 'R';
  const download = async () => {
    setState('busy');
    try {
      const name = `${credit ? 'credit-note' : 'receipt'}-${receipt.invoice_no}.pdf`;
      saveFile(
        name,
        await receiptPdf(orderId, receipt.kind, credit ? receipt.invoice_no : undefined),
      );
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={download} disabled={state === 'busy'}>
        {state === 'busy'
          ? t('receiptPage.preparing')
          : credit
            ? t('receiptPage.downloadCreditNote', { no: receipt.invoice_no })
            : t('receiptPage.download')}
      </Button>
      {state === 'failed' && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('receiptPage.downloadFailed')}
        </p>
      )}
    </>
  );
}

export default function ReceiptPage() {
  const orderId = Number(useParams().id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const t = useReceiptsText();
  const m = useMessageText();
  useDocumentTitle(t('receiptPage.title', { id: orderId }));
  const { authToken, currentUser, isLoading } = useAuth();
  const [paper, setPaper] = useState<Paper>('a4');
  const signedIn = Boolean(authToken && currentUser);
  const receipts = useQuery({ ...receiptQueries.all(orderId), enabled: valid && signedIn });

  if (authToken && isLoading) return <LoadingText />;
  if (!signedIn) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p className="text-lg text-slate-700">{t('receiptPage.logInFirst')}</p>
        <ButtonLink to="/login" className="mt-6">
          {t('receiptPage.logIn')}
        </ButtonLink>
      </div>
    );
  }
  if (!valid || (receipts.error instanceof ApiError && receipts.error.status === 404)) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <ErrorText>{t('receiptPage.none')}</ErrorText>
      </div>
    );
  }
  if (receipts.isPending) return <LoadingText />;
  if (receipts.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <ErrorText>{t('receiptPage.loadError', { error: m(receipts.error.message) })}</ErrorText>
      </div>
    );
  }
  const [sale, ...credits] = receipts.data.receipts;
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
        <h1 className="mr-auto text-2xl font-bold text-slate-900">{t('receiptPage.heading')}</h1>
        <Button onClick={() => print('a4')}>{t('receiptPage.print')}</Button>
        <Button variant="secondary" onClick={() => print('80mm')}>
          {t('receiptPage.print80mm')}
        </Button>
        {sale && <Download orderId={orderId} receipt={sale} />}
      </div>
      {sale && <ReceiptView receipt={sale} />}
      {/* Each refund of goods has its credit note, after the invoice it credits. */}
      {credits.map((credit) => (
        <div key={credit.invoice_no} className="mt-6 space-y-3 print:break-before-page">
          <div className="no-print flex flex-wrap gap-3">
            <Download orderId={orderId} receipt={credit} />
          </div>
          <ReceiptView receipt={credit} />
        </div>
      ))}
      <div className="no-print mt-6">
        <ButtonLink
          to={
            currentUser?.is_admin
              ? `/dashboard/orders/${orderId}`
              : `/userprofile/orders/${orderId}`
          }
          variant="ghost"
        >
          {t('receiptPage.backToOrder')}
        </ButtonLink>
      </div>
    </div>
  );
}

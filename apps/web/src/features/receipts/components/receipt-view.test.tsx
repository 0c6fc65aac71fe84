import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Receipt } from '@duka/domain';
import { SANDBOX_RECEIPT_MARK } from '@duka/domain/tax/invoice-source';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import { receiptsTextIn } from '../text.ts';
import { ReceiptView } from './receipt-view.tsx';

afterEach(cleanup);

/** A partial credit note: one kettle of two and two packets of tea of three came back. */
const creditNote: Receipt = {
  order_id: 41,
  kind: 'R',
  status: 'sent',
  sandbox: false,
  trader_name: 'Duka',
  pin: 'P051234567X',
  branch: '00',
  invoice_no: 108,
  original_invoice_no: 97,
  issued_at: '2026-11-28T09:15:00.000Z',
  customer_name: 'Wanjiru Kamau',
  customer_pin: null,
  items: [
    { name: 'Jiko Kettle', quantity: 1, unit_price: 116_011, amount: 116_011, tax_type: 'B' },
    { name: 'Kericho Tea', quantity: 2, unit_price: 10_693, amount: 21_385, tax_type: 'E' },
  ],
  totals_by_type: [
    { tax_type: 'B', label: 'B: VAT 16%', taxable: 116_011, tax: 16_011 },
    { tax_type: 'E', label: 'E: VAT 8%', taxable: 21_385, tax: 1_585 },
  ],
  total: 137_396,
  total_tax: 17_596,
  control_unit: {
    sdc_id: 'KRACU0100000001',
    mrc_no: 'WIS01000001',
    receipt_no: 12,
    total_receipt_no: 12,
    internal_data: 'INTRL00000108DATA',
    signature: 'SIGN000000000108',
    signed_at: '2026-11-28 12:15:04',
    qr_url: 'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=x',
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>',
  },
};

describe('ReceiptView of a credit note', () => {
  it('names it by its number and the invoice it credits, with its lines, VAT and signature', () => {
    render(<ReceiptView receipt={creditNote} />);
    const note = screen.getByRole('article', { name: 'Credit note no. 108' });
    expect(within(note).getByText('Original invoice').nextSibling?.textContent).toBe('97');
    const rows = within(note)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Jiko Kettle', '1', 'B', 'Ksh 1,160.11'],
      ['Kericho Tea', '2', 'E', 'Ksh 213.85'],
    ]);
    expect(within(note).getByText('E: VAT 8%: VAT').nextSibling?.textContent).toBe('Ksh 15.85');
    expect(within(note).getByText('Total VAT').nextSibling?.textContent).toBe('Ksh 175.96');
    expect(within(note).getByText('Total').nextSibling?.textContent).toBe('Ksh 1,373.96');
    expect(within(note).getByText('SIGN000000000108')).toBeTruthy();
    expect(within(note).getByRole('img', { name: 'QR code to check this credit note with KRA' }));
  });

  it('says the credit note is on its way to KRA until it is signed', () => {
    render(<ReceiptView receipt={{ ...creditNote, status: 'pending', control_unit: null }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'This credit note is being sent to KRA. Its signature and QR code will appear here in a moment.',
    );
  });
});

describe('ReceiptView in Kiswahili (issue 37)', () => {
  it('labels the credit note in Kiswahili and keeps what KRA signed as it was signed', () => {
    render(
      <LocaleProvider locale="sw">
        <ReceiptView receipt={creditNote} />
      </LocaleProvider>,
    );
    const note = screen.getByRole('article', { name: 'Hati ya marejesho nambari 108' });
    expect(within(note).getByText('Ankara ya awali').nextSibling?.textContent).toBe('97');
    expect(within(note).getByText('Oda').nextSibling?.textContent).toBe('nambari 41');
    expect(within(note).getByText('PIN P051234567X · Tawi 00')).toBeTruthy();
    expect(within(note).getByRole('columnheader', { name: 'Idadi' })).toBeTruthy();
    expect(within(note).getByText('Jiko Kettle')).toBeTruthy();
    expect(within(note).getByText('E: VAT 8%: VAT').nextSibling?.textContent).toBe('Ksh 15.85');
    expect(within(note).getByText('Jumla ya VAT').nextSibling?.textContent).toBe('Ksh 175.96');
    expect(
      within(note).getByRole('img', {
        name: 'Msimbo wa QR wa kuhakiki hati hii ya marejesho na KRA',
      }),
    ).toBeTruthy();
    const text = note.textContent ?? '';
    for (const english of [
      'Credit note',
      'Original invoice',
      'Customer',
      'Qty',
      'Total VAT',
      'Scan',
    ])
      expect(text).not.toContain(english);
  });

  it('says a sandbox receipt is no tax invoice, in the words the PDF prints in English', () => {
    expect(receiptsTextIn('en')('receiptView.sandbox')).toBe(SANDBOX_RECEIPT_MARK);
    render(
      <LocaleProvider locale="sw">
        <ReceiptView
          receipt={{ ...creditNote, sandbox: true, status: 'failed', control_unit: null }}
        />
      </LocaleProvider>,
    );
    expect(screen.getByText('MAJARIBIO — SI ANKARA YA KODI')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'KRA bado haijakubali hati hii ya marejesho. Tunalishughulikia; sahihi yake na msimbo wa QR vitaonekana hapa.',
    );
  });
});

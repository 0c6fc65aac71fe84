// The receipt as a PDF (issue 23): A4, the same content as the receipt page (the sale invoice, then
// each credit note on a page of its own), and the QR code drawn as vector squares from its
// modules, so it scans at any zoom and prints sharp.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatKshExact, SANDBOX_RECEIPT_MARK, type Receipt } from '@duka/domain';

const money = (cents: number) => formatKshExact(cents);

function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** Receipts in one PDF (the sale invoice, then its credit notes), each on a page of its own. */
export function receiptPdf(receipts: readonly [Receipt, ...Receipt[]]): Promise<Buffer> {
  const title = receiptTitle(receipts[0]);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  receipts.forEach((receipt, i) => {
    if (i > 0) doc.addPage();
    drawReceipt(doc, receipt);
  });
  doc.end();
  return done;
}

function drawReceipt(doc: PDFKit.PDFDocument, receipt: Receipt) {
  if (receipt.sandbox)
    doc.fillColor('#b91c1c').fontSize(14).text(SANDBOX_RECEIPT_MARK).fillColor('#000000');
  doc.font('Helvetica-Bold').fontSize(18).text(receipt.trader_name);
  doc.font('Helvetica').fontSize(10).text(`PIN: ${receipt.pin}   Branch: ${receipt.branch}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text(receiptTitle(receipt));
  doc.font('Helvetica').fontSize(10);
  doc.text(`Invoice number: ${receipt.invoice_no}`);
  if (receipt.original_invoice_no) doc.text(`Original invoice: ${receipt.original_invoice_no}`);
  doc.text(`Order: #${receipt.order_id}`);
  doc.text(
    `Date: ${new Date(receipt.issued_at).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi' })}`,
  );
  doc.text(`Customer: ${receipt.customer_name}`);
  if (receipt.customer_pin) doc.text(`Customer PIN: ${receipt.customer_pin}`);
  doc.moveDown();

  doc.font('Helvetica-Bold');
  const header = doc.y;
  doc.text('Item', 50, header).text('Qty', 300, header).text('Tax', 340, header);
  doc.text('Amount', 400, header, { width: 145, align: 'right' });
  doc.font('Helvetica');
  for (const item of receipt.items) {
    const y = doc.y + 4;
    doc.text(item.name, 50, y, { width: 240 });
    const after = doc.y;
    doc.text(String(item.quantity), 300, y).text(item.tax_type, 340, y);
    doc.text(money(item.amount), 400, y, { width: 145, align: 'right' });
    doc.y = Math.max(after, doc.y);
  }
  doc.moveDown();
  for (const t of receipt.totals_by_type) {
    doc.text(`${t.label}: taxable ${money(t.taxable)}, VAT ${money(t.tax)}`, 50);
  }
  doc.font('Helvetica-Bold').text(`Total VAT: ${money(receipt.total_tax)}`, 50);
  doc.text(`Total: ${money(receipt.total)}`, 50).font('Helvetica');
  doc.moveDown();

  const unit = receipt.control_unit;
  if (unit) {
    doc.text(`CU ID: ${unit.sdc_id}`);
    doc.text(`CU invoice number: ${unit.receipt_no}/${unit.total_receipt_no}`);
    doc.text(`Internal data: ${unit.internal_data}`);
    doc.text(`Receipt signature: ${unit.signature}`);
    doc.text(`Signed: ${unit.signed_at}`);
    drawQr(doc, unit.qr_url, 50, doc.y + 10, 120);
  } else {
    doc.text('This invoice is being sent to KRA; its signature and QR code will follow.');
  }
}

export function receiptTitle(receipt: Receipt): string {
  return receipt.kind === 'R' ? 'Credit note' : 'Tax invoice';
}

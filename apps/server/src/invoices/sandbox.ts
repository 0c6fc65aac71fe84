// The built-in eTIMS sandbox (issue 23): without KRA credentials the shop still issues, numbers
// and "signs" every invoice in-process, so the whole flow (receipts, QR codes, the admin's
// Invoices screen) works on a laptop. Its signature is an HMAC of the invoice under JWT_SECRET;
// every receipt it signs is marked 'SANDBOX — NOT A TAX INVOICE'.
import { createHmac } from 'node:crypto';
import { nairobiTimestamp } from '@duka/domain';
import type { DeviceInfo, EtimsOutcome, EtimsPort, SaleReceipt } from './etims-client.ts';

const exchange = (path: string, request: unknown) => ({ path, request, answer: null });

export class SandboxEtims implements EtimsPort {
  readonly mode = 'sandbox';

  constructor(private readonly secret: string) {}

  async initialise(): Promise<EtimsOutcome<DeviceInfo>> {
    const data = { cmcKey: 'SANDBOX', sdcId: 'SANDBOX-CU-01', mrcNo: 'SANDBOX-MRC-01' };
    return { kind: 'ok', resultMsg: 'Sandbox', data, exchange: exchange('init', null) };
  }

  useKey(): void {}

  async saveItem(item: Record<string, unknown>): Promise<EtimsOutcome<null>> {
    return { kind: 'ok', resultMsg: 'Sandbox', data: null, exchange: exchange('saveItem', item) };
  }

  async saveSale(invoice: Record<string, unknown>): Promise<EtimsOutcome<SaleReceipt>> {
    const digest = createHmac('sha256', this.secret)
      .update(JSON.stringify(invoice))
      .digest('hex')
      .toUpperCase();
    const number = Number(invoice.invcNo);
    const data: SaleReceipt = {
      curRcptNo: number,
      totRcptNo: number,
      intrlData: digest.slice(16, 42),
      rcptSign: digest.slice(0, 16),
      sdcDateTime: nairobiTimestamp(),
    };
    return {
      kind: 'ok',
      resultMsg: 'Sandbox',
      data,
      exchange: { path: 'saveTrnsSalesOsdc', request: invoice, answer: JSON.stringify(data) },
    };
  }
}

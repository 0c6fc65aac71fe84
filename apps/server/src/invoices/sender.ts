// The invoice sender (issue 23): takes one due invoice at a time (a lease, SKIP LOCKED), makes sure
// the device is initialised and the invoice's items registered, and sends the invoice exactly as
// it was first built, so every retry carries the same number and figures. An outage, a timeout or
// an answer that is not JSON leaves it pending and tries again later, further apart; a refusal
// (resultCd other than 000) marks it failed with KRA's message for an admin to fix and retry.
import type { Db } from '../db/client.ts';
import { backoff } from '../lib/queue.ts';
import type { EtimsOutcome, EtimsPort } from './etims-client.ts';
import { readyDevice, type DeviceReady } from './device.ts';
import { itemsOf, registerItems } from './items.ts';
import { saleRequest, type InvoiceToSend, type Trader } from './request.ts';
import * as repo from './repo.ts';

export interface SenderDeps {
  db: Db;
  port: EtimsPort;
  trader: Trader;
  /** Seals the device's communication key at rest. */
  secret: string;
  log?: { warn(obj: unknown, msg?: string): void };
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
  waiting: number;
}

/** A claim outlives the slowest attempt: a token, an item or two, and the invoice. */
const LEASE_MS = 5 * 60_000;
const MINUTE = 60_000;
const DELAYS_MS = [30_000, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE];
/** After a few attempts, once an hour: a tax invoice is never given up on. */
export const retryDelayMs = backoff(DELAYS_MS);
/** A credit note waits this long for its sale invoice to be accepted first. */
const WAIT_FOR_SALE_MS = MINUTE;

export async function sendDueInvoices(
  deps: SenderDeps,
  options: { now?: () => Date; max?: number } = {},
): Promise<SendReport> {
  const now = options.now ?? (() => new Date());
  const report: SendReport = { sent: 0, retrying: 0, failed: 0, waiting: 0 };
  // The device is made ready once a run (one read, or one initialisation), for all its invoices.
  const devices = new Map<string, Promise<DeviceReady>>();
  const deviceOf = (branch: string) => {
    if (!devices.has(branch)) {
      devices.set(branch, readyDevice(deps.db, deps.port, branch, deps.secret));
    }
    return devices.get(branch)!;
  };
  for (let i = 0; i < (options.max ?? 100); i++) {
    const invoice = await repo.claimNext(deps.db, now(), LEASE_MS);
    if (!invoice) break;
    report[await sendOne(deps, invoice, now(), deviceOf)]++;
  }
  return report;
}

async function sendOne(
  deps: SenderDeps,
  invoice: repo.InvoiceRow,
  now: Date,
  deviceOf: (branch: string) => Promise<DeviceReady>,
): Promise<keyof SendReport> {
  const { db, port, trader } = deps;
  if (!invoice.source) return refuse(deps, invoice, 'The invoice has no content to send.');
  if (invoice.kind === 'R') {
    const sale = await repo.saleOf(db, invoice.orderId);
    if (sale?.status !== 'sent') {
      await repo.finishClaim(db, invoice, {
        nextAttemptAt: new Date(now.getTime() + WAIT_FOR_SALE_MS),
        lastError: `Waiting for invoice ${invoice.originalNo} to be accepted first.`,
      });
      return 'waiting';
    }
  }
  const device = await deviceOf(invoice.branch);
  if (!device.ready) return retry(deps, invoice, now, device.why);

  const items = await itemsOf(db, invoice.source.lines);
  const codes = new Map([...items].map(([key, item]) => [key, item.itemCd!]));
  const toSend: InvoiceToSend = {
    kind: invoice.kind as 'S' | 'R',
    orderId: invoice.orderId,
    invoiceNo: invoice.invoiceNo,
    originalNo: invoice.originalNo,
    source: invoice.source,
  };
  const request = await repo.freezeRequest(db, invoice.id, saleRequest(toSend, codes, trader));
  const unregistered = await registerItems(db, port, invoice.source.lines, items, trader);
  if (unregistered) return outcomeOf(deps, invoice, now, unregistered, 'registering its items');

  const outcome = await port.saveSale(request);
  if (outcome.kind !== 'ok') return outcomeOf(deps, invoice, now, outcome, 'sending it');
  const { sdcId, mrcNo } = device.device;
  await repo.finishClaim(db, invoice, {
    status: 'sent',
    attempts: invoice.attempts + 1,
    sentAt: now,
    lastError: null,
    resultCd: '000',
    resultMsg: outcome.resultMsg,
    answer: outcome.exchange.answer,
    sandbox: port.mode === 'sandbox',
    receipt: { sdcId, mrcNo, ...outcome.data },
  });
  return 'sent';
}

function outcomeOf(
  deps: SenderDeps,
  invoice: repo.InvoiceRow,
  now: Date,
  outcome: Exclude<EtimsOutcome<unknown>, { kind: 'ok' }>,
  step: string,
) {
  if (outcome.kind === 'unavailable') {
    return retry(deps, invoice, now, `eTIMS unavailable while ${step}: ${outcome.reason}`);
  }
  return refuse(deps, invoice, outcome.resultMsg, outcome.resultCd, outcome.exchange.answer);
}

async function retry(deps: SenderDeps, invoice: repo.InvoiceRow, now: Date, why: string) {
  const attempts = invoice.attempts + 1;
  deps.log?.warn(
    { invoiceNo: invoice.invoiceNo, attempts, error: why },
    'invoice not sent yet; will retry',
  );
  await repo.finishClaim(deps.db, invoice, {
    attempts,
    lastError: why.slice(0, 500),
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
  });
  return 'retrying' as const;
}

async function refuse(
  deps: SenderDeps,
  invoice: repo.InvoiceRow,
  message: string,
  resultCd: string | null = null,
  answer: string | null = null,
) {
  deps.log?.warn(
    { invoiceNo: invoice.invoiceNo, resultCd, error: message },
    'eTIMS refused the invoice; an admin can fix and retry it',
  );
  await repo.finishClaim(deps.db, invoice, {
    status: 'failed',
    attempts: invoice.attempts + 1,
    resultCd,
    resultMsg: message.slice(0, 500),
    lastError: null,
    answer,
  });
  return 'failed' as const;
}

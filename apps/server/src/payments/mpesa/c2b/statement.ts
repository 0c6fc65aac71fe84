// Reconciling the shop against the M-PESA statement: the admin uploads the organisation portal's
// export (CSV), and each receipt paid in is compared with what the shop holds (Paybill/Till
// confirmations and M-Pesa prompts paid). A receipt the shop never heard of becomes an unmatched
// payment, so it can be assigned to its order; one the shop recorded that the statement lacks is
// listed for the admin. Importing the same file again changes nothing.
import { and, eq, gte, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { mpesaC2b, mpesaStatementLines, payments } from '../../schema.ts';
import { readCsvRecords } from '../../../lib/csv-records.ts';
import { runInSlices, type Steps } from '../../../lib/time-slices.ts';
import type { Payments } from '../../context.ts';
import { insertPaidIn } from './paid-in.ts';

export interface StatementLine {
  receipt: string;
  completedAt: Date | null;
  paidInCents: number;
  details: string;
  otherParty: string;
  accountNo: string;
}

export interface Reconciliation {
  /** Receipts in both, for the same amount. */
  matched: number;
  /** Paid in on the statement, unknown to the shop (now kept as unmatched payments). */
  missing_in_shop: {
    receipt: string;
    amount: number;
    account_no: string;
    completed_at: string | null;
  }[];
  /** Recorded by the shop, between the statement's first and last line, but not on it. */
  missing_in_statement: { receipt: string; amount: number; recorded_at: string }[];
  /** In both, for different amounts (cents). */
  mismatched: { receipt: string; statement_amount: number; shop_amount: number }[];
  /** Lines read, and lines passed over (not paid in, not completed). */
  lines: number;
  skipped: number;
}

export class StatementError extends Error {}

/** 'Receipt No.', ' receipt no ', 'RECEIPT_NO' all name the same column. */
const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

const COLUMNS = {
  receipt: 'receiptno',
  completed: 'completiontime',
  status: 'transactionstatus',
  paidIn: 'paidin',
  details: 'details',
  otherParty: 'otherpartyinfo',
  accountNo: 'acno',
} as const;

/** '1,500.00' → 150000; empty or unreadable → null. */
function centsOf(value: string | undefined): number | null {
  const text = (value ?? '').replace(/[,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** The portal writes '2026-11-20 14:03:11' (Nairobi); other forms are left unread. */
function nairobiTime(value: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(
    (value ?? '').trim(),
  );
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+03:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The paid-in, completed lines of a statement export; a preamble before the header is skipped.
 * A cell that is not text (NUL, another control character, bytes that are not UTF-8) refuses the
 * whole file, naming its line and column.
 */
function* statementSteps(csv: Buffer): Steps<{ lines: StatementLine[]; skipped: number }> {
  const records = yield* readCsvRecords(csv, {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  });
  const rows = records.map((r) => r.cells);
  const headerAt = rows.findIndex((row) => row.some((cell) => keyOf(cell) === COLUMNS.receipt));
  const refused = records.find((r) => r.refused);
  if (refused?.refused) {
    const { index, what } = refused.refused;
    const name = headerAt >= 0 && refused.line > records[headerAt]!.line && rows[headerAt]![index];
    throw new StatementError(
      `Line ${refused.line}, column ${name || index + 1}: contains ${what}.`,
    );
  }
  if (headerAt < 0)
    throw new StatementError('No "Receipt No." column: is this an M-PESA statement export?');
  const header = rows[headerAt]!.map(keyOf);
  const at = (name: string) => header.indexOf(name);
  for (const required of [COLUMNS.receipt, COLUMNS.paidIn]) {
    if (at(required) < 0) throw new StatementError(`The statement has no "${required}" column.`);
  }
  const lines: StatementLine[] = [];
  let skipped = 0;
  for (const row of rows.slice(headerAt + 1)) {
    yield;
    const cell = (name: string) => (at(name) >= 0 ? (row[at(name)] ?? '') : '');
    const receipt = cell(COLUMNS.receipt).toUpperCase();
    const paidIn = centsOf(cell(COLUMNS.paidIn));
    const status = cell(COLUMNS.status).toLowerCase();
    if (!/^[A-Z0-9]{6,20}$/.test(receipt) || !paidIn || (status && status !== 'completed')) {
      skipped++;
      continue;
    }
    lines.push({
      receipt,
      completedAt: nairobiTime(cell(COLUMNS.completed)),
      paidInCents: paidIn,
      details: cell(COLUMNS.details).slice(0, 300),
      otherParty: cell(COLUMNS.otherParty).slice(0, 300),
      accountNo: cell(COLUMNS.accountNo).slice(0, 100),
    });
  }
  return { lines, skipped };
}

/** What the shop recorded as paid in through M-Pesa, by receipt (amount in cents). */
async function shopReceipts(tx: Tx, receipts: string[]) {
  const known = new Map<string, number>();
  if (receipts.length === 0) return known;
  const confirmed = await tx
    .select({ receipt: mpesaC2b.transId, amount: mpesaC2b.amountCents })
    .from(mpesaC2b)
    .where(and(inArray(mpesaC2b.transId, receipts), eq(mpesaC2b.source, 'confirmation')));
  for (const row of confirmed) known.set(row.receipt, row.amount);
  const prompted = await tx
    .select({ receipt: payments.transactionId, amount: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.method, 'mpesa'), inArray(payments.transactionId, receipts)));
  for (const row of prompted) if (row.receipt) known.set(row.receipt, row.amount);
  return known;
}

/** The statement's lines, read in slices: a busy month's export is tens of thousands. */
export const parseStatement = (csv: Buffer) => runInSlices(statementSteps(csv));

export async function reconcileStatement(p: Payments, csv: Buffer): Promise<Reconciliation> {
  const { lines, skipped } = await parseStatement(csv);
  return p.db.transaction(async (tx) => {
    if (lines.length > 0) {
      await tx
        .insert(mpesaStatementLines)
        .values(lines)
        .onConflictDoNothing({ target: mpesaStatementLines.receipt });
    }
    const receipts = lines.map((l) => l.receipt);
    const known = await shopReceipts(tx, receipts);
    const result: Reconciliation = {
      matched: 0,
      missing_in_shop: [],
      missing_in_statement: [],
      mismatched: [],
      lines: lines.length,
      skipped,
    };
    for (const line of lines) {
      const shopAmount = known.get(line.receipt);
      if (shopAmount === undefined) {
        result.missing_in_shop.push({
          receipt: line.receipt,
          amount: line.paidInCents,
          account_no: line.accountNo,
          completed_at: line.completedAt?.toISOString() ?? null,
        });
        // Kept so the admin can assign it (once: the receipt is the key).
        await insertPaidIn(
          tx,
          {
            transId: line.receipt,
            kind: 'Statement',
            amountCents: line.paidInCents,
            shortcode: '',
            billRef: line.accountNo,
            msisdn: null,
            payerName: line.otherParty || null,
            paidAt: line.completedAt,
          },
          'statement',
        );
      } else if (shopAmount !== line.paidInCents) {
        result.mismatched.push({
          receipt: line.receipt,
          statement_amount: line.paidInCents,
          shop_amount: shopAmount,
        });
      } else {
        result.matched++;
      }
    }
    result.missing_in_statement = await missingFromStatement(tx, lines);
    return result;
  });
}

/** Receipts the shop recorded within the statement's period that the statement does not have. */
async function missingFromStatement(tx: Tx, lines: StatementLine[]) {
  const times = lines.flatMap((l) => (l.completedAt ? [l.completedAt.getTime()] : []));
  if (times.length === 0) return [];
  const from = new Date(Math.min(...times));
  const to = new Date(Math.max(...times));
  const inStatement = new Set(lines.map((l) => l.receipt));
  const confirmed = await tx
    .select({ receipt: mpesaC2b.transId, amount: mpesaC2b.amountCents, at: mpesaC2b.paidAt })
    .from(mpesaC2b)
    .where(
      and(
        eq(mpesaC2b.source, 'confirmation'),
        gte(mpesaC2b.paidAt, from),
        lte(mpesaC2b.paidAt, to),
      ),
    );
  const prompted = await tx
    .select({
      receipt: payments.transactionId,
      amount: payments.amountCents,
      at: payments.capturedAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'mpesa'),
        isNotNull(payments.transactionId),
        or(eq(payments.status, 'captured'), eq(payments.status, 'refunded')),
        gte(payments.capturedAt, from),
        lte(payments.capturedAt, to),
      ),
    );
  return [...confirmed, ...prompted]
    .filter((r) => r.receipt && !inStatement.has(r.receipt))
    .map((r) => ({ receipt: r.receipt!, amount: r.amount, recorded_at: r.at!.toISOString() }));
}

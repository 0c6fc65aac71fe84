// Callbacks get lost (the Daraja sandbox is notorious for it). Pushes with no result after
// MPESA_QUERY_AFTER_SECONDS are asked about through the query API, and again at that interval
// until the answer is final. No lock is held while Daraja answers: the payment is read, Daraja is
// asked, and a short transaction applies the answer if it still matters (CONVENTIONS.md 15).
import type { Db } from '../db/client.ts';
import { recordEvents } from '../payments/events-repo.ts';
import type { MpesaGateway, QueryOutcome } from '../payments/mpesa/gateway.ts';
import * as mpesa from '../payments/mpesa/repo.ts';
import {
  giveUp,
  queryAgainAt,
  settleFailure,
  settleLostPush,
  settleSuccess,
} from './mpesa-settlement.ts';

const BATCH = 100;
/** Daraja answers within minutes; a push still without a final answer after a day is given up. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export interface ReconcileDeps {
  db: Db;
  gateway: MpesaGateway;
  queryAfterMs: number;
}

export interface ReconcileReport {
  asked: number;
  settled: number;
}

export async function reconcileMpesa(
  deps: ReconcileDeps,
  now = new Date(),
): Promise<ReconcileReport> {
  const report = { asked: 0, settled: 0 };
  for (const payment of await mpesa.duePushes(deps.db, now, BATCH)) {
    const checkoutRequestId = payment.checkoutRequestId;
    if (checkoutRequestId === null) {
      // The push's answer was lost and no callback named it: nothing to ask about.
      await deps.db.transaction(async (tx) => {
        const note = await settleLostPush(tx, payment.id);
        await recordEvents(tx, payment.id, [{ kind: 'reconcile', body: '', note }]);
      });
      continue;
    }
    report.asked++;
    const outcome: QueryOutcome = await deps.gateway
      .query(checkoutRequestId, now)
      .catch((err: unknown) => ({ kind: 'error', reason: String(err), log: [] }));
    const settledNow = await deps.db.transaction(async (tx) => {
      let note: string;
      if (outcome.kind === 'final' && outcome.resultCode === 0) {
        note = await settleSuccess(tx, payment.id, {
          checkoutRequestId,
          receipt: null,
          paidAt: now,
          resultDesc: outcome.resultDesc,
        });
      } else if (outcome.kind === 'final') {
        note = await settleFailure(tx, payment.id, {
          checkoutRequestId,
          resultCode: outcome.resultCode,
          resultDesc: outcome.resultDesc,
        });
      } else if (now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        note = await giveUp(tx, payment.id);
      } else {
        await queryAgainAt(tx, payment.id, new Date(now.getTime() + deps.queryAfterMs));
        note =
          outcome.kind === 'processing'
            ? 'the shopper has not answered yet'
            : `no answer: ${outcome.reason}`;
      }
      const log = outcome.log.map((e, i) => (i === outcome.log.length - 1 ? { ...e, note } : e));
      await recordEvents(tx, payment.id, log);
      return note.startsWith('applied');
    });
    if (settledNow) report.settled++;
  }
  return report;
}

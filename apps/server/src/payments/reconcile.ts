// Callbacks get lost (the Daraja sandbox is notorious for it). Requests with no result after
// MPESA_QUERY_AFTER_SECONDS are asked about through the provider's query API, and again at that
// interval until the answer is final. No lock is held while the provider answers: the payment is
// read, the provider is asked, and a short transaction applies the answer if it still matters
// (CONVENTIONS.md 15).
import type { Payments } from './context.ts';
import { recordEvents } from './events-repo.ts';
import type { QueryOutcome } from './provider.ts';
import * as repo from './repo.ts';
import {
  giveUp,
  noteOf,
  queryAgainAt,
  settledNow,
  settleFailure,
  settleLostPush,
  settleSuccess,
  type Settlement,
} from './settlement.ts';

const BATCH = 100;
/** Daraja answers within minutes; a request still without a final answer after a day is given up. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export interface ReconcileReport {
  asked: number;
  settled: number;
}

export async function reconcilePayments(p: Payments, now = new Date()): Promise<ReconcileReport> {
  const report = { asked: 0, settled: 0 };
  for (const payment of await repo.dueQueries(p.db, now, BATCH)) {
    const reference = payment.checkoutRequestId;
    const provider = p.providers.byName(payment.provider);
    if (reference === null || !provider?.query) {
      // The request's answer was lost and no callback named it, or the shop no longer has the
      // provider to ask: nothing to ask about.
      await p.db.transaction(async (tx) => {
        const settlement =
          reference === null ? await settleLostPush(tx, payment.id) : await giveUp(tx, payment.id);
        await recordEvents(tx, payment.id, [
          { kind: 'reconcile', body: '', note: noteOf(settlement) },
        ]);
      });
      continue;
    }
    report.asked++;
    const outcome: QueryOutcome = await provider
      .query(reference, now)
      .catch((err: unknown) => ({ kind: 'error', reason: String(err), log: [] }));
    if (outcome.kind === 'error') {
      p.log.warn({ paymentId: payment.id, reason: outcome.reason }, 'a payment query failed');
    }
    const settlement = await p.db.transaction(async (tx): Promise<Settlement> => {
      let result: Settlement;
      if (outcome.kind === 'final' && outcome.resultCode === 0) {
        result = await settleSuccess(tx, p.applyToOrder, payment.id, {
          reference,
          receipt: null,
          paidAt: now,
          resultDesc: outcome.resultDesc,
        });
      } else if (outcome.kind === 'final') {
        result = await settleFailure(tx, payment.id, {
          reference,
          resultCode: outcome.resultCode,
          resultDesc: outcome.resultDesc,
        });
      } else if (now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        result = await giveUp(tx, payment.id);
      } else {
        await queryAgainAt(tx, payment.id, new Date(now.getTime() + p.queryAfterMs));
        result = {
          kind: 'waiting',
          reason:
            outcome.kind === 'processing'
              ? 'the shopper has not answered yet'
              : `no answer: ${outcome.reason}`,
        };
      }
      const note = noteOf(result);
      const log = outcome.log.map((e, i) => (i === outcome.log.length - 1 ? { ...e, note } : e));
      await recordEvents(tx, payment.id, log);
      return result;
    });
    if (settledNow(settlement)) report.settled++;
  }
  return report;
}

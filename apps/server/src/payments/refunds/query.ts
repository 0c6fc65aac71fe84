// Refunds sent and not answered (a lost answer, B2C's result that never came): asked about again
// with the same request key, once across instances (payments/jobs.ts), until the provider says;
// after a day without an answer a person is asked to look (decision record 029).
import type { Payments } from '../context.ts';
import * as repo from './repo.ts';
import { askProvider, recordOutcome, REFUND_QUERY_AFTER_MS } from './send.ts';
import type { RefundOutcome } from '../provider.ts';
import * as payments from '../repo.ts';

/** After this long with no answer a refund is failed for a person to check and try again. */
const GIVE_UP_MS = 24 * 3_600_000;

async function ask(p: Payments, refund: repo.RefundRow): Promise<RefundOutcome> {
  const payment = refund.paymentId ? await payments.findById(p.db, refund.paymentId) : undefined;
  const provider = payment
    ? p.providers.byName(payment.provider)
    : p.providers.all().find((x) => x.refundMethod === refund.method);
  if (!provider?.queryRefund) return { kind: 'unknown', reason: 'no way to ask', log: [] };
  // The same request as the refund's, so an idempotent provider answers what it did.
  return askProvider(p, refund, p.publicUrl, (request) => provider.queryRefund!(request));
}

export async function queryDueRefunds(p: Payments, now = new Date()) {
  let settled = 0;
  for (const refund of await repo.dueRefundQueries(p.db, now)) {
    const outcome = await ask(p, refund);
    if (outcome.kind === 'sent' || outcome.kind === 'unknown') {
      const waited = now.getTime() - (refund.sentAt ?? refund.createdAt).getTime();
      if (waited > GIVE_UP_MS) {
        await recordOutcome(p, refund.id, {
          kind: 'failed',
          reason: 'No answer from the provider after a day: check its records before trying again.',
          log: outcome.kind === 'unknown' ? outcome.log : [],
        });
        settled++;
      } else {
        await p.db.transaction((tx) =>
          repo.updateRefund(tx, refund.id, {
            nextQueryAt: new Date(
              now.getTime() + Math.min(waited * 2, 3_600_000) + REFUND_QUERY_AFTER_MS,
            ),
          }),
        );
      }
      continue;
    }
    await recordOutcome(p, refund.id, outcome);
    settled++;
  }
  return { settled };
}

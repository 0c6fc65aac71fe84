// A provider's callback with the result of a request (Daraja's STK callback). Daraja does not sign
// callbacks, so the proof is the random secret in this payment's callback URL (kept only as a
// hash). Whatever arrives is recorded; only a callback with the right secret, for this payment's
// request and for the order's total, can settle anything. Duplicates change nothing (decision
// record 012).
import { createHash } from 'node:crypto';
import type { Payments } from './context.ts';
import { recordEvents } from './events-repo.ts';
import type { PaymentProvider } from './provider.ts';
import * as repo from './repo.ts';
import { noteOf, settleFailure, settleSuccess, type Settlement } from './settlement.ts';

export const hashCallbackSecret = (secret: string) =>
  createHash('sha256').update(secret).digest('hex');

export interface ReceivedCallback {
  /** The secret from the callback URL's path, if there was one. */
  secret: string | undefined;
  /** The body as it came, text. */
  body: string | undefined;
}

/** Records the callback and applies it when it proves itself; answers what was done with it. */
export async function receiveCallback(
  p: Payments,
  provider: Pick<PaymentProvider, 'parseCallback'>,
  callback: ReceivedCallback,
): Promise<Settlement> {
  const { db } = p;
  const body = callback.body ?? '';
  const parsed = provider.parseCallback!(callback.body);
  const bySecret = callback.secret
    ? await repo.findByCallbackSecretHash(db, hashCallbackSecret(callback.secret))
    : undefined;
  const record = async (paymentId: number | null, settlement: Settlement) => {
    await recordEvents(db, paymentId, [{ kind: 'callback', body, note: noteOf(settlement) }]);
    return settlement;
  };
  const rejected = (reason: string): Settlement => ({ kind: 'rejected', reason });
  if (parsed.kind === 'malformed') {
    return record(bySecret?.id ?? null, rejected(`malformed (${parsed.reason})`));
  }
  const byReference = await repo.findByReference(db, parsed.reference);
  if (!bySecret) {
    // Kept beside the payment it names, if any, so the admin sees the attempt.
    const why = callback.secret ? 'a callback secret that is not ours' : 'no callback secret';
    return record(byReference?.id ?? null, rejected(why));
  }
  const payment = bySecret;
  const sameRequest = payment.checkoutRequestId
    ? payment.checkoutRequestId === parsed.reference
    : !byReference || byReference.id === payment.id;
  if (!sameRequest) {
    return record(
      payment.id,
      rejected(`CheckoutRequestID ${parsed.reference} is not this payment's`),
    );
  }
  const { paid } = parsed;
  if (parsed.resultCode === 0 && paid) {
    if (paid.amountCents !== payment.amountCents) {
      const reason = `amount ${paid.amountCents / 100} is not the order total ${payment.amountCents / 100}`;
      await repo.flagForAttention(
        db,
        payment.id,
        `M-Pesa says paid, refused: ${reason}`,
        paid.receipt,
      );
      return record(payment.id, rejected(reason));
    }
    return db.transaction(async (tx) => {
      const settlement = await settleSuccess(tx, p.applyToOrder, payment.id, {
        reference: parsed.reference,
        receipt: paid.receipt,
        paidAt: paid.paidAt ?? new Date(),
        resultDesc: parsed.resultDesc,
      });
      if (settlement.kind === 'rejected') {
        await repo.flagForAttention(
          tx,
          payment.id,
          `M-Pesa says paid, ${noteOf(settlement)}`,
          paid.receipt,
        );
      }
      await recordEvents(tx, payment.id, [{ kind: 'callback', body, note: noteOf(settlement) }]);
      return settlement;
    });
  }
  return db.transaction(async (tx) => {
    const settlement = await settleFailure(tx, payment.id, {
      reference: parsed.reference,
      resultCode: parsed.resultCode,
      resultDesc: parsed.resultDesc,
    });
    await recordEvents(tx, payment.id, [{ kind: 'callback', body, note: noteOf(settlement) }]);
    return settlement;
  });
}

// Daraja's callback with the result of a push. Daraja does not sign callbacks, so the proof is the
// random secret in this payment's CallBackURL (kept only as a hash). Whatever arrives is recorded;
// only a callback with the right secret, for this payment's CheckoutRequestID and for the order's
// total, can settle anything. Duplicates change nothing (decision record 012).
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { recordEvents } from '../payments/events-repo.ts';
import { parseCallback } from '../payments/mpesa/callback.ts';
import * as mpesa from '../payments/mpesa/repo.ts';
import { findByProviderId, flagForAttention } from '../payments/repo.ts';
import { settleFailure, settleSuccess } from './mpesa-settlement.ts';

export const hashCallbackSecret = (secret: string) =>
  createHash('sha256').update(secret).digest('hex');

export interface ReceivedCallback {
  /** The secret from the callback URL's path, if there was one. */
  secret: string | undefined;
  /** The body as it came, text. */
  body: string | undefined;
}

/** Records the callback and applies it when it proves itself; answers what was done with it. */
export async function receiveCallback(db: Db, callback: ReceivedCallback): Promise<string> {
  const body = callback.body ?? '';
  const parsed = parseCallback(callback.body);
  const bySecret = callback.secret
    ? await mpesa.findByCallbackSecretHash(db, hashCallbackSecret(callback.secret))
    : undefined;
  const record = async (paymentId: number | null, note: string) => {
    await recordEvents(db, paymentId, [{ kind: 'callback', body, note }]);
    return note;
  };
  if (!parsed.ok) return record(bySecret?.id ?? null, `rejected: malformed (${parsed.reason})`);
  const result = parsed.result;
  const byRequest = await mpesa.findByCheckoutRequestId(db, result.checkoutRequestId);
  if (!bySecret) {
    // Kept beside the payment it names, if any, so the admin sees the attempt.
    const why = callback.secret ? 'a callback secret that is not ours' : 'no callback secret';
    return record(byRequest?.id ?? null, `rejected: ${why}`);
  }
  const payment = bySecret;
  const sameRequest = payment.checkoutRequestId
    ? payment.checkoutRequestId === result.checkoutRequestId
    : !byRequest || byRequest.id === payment.id;
  if (!sameRequest) {
    return record(
      payment.id,
      `rejected: CheckoutRequestID ${result.checkoutRequestId} is not this payment's`,
    );
  }
  if (result.resultCode === 0) {
    const paid = result.paid!;
    if (paid.amountShillings * 100 !== payment.amountCents) {
      const reason = `amount ${paid.amountShillings} is not the order total ${payment.amountCents / 100}`;
      await flagForAttention(db, payment.id, `M-Pesa says paid, refused: ${reason}`, paid.receipt);
      return record(payment.id, `rejected: ${reason}`);
    }
    return db.transaction(async (tx) => {
      const note = await settleSuccess(tx, payment.id, {
        checkoutRequestId: result.checkoutRequestId,
        receipt: paid.receipt,
        paidAt: paid.paidAt ?? new Date(),
        resultDesc: result.resultDesc,
      });
      if (note.startsWith('rejected')) {
        await flagForAttention(tx, payment.id, `M-Pesa says paid, ${note}`, paid.receipt);
      }
      await recordEvents(tx, payment.id, [{ kind: 'callback', body, note }]);
      return note;
    });
  }
  return db.transaction(async (tx) => {
    const note = await settleFailure(tx, payment.id, {
      checkoutRequestId: result.checkoutRequestId,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
    });
    await recordEvents(tx, payment.id, [{ kind: 'callback', body, note }]);
    return note;
  });
}

/** Daraja's answer to a reversal: recorded on the payment (it changes nothing by itself). */
export async function recordReversalResult(db: Db, paymentId: string, body: unknown) {
  const payment = await findByProviderId(db, 'mpesa', paymentId);
  const text = typeof body === 'string' ? body : '';
  await recordEvents(db, payment?.id ?? null, [
    {
      kind: 'reversal-result',
      body: text,
      note: payment ? null : `for unknown payment ${paymentId}`,
    },
  ]);
}

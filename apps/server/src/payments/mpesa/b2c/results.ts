// What Daraja posts about money sent back by B2C (decision record 029): the payment's result, its
// timeout in Daraja's queue, and the answer to a transaction status query. Daraja does not sign
// these calls, so the proof is the secret last segment of the address (urls.ts). Whatever
// arrives is kept (payment events, with what was done about it); only a post with the secret,
// naming a refund of ours by its OriginatorConversationID (the attempt's request key), changes
// anything, and then once: a replay finds the refund settled already.
import type { Payments } from '../../context.ts';
import { recordEvents } from '../../events-repo.ts';
import * as refunds from '../../refunds/repo.ts';
import { confirmRefund, failRefund } from '../../refunds/settle.ts';
import { askedAbout, parseB2cResult, type B2cResult } from './body.ts';
import type { B2cPost } from './urls.ts';
import { isOurSecret } from '../c2b/urls.ts';

export interface ReceivedB2cPost {
  post: B2cPost;
  /** The last segment of the address it came to, if any. */
  secret: string | undefined;
  /** The body as it came, text. */
  body: string | undefined;
}

/** What a post did, with the note kept beside it. */
export interface B2cPostOutcome {
  /** rejected: not ours or not readable; applied: the refund moved; unchanged: settled already or not known yet. */
  kind: 'rejected' | 'applied' | 'unchanged';
  note: string;
}

/** A status query's words for a payment that did not go through. */
const FAILED_STATUS = /^(failed|declined|cancelled|canceled|expired)$/i;

/** The B2C receipt: the result's TransactionID, else its receipt parameter. */
const receiptOf = (result: B2cResult) =>
  result.transactionId ??
  result.parameters.get('TransactionReceipt') ??
  result.parameters.get('ReceiptNo') ??
  null;

const wordsOf = (result: B2cResult) =>
  `${result.resultDesc || 'M-Pesa gave no reason'} (ResultCode ${result.resultCode})`;

/** Keeps the post and applies it when it proves itself; answers what was done. */
export async function receiveB2cPost(
  p: Payments,
  received: ReceivedB2cPost,
): Promise<B2cPostOutcome> {
  const body = received.body ?? '';
  const parsed = parseB2cResult(received.body);
  const status = received.post === 'status' || received.post === 'status-timeout';
  const key = parsed.ok
    ? status
      ? askedAbout(parsed.result)
      : parsed.result.originatorConversationId
    : null;
  const refund = key ? await refunds.findByRequestKey(p.db, key) : undefined;
  const kind = `b2c-${received.post}`;
  const keep = async (note: string, outcome: B2cPostOutcome['kind'] = 'rejected') => {
    await recordEvents(p.db, refund?.paymentId ?? null, [{ kind, body, note }]);
    return { kind: outcome, note };
  };
  if (!isOurSecret(received.secret, p.b2cSecret)) {
    return keep(`rejected: ${received.secret ? 'a secret that is not ours' : 'no secret'}`);
  }
  if (!parsed.ok) return keep(`rejected: malformed (${parsed.reason})`);
  if (!refund) return keep(`rejected: no refund of ours is ${key ?? 'named'}`);
  const about = `refund ${refund.id}`;
  if (received.post === 'timeout' || received.post === 'status-timeout') {
    // Daraja gave up waiting in its queue: whether it paid is asked (refunds/query.ts), soon.
    if (refund.status === 'sent')
      await refunds.updateRefund(p.db, refund.id, { nextQueryAt: new Date() });
    return keep(`${about}: timed out in Daraja's queue; its status is asked`, 'unchanged');
  }
  const result = parsed.result;
  return p.db.transaction(async (tx) => {
    const record = async (note: string, applied: boolean) => {
      await recordEvents(tx, refund.paymentId, [{ kind, body, note }]);
      return { kind: applied ? ('applied' as const) : ('unchanged' as const), note };
    };
    const confirm = async (receipt: string | null) => {
      const reference = receipt ?? refund.providerRef ?? refund.requestKey;
      const done = await confirmRefund(p, tx, refund.id, { reference });
      return record(
        done ? `${about} confirmed: ${reference}` : `${about}: confirmed already`,
        done,
      );
    };
    const fail = async (words: string) => {
      const done = await failRefund(p, tx, refund.id, words);
      return record(
        done ? `${about} failed: ${words}` : `${about}: settled already, unchanged`,
        done,
      );
    };
    if (received.post === 'result') {
      return result.resultCode === '0' ? confirm(receiptOf(result)) : fail(wordsOf(result));
    }
    // A status query's answer: its ResultCode is the query's; the payment's state is a parameter.
    const state = result.parameters.get('TransactionStatus') ?? '';
    if (result.resultCode === '0' && /^completed$/i.test(state)) {
      // Its TransactionID may be the query's own; ReceiptNo is the payment's.
      return confirm(result.parameters.get('ReceiptNo') ?? receiptOf(result));
    }
    if (result.resultCode === '0' && FAILED_STATUS.test(state)) {
      return fail(`${state}: ${result.parameters.get('TransactionReason') ?? wordsOf(result)}`);
    }
    // Not known yet (or the query itself failed): still sent, asked again; the words are shown.
    if (refund.status === 'sent') {
      await refunds.updateRefund(tx, refund.id, {
        failure: `no answer yet: ${state || wordsOf(result)}`.slice(0, 500),
      });
    }
    return record(`${about}: status ${state || wordsOf(result)}; asked again later`, false);
  });
}

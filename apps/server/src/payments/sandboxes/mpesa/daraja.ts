// The built-in M-Pesa sandbox (no Daraja credentials): the shop stands in for Daraja. A push is
// "accepted" at once and waits for the shopper on a simulated phone page served by this server
// (/mpesa-sandbox/…), whose 'Enter PIN' and 'Cancel' deliver callbacks through the same callback
// code path Daraja's use. Like Daraja, an unanswered prompt times out (1037).
//
// No state is kept: the CheckoutRequestID seals (AES-256-GCM under the server's secret) the
// callback URL and the time of the push, so any server process can answer the phone page and the
// query, and nobody but the shop can read the callback secret out of it.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { PushOutcome, PushRequest, QueryOutcome, StkApi } from '../../mpesa/stk/api.ts';
import { maskedJson } from '../../mpesa/daraja/mask.ts';

const PREFIX = 'ws_CO_SBX_';
/** How long the simulated phone waits for 'Enter PIN', like a real prompt (about a minute). */
export const SANDBOX_PROMPT_SECONDS = 120;

export interface SealedPush {
  callbackUrl: string;
  pushedAt: Date;
  amountShillings: number;
  phone: string;
}

export class MpesaSandbox implements StkApi {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHash('sha256').update(`mpesa-sandbox:${serverSecret}`).digest();
  }

  async push(request: PushRequest): Promise<PushOutcome> {
    const checkoutRequestId = this.seal({
      callbackUrl: request.callbackUrl,
      pushedAt: this.now(),
      amountShillings: request.amountShillings,
      phone: request.phone,
    });
    const merchantRequestId = `SBX-${randomBytes(6).toString('hex')}`;
    const answer = {
      MerchantRequestID: merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing (M-Pesa sandbox)',
      CustomerMessage: 'Success. Request accepted for processing',
    };
    const body = {
      Amount: request.amountShillings,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference,
      TransactionDesc: request.description,
    };
    return {
      kind: 'accepted',
      checkoutRequestId,
      merchantRequestId,
      log: [
        { kind: 'push', body: maskedJson(body) },
        { kind: 'push-answer', body: maskedJson(answer) },
      ],
    };
  }

  async query(checkoutRequestId: string, now = this.now()): Promise<QueryOutcome> {
    const push = this.unseal(checkoutRequestId);
    const log = [{ kind: 'query', body: maskedJson({ CheckoutRequestID: checkoutRequestId }) }];
    if (!push) return { kind: 'error', reason: 'not a sandbox CheckoutRequestID', log };
    if (this.expired(push, now)) {
      return {
        kind: 'final',
        resultCode: 1037,
        resultDesc: 'DS timeout user cannot be reached (M-Pesa sandbox)',
        log,
      };
    }
    return { kind: 'processing', log };
  }

  /** True once the simulated prompt has timed out. */
  expired(push: SealedPush, now = this.now()): boolean {
    return now.getTime() - push.pushedAt.getTime() > SANDBOX_PROMPT_SECONDS * 1000;
  }

  seal(push: SealedPush): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plain = JSON.stringify({
      u: push.callbackUrl,
      t: push.pushedAt.getTime(),
      a: push.amountShillings,
      p: push.phone,
    });
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** What a sandbox push sealed, or null when the id is not one this server made. */
  unseal(checkoutRequestId: string): SealedPush | null {
    if (!checkoutRequestId.startsWith(PREFIX)) return null;
    try {
      const data = Buffer.from(checkoutRequestId.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
      const v = JSON.parse(plain.toString('utf8')) as {
        u: string;
        t: number;
        a: number;
        p: string;
      };
      return { callbackUrl: v.u, pushedAt: new Date(v.t), amountShillings: v.a, phone: v.p };
    } catch {
      return null;
    }
  }
}

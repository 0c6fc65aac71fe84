// Daraja's B2C and transaction status query on their own, against the stand-in: what is sent, that
// a payment is never sent twice whatever goes wrong, and that nothing secret is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DARAJA_CREDENTIALS,
  startDarajaStandIn,
  type DarajaStandIn,
} from '../../../../test/stand-ins/daraja.ts';
import type { PayOutRequest } from './api.ts';
import { DarajaClient } from '../daraja/client.ts';

let daraja: DarajaStandIn;

beforeAll(async () => {
  daraja = await startDarajaStandIn();
});
afterAll(async () => {
  await daraja.close();
});

const CREDENTIAL = 'encrypted-initiator-password-value';

const b2c = (overrides: Partial<ConstructorParameters<typeof DarajaClient>[0]> = {}) =>
  new DarajaClient({
    ...DARAJA_CREDENTIALS,
    apiBase: daraja.url,
    transactionType: 'CustomerPayBillOnline',
    partyB: DARAJA_CREDENTIALS.shortcode,
    initiatorName: 'duka-api',
    securityCredential: CREDENTIAL,
    timeoutMs: 300,
    retryDelaysMs: [5, 5],
    ...overrides,
  }).b2c!;

let n = 0;
const payOut = (): PayOutRequest => ({
  originatorConversationId: `refund-key-${++n}-${Date.now()}`,
  amountShillings: 500,
  phone: '254712345678',
  remarks: 'Refund of Duka order 12',
  occasion: 'Refund 3',
  // Nothing listens here: the stand-in's posts of results fail quietly.
  resultUrl: 'http://127.0.0.1:9/api/mpesa/b2c/result/the-secret-segment',
  timeoutUrl: 'http://127.0.0.1:9/api/mpesa/b2c/timeout/the-secret-segment',
});

describe('a B2C payment through Daraja', () => {
  it('sends BusinessPayment from the B2C short code to the phone, keyed by our id', async () => {
    const request = payOut();
    const outcome = await b2c().payOut(request);
    expect(outcome).toMatchObject({
      kind: 'accepted',
      conversationId: expect.stringMatching(/^AG_/),
    });
    expect(daraja.state.b2cPayments.at(-1)!.body).toMatchObject({
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: 'duka-api',
      SecurityCredential: CREDENTIAL,
      CommandID: 'BusinessPayment',
      Amount: 500,
      PartyA: DARAJA_CREDENTIALS.shortcode,
      PartyB: '254712345678',
      Remarks: 'Refund of Duka order 12',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
    });
    const kept = JSON.stringify(outcome.log);
    expect(kept).not.toContain(CREDENTIAL);
    expect(kept).not.toContain('the-secret-segment');
    expect(outcome.log.map((e) => e.kind)).toEqual(['b2c', 'b2c-answer']);
  });

  it('pays from MPESA_B2C_SHORTCODE when it is not the Paybill', async () => {
    const other = await startDarajaStandIn({ shortcode: '600999' });
    try {
      const client = new DarajaClient({
        ...DARAJA_CREDENTIALS,
        apiBase: other.url,
        transactionType: 'CustomerPayBillOnline',
        partyB: DARAJA_CREDENTIALS.shortcode,
        initiatorName: 'duka-api',
        securityCredential: CREDENTIAL,
        b2cShortcode: '600999',
      });
      expect((await client.b2c!.payOut(payOut())).kind).toBe('accepted');
      expect(other.state.b2cPayments.at(-1)!.body.PartyA).toBe('600999');
    } finally {
      await other.close();
    }
  });

  it("is refused with Daraja's words, and nothing is paid", async () => {
    const before = daraja.state.b2cPayments.length;
    daraja.state.refuseNextB2c('400.002.02', 'Bad Request - Invalid PartyB');
    const outcome = await b2c().payOut(payOut());
    expect(outcome).toMatchObject({
      kind: 'refused',
      reason: '400.002.02 Bad Request - Invalid PartyB',
    });
    expect(daraja.state.b2cPayments).toHaveLength(before);
  });

  it('is never sent twice: a 500, a dropped answer or a hang is reported unknown after one request', async () => {
    for (const [kind, when] of [
      ['500', 'after'],
      ['network', 'after'],
      ['hang', 'after'],
    ] as const) {
      const requests = daraja.state.b2cRequests.length;
      daraja.state.failNext(kind, { endpoint: 'b2c', when });
      const outcome = await b2c().payOut(payOut());
      expect(outcome.kind, kind).toBe('unknown');
      expect(daraja.state.b2cRequests.length - requests, kind).toBe(1);
    }
  });

  it('that surely never left (no connection) is refused, to be tried again by a person', async () => {
    const nobody = new DarajaClient({
      ...DARAJA_CREDENTIALS,
      apiBase: 'http://127.0.0.1:9',
      transactionType: 'CustomerPayBillOnline',
      partyB: DARAJA_CREDENTIALS.shortcode,
      initiatorName: 'duka-api',
      securityCredential: CREDENTIAL,
      retryDelaysMs: [],
    });
    const outcome = await nobody.b2c!.payOut(payOut());
    expect(outcome).toMatchObject({ kind: 'refused', reason: /could not be reached/ });
  });

  it('asks the status of a payment by its OriginatorConversationID', async () => {
    const request = payOut();
    await b2c().payOut(request);
    const outcome = await b2c().askStatus({
      originatorConversationId: request.originatorConversationId,
      resultUrl: 'http://127.0.0.1:9/api/mpesa/b2c/status/the-secret-segment',
      timeoutUrl: 'http://127.0.0.1:9/api/mpesa/b2c/status-timeout/the-secret-segment',
    });
    expect(outcome.kind).toBe('accepted');
    expect(daraja.state.statusQueries.at(-1)).toMatchObject({
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: request.originatorConversationId,
      PartyA: DARAJA_CREDENTIALS.shortcode,
      IdentifierType: '4',
    });
    expect(JSON.stringify(outcome.log)).not.toContain(CREDENTIAL);
    const sent = daraja.state.b2cRequests.map((r) => r.OriginatorConversationID);
    expect(sent.filter((id) => id === request.originatorConversationId)).toHaveLength(1);
  });
});

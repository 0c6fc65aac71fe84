// The built-in M-Pesa sandbox's simulated phone (outside /api: the browser opens it). Its answers
// go through the same callback code Daraja's callbacks take.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nairobiDate } from '@duka/domain';
import { receiveCallback } from '../../callbacks.ts';
import type { PaymentProvider } from '../../provider.ts';
import { findByProviderId } from '../../repo.ts';
import { nairobiTimestamp } from '../../mpesa/daraja/credentials.ts';
import type { MpesaSandbox } from './daraja.ts';
import { PHONE_CSS, phonePageHtml, SANDBOX_ANSWERS, type PhonePageData } from './page.ts';

/** The page of a payment waiting on the simulated phone. */
export const sandboxPhoneUrl = (paymentId: string) =>
  `/mpesa-sandbox/${encodeURIComponent(paymentId)}`;

/** The built-in sandbox's phone: it answers the prompt through the same callback code path. */
export function sandboxPhoneRoutes(
  sandbox: MpesaSandbox,
  provider: Pick<PaymentProvider, 'name' | 'parseCallback'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;
    const hide = { hide: true };
    const params = z.object({ paymentId: z.string().min(1).max(100) });
    // The page's forms post application/x-www-form-urlencoded; they carry no fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );
    const find = (paymentId: string) => findByProviderId(db, provider.name, paymentId);

    app.get('/mpesa-sandbox/assets/phone.css', { schema: hide }, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(PHONE_CSS),
    );

    app.get(
      '/mpesa-sandbox/:paymentId',
      { schema: { ...hide, params } },
      async (request, reply) => {
        const payment = await find(request.params.paymentId);
        if (!payment) return reply.code(404).type('text/plain').send('No such payment.');
        const push = payment.checkoutRequestId ? sandbox.unseal(payment.checkoutRequestId) : null;
        let state: PhonePageData['state'];
        if (payment.status === 'captured' || payment.status === 'refunded') state = 'paid';
        else if (payment.resultCode !== null || payment.status === 'failed') state = 'failed';
        else if (payment.status !== 'created' || !push) state = 'closed';
        else state = sandbox.expired(push) ? 'timed-out' : 'waiting';
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(
            phonePageHtml({
              paymentId: payment.providerPaymentId,
              amountCents: payment.amountCents,
              phone: payment.phone ?? '',
              state,
              receipt: payment.transactionId,
              message: payment.failureReason,
            }),
          );
      },
    );

    app.post(
      '/mpesa-sandbox/:paymentId/:answer',
      {
        schema: {
          ...hide,
          params: params.extend({
            answer: z.enum(Object.keys(SANDBOX_ANSWERS) as [keyof typeof SANDBOX_ANSWERS]),
          }),
        },
      },
      async (request, reply) => {
        const { paymentId, answer } = request.params;
        const page = sandboxPhoneUrl(paymentId);
        const payment = await find(paymentId);
        const push = payment?.checkoutRequestId ? sandbox.unseal(payment.checkoutRequestId) : null;
        if (!payment || !push || sandbox.expired(push)) return reply.redirect(page, 303);
        const secret = new URL(push.callbackUrl).pathname.split('/').pop();
        const resultCode = SANDBOX_ANSWERS[answer];
        await receiveCallback(app.payments, provider, {
          secret,
          body: JSON.stringify(callbackBody(payment, push.phone, resultCode)),
        });
        return reply.redirect(page, 303);
      },
    );
  };
}

/** What Daraja would post for this answer, in Daraja's shape. */
function callbackBody(
  payment: {
    merchantRequestId: string | null;
    checkoutRequestId: string | null;
    amountCents: number;
  },
  phone: string,
  resultCode: number,
) {
  const stkCallback = {
    MerchantRequestID: payment.merchantRequestId ?? '',
    CheckoutRequestID: payment.checkoutRequestId,
    ResultCode: resultCode,
    ResultDesc:
      resultCode === 0
        ? 'The service request is processed successfully.'
        : `${resultCode} (M-Pesa sandbox)`,
  };
  if (resultCode !== 0) return { Body: { stkCallback } };
  const now = new Date();
  const receipt = `SBX${nairobiDate(now).slice(2, 4)}${randomBytes(4).toString('hex').toUpperCase().slice(0, 5)}`;
  return {
    Body: {
      stkCallback: {
        ...stkCallback,
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: payment.amountCents / 100 },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: Number(nairobiTimestamp(now)) },
            { Name: 'PhoneNumber', Value: Number(phone) },
          ],
        },
      },
    },
  };
}

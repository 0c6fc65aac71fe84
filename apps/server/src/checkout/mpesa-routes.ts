// M-Pesa's routes: the shopper's payment status, Daraja's callback, and the built-in sandbox's
// simulated phone (outside /api: the browser opens it).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, nairobiDate, paymentStatusSchema } from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { receiveCallback, recordReversalResult } from '../orders/mpesa-callback.ts';
import { findByProviderId } from '../payments/repo.ts';
import { nairobiTimestamp } from '../payments/mpesa/credentials.ts';
import { MpesaSandbox } from '../payments/mpesa/sandbox-gateway.ts';
import {
  PHONE_CSS,
  phonePageHtml,
  SANDBOX_ANSWERS,
  type PhonePageData,
} from '../payments/mpesa/sandbox-page.ts';
import { CALLBACK_PATH, paymentStatus } from './mpesa.ts';

const accepted = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
const acceptedSchema = z.object({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });

const mpesaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/payments/:paymentId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Where one of your payments stands: pending, paid (with the receipt) or failed',
        description:
          'The waiting screen asks this every few seconds after an M-Pesa push. Only the shopper whose order it pays can read it; anyone else gets 404.',
        security: [{ bearerAuth: [] }],
        params: z.object({ paymentId: z.string().trim().min(1).max(200) }),
        response: { 200: paymentStatusSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return paymentStatus(db, app.mpesa, currentUser(request).id, request.params.paymentId);
    },
  );

  // Daraja's callback. Any body is taken as text and recorded, so that a malformed one is kept
  // for the admin and answered without a 5xx.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const schema = {
      tags: ['payments'],
      summary: "Daraja's STK callback (M-Pesa Express)",
      description:
        'Daraja posts the result of a push here. The last path segment is the payment’s secret; without it nothing is settled. Every callback is recorded and answered {"ResultCode":0,"ResultDesc":"Accepted"}.',
      params: z.object({ secret: z.string().max(200).optional() }),
      response: { 200: acceptedSchema },
    };
    // The result of a reversal (a refund through Daraja), kept on its payment for the admin.
    callbacks.withTypeProvider<ZodTypeProvider>().post(
      '/api/mpesa/reversal/:paymentId',
      {
        schema: {
          tags: ['payments'],
          summary: "Daraja's result of a transaction reversal (a refund)",
          params: z.object({ paymentId: z.string().min(1).max(100) }),
          response: { 200: acceptedSchema },
        },
      },
      async (request) => {
        await recordReversalResult(db, request.params.paymentId, request.body);
        return accepted;
      },
    );
    for (const url of [CALLBACK_PATH, `${CALLBACK_PATH}/:secret`]) {
      callbacks.withTypeProvider<ZodTypeProvider>().post(url, { schema }, async (request) => {
        const note = await receiveCallback(db, {
          secret: request.params.secret,
          body: typeof request.body === 'string' ? request.body : undefined,
        });
        if (note.startsWith('rejected')) request.log.warn({ note }, 'M-Pesa callback rejected');
        return accepted;
      });
    }
  });

  const sandbox = app.mpesa;
  if (sandbox instanceof MpesaSandbox) await app.register(sandboxPhone(sandbox));
};

/** The built-in sandbox's phone: it answers the prompt through the same callback code path. */
function sandboxPhone(sandbox: MpesaSandbox): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;
    const hide = { hide: true };
    const params = z.object({ paymentId: z.string().min(1).max(100) });
    // The page's forms post application/x-www-form-urlencoded; they carry no fields.
    app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );
    const find = (paymentId: string) => findByProviderId(db, sandbox.name, paymentId);

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
        const page = `/mpesa-sandbox/${encodeURIComponent(paymentId)}`;
        const payment = await find(paymentId);
        const push = payment?.checkoutRequestId ? sandbox.unseal(payment.checkoutRequestId) : null;
        if (!payment || !push || sandbox.expired(push)) return reply.redirect(page, 303);
        const secret = new URL(push.callbackUrl).pathname.split('/').pop();
        const resultCode = SANDBOX_ANSWERS[answer];
        await receiveCallback(db, {
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

export default mpesaRoutes;

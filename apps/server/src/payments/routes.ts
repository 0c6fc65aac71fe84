// The payments' own routes: where one of your payments stands, the providers' callbacks (answered
// whatever they carry), and the pages the sandboxes serve in place of the providers'.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, paymentStatusSchema } from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { receiveCallback, recordRefundResult } from './callbacks.ts';
import { REVERSAL_RESULT_PATH } from './mpesa/provider.ts';
import { noteOf } from './settlement.ts';
import { paymentStatus } from './status.ts';

const accepted = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
const acceptedSchema = z.object({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;

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
    async (request) => paymentStatus(payments, currentUser(request).id, request.params.paymentId),
  );

  // Providers' callbacks. Any body is taken as text and recorded, so that a malformed one is kept
  // for the admin and answered without a 5xx.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const typed = callbacks.withTypeProvider<ZodTypeProvider>();
    // The result of a reversal (a refund through Daraja), kept on its payment for the admin.
    typed.post(
      `${REVERSAL_RESULT_PATH}/:paymentId`,
      {
        schema: {
          tags: ['payments'],
          summary: "Daraja's result of a transaction reversal (a refund)",
          params: z.object({ paymentId: z.string().min(1).max(100) }),
          response: { 200: acceptedSchema },
        },
      },
      async (request) => {
        await recordRefundResult(payments, request.params.paymentId, request.body);
        return accepted;
      },
    );
    for (const provider of payments.providers.all()) {
      if (!provider.callbackPath || !provider.parseCallback) continue;
      const schema = {
        tags: ['payments'],
        summary: "Daraja's STK callback (M-Pesa Express)",
        description:
          'Daraja posts the result of a push here. The last path segment is the payment’s secret; without it nothing is settled. Every callback is recorded and answered {"ResultCode":0,"ResultDesc":"Accepted"}.',
        params: z.object({ secret: z.string().max(200).optional() }),
        response: { 200: acceptedSchema },
      };
      for (const url of [provider.callbackPath, `${provider.callbackPath}/:secret`]) {
        typed.post(url, { schema }, async (request) => {
          const settlement = await receiveCallback(payments, provider, {
            secret: request.params.secret,
            body: typeof request.body === 'string' ? request.body : undefined,
          });
          if (settlement.kind === 'rejected') {
            request.log.warn({ note: noteOf(settlement) }, 'payment callback rejected');
          }
          return accepted;
        });
      }
    }
  });

  for (const provider of payments.providers.all()) {
    if (provider.sandboxPage) await app.register(provider.sandboxPage.routes);
  }
};

export default paymentsRoutes;

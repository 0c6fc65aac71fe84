// The payments' own routes: how the shop takes payment, where one of your payments stands, the
// providers' callbacks (answered whatever they carry), the routes a provider family brings (M-Pesa's:
// mpesa/routes.ts), and the pages the sandboxes serve in place of the providers'.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, paymentMethodsSchema, paymentStatusSchema } from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { receiveCallback } from './callbacks.ts';
import { noteOf } from './settlement.ts';
import { paymentStatus } from './status.ts';
import { takeBodiesAsText } from './text-bodies.ts';

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;

  const methods = {
    methods: payments.providers.all().map((provider) => ({
      method: provider.method,
      label: provider.checkoutLabel,
      kind: provider.kind,
      ...(provider.businessNumber !== undefined
        ? { business_number: provider.businessNumber }
        : {}),
      sandbox: provider.sandboxPage !== undefined,
    })),
  };
  app.get(
    '/api/payments/methods',
    {
      schema: {
        tags: ['checkout'],
        summary: 'How this shop takes payment, in the order checkout offers them',
        response: { 200: paymentMethodsSchema },
      },
    },
    async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(methods),
  );

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

  // Routes of a provider family served whatever is configured (M-Pesa's Till code and Daraja's
  // posts: registry.ts).
  for (const routes of payments.providers.routes) await app.register(routes);

  // Providers' callbacks: each at its address, then the payment's secret. Any body is taken as
  // text and recorded, so that a malformed one is kept for the admin and answered without a 5xx.
  await app.register(async (callbacks) => {
    const typed = takeBodiesAsText(callbacks);
    for (const provider of payments.providers.all()) {
      const { callback } = provider;
      if (!callback || !provider.parseCallback) continue;
      const schema = {
        tags: ['payments'],
        summary: callback.summary,
        description: callback.description,
        params: z.object({ secret: z.string().max(200).optional() }),
        response: { 200: callback.answer.schema },
      };
      for (const url of [callback.path, `${callback.path}/:secret`]) {
        typed.post(url, { schema }, async (request) => {
          const settlement = await receiveCallback(payments, provider, {
            secret: request.params.secret,
            body: typeof request.body === 'string' ? request.body : undefined,
          });
          if (settlement.kind === 'rejected') {
            request.log.warn({ note: noteOf(settlement) }, 'payment callback rejected');
          }
          return callback.answer.body;
        });
      }
    }
  });

  for (const provider of payments.providers.all()) {
    if (provider.sandboxPage) await app.register(provider.sandboxPage.routes);
  }
};

export default paymentsRoutes;

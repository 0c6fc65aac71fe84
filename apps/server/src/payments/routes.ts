// The payments' own routes: where one of your payments stands, the providers' callbacks (answered
// whatever they carry), and the pages the sandboxes serve in place of the providers'.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  MPESA_MESSAGES,
  mpesaCodeBodySchema,
  paymentMethodsSchema,
  paymentStatusSchema,
} from '@duka/domain';
import { currentUser } from '../auth/plugin.ts';
import { conflict, notFound, unprocessable } from '../lib/http-error.ts';
import { receiveCallback } from './callbacks.ts';
import { receiveB2cPost } from './mpesa/b2c-results.ts';
import { B2C_PATH, B2C_POSTS } from './mpesa/b2c-urls.ts';
import { noteOfConfirmation, receiveConfirmation, validatePaidIn } from './mpesa/c2b.ts';
import { claimCode } from './mpesa/till-claim.ts';
import { refusalMessage } from './mpesa/till-rules.ts';
import { C2B_PATH, isOurSecret } from './mpesa/c2b-urls.ts';
import { noteOf } from './settlement.ts';
import { paymentStatus } from './status.ts';

const accepted = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
const acceptedSchema = z.object({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;

  const methods = {
    methods: payments.providers.all().map((provider) => {
      const paybill = provider.instructions?.(0, 0);
      return {
        method: provider.method,
        // Checkout's 'Pay with PayPal' leads to the sandbox's page when no PayPal account is set.
        label: provider.method === 'paypal' ? 'PayPal' : provider.label,
        kind: paybill
          ? paybill.kind
          : provider.asksPhone
            ? ('prompt' as const)
            : provider.method === 'pay_on_delivery'
              ? ('on_delivery' as const)
              : ('redirect' as const),
        ...(paybill ? { business_number: paybill.business_number } : {}),
        sandbox: provider.sandboxPage !== undefined,
      };
    }),
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

  app.post(
    '/api/payments/:paymentId/mpesa-code',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'The M-Pesa code of a Till payment, from the SMS: it pays the order',
        description:
          "200 when it paid the order (or part of it); 202 when M-Pesa has not confirmed that code yet (it is checked and matched as soon as it does); 409 when the code already paid another order; 422 (MPESA_CODE_REFUSED) when the payment does not fit this order: paid from a phone that is not the order's or the account's, less than the balance or far more, or made before the order; 400 for a code that is not 10 letters and digits. Every claim counts against the account's M-Pesa limit.",
        security: [{ bearerAuth: [] }],
        params: z.object({ paymentId: z.string().trim().min(1).max(200) }),
        body: mpesaCodeBodySchema,
        response: {
          200: paymentStatusSchema,
          202: z.object({ status: z.literal('waiting'), message: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // A code is a key to money that came in: guessing them is throttled per account.
      await payments.admitPhoneRequest(userId);
      const outcome = await claimCode(
        payments,
        userId,
        request.params.paymentId,
        request.body.code,
        {
          notFound: () => notFound('This payment'),
          used: () => conflict(MPESA_MESSAGES.codeUsed, 'MPESA_CODE_USED'),
          notPayable: () => conflict(MPESA_MESSAGES.notPayable, 'ORDER_NOT_PAYABLE'),
        },
      );
      if (outcome.kind === 'refused') {
        throw unprocessable(refusalMessage(outcome.refusal), 'MPESA_CODE_REFUSED');
      }
      if (outcome.kind === 'waiting') {
        return reply
          .code(202)
          .send({ status: 'waiting' as const, message: MPESA_MESSAGES.codeWaiting });
      }
      return paymentStatus(payments, userId, request.params.paymentId);
    },
  );

  // Providers' callbacks. Any body is taken as text and recorded, so that a malformed one is kept
  // for the admin and answered without a 5xx.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const typed = callbacks.withTypeProvider<ZodTypeProvider>();
    // What became of money sent back by B2C, and the answers to its status queries.
    const b2cParams = z.object({
      post: z.enum(B2C_POSTS),
      secret: z.string().max(200).optional(),
    });
    for (const url of [`${B2C_PATH}/:post`, `${B2C_PATH}/:post/:secret`]) {
      typed.post(
        url,
        {
          schema: {
            tags: ['payments'],
            summary: "Daraja's result of a B2C refund, or of a transaction status query",
            description:
              'The last path segment is the shop’s secret; without it nothing changes. A result is applied once, to the refund whose request key is its OriginatorConversationID; a timeout leaves the refund to the status query. Every post is kept and answered {"ResultCode":0,"ResultDesc":"Accepted"}.',
            params: b2cParams,
            response: { 200: acceptedSchema },
          },
        },
        async (request) => {
          const outcome = await receiveB2cPost(payments, {
            post: request.params.post,
            secret: request.params.secret,
            body: typeof request.body === 'string' ? request.body : undefined,
          });
          if (outcome.kind === 'rejected') {
            request.log.warn({ note: outcome.note }, 'B2C result not applied');
          }
          return accepted;
        },
      );
    }
    // Paybill and Till: Daraja's validation (answered at once: it waits about 8 s) and
    // confirmation, each at an address with the shop's secret.
    const c2bParams = z.object({ secret: z.string().max(200).optional() });
    for (const url of [`${C2B_PATH}/validation`, `${C2B_PATH}/validation/:secret`]) {
      typed.post(
        url,
        {
          schema: {
            tags: ['payments'],
            summary: "Daraja's validation of a Paybill or Till payment before it completes",
            description:
              'Accepted ({"ResultCode":"0"}) when the account number names an order awaiting payment (a Till payment has none to check); else rejected with C2B00012 (account), C2B00013 (amount) or C2B00016.',
            params: c2bParams,
            response: { 200: z.object({ ResultCode: z.string(), ResultDesc: z.string() }) },
          },
        },
        async (request) =>
          validatePaidIn(
            payments,
            typeof request.body === 'string' ? request.body : undefined,
            isOurSecret(request.params.secret, payments.c2bSecret),
          ),
      );
    }
    for (const url of [`${C2B_PATH}/confirmation`, `${C2B_PATH}/confirmation/:secret`]) {
      typed.post(
        url,
        {
          schema: {
            tags: ['payments'],
            summary: "Daraja's confirmation of a completed Paybill or Till payment",
            description:
              'Matched to the order its account number (or a Till code the shopper typed) names; kept as an unmatched payment otherwise. Idempotent by TransID. Always answered {"ResultCode":0,"ResultDesc":"Accepted"}.',
            params: c2bParams,
            response: { 200: acceptedSchema },
          },
        },
        async (request) => {
          const outcome = await receiveConfirmation(
            payments,
            typeof request.body === 'string' ? request.body : undefined,
            isOurSecret(request.params.secret, payments.c2bSecret),
          );
          if (outcome.kind === 'rejected' || outcome.kind === 'unmatched') {
            request.log.warn(
              { note: noteOfConfirmation(outcome) },
              'M-Pesa confirmation not applied',
            );
          }
          return accepted;
        },
      );
    }
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

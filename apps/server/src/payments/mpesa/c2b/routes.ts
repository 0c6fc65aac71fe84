// The addresses of paying from the M-Pesa menu: the shopper's Till code (typed from the SMS), and
// Daraja's validation (answered at once: it waits about 8 s) and confirmation of a Paybill or Till
// payment, each at an address with the shop's secret (urls.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  MPESA_MESSAGES,
  mpesaCodeBodySchema,
  paymentStatusSchema,
} from '@duka/domain';
import { currentUser } from '../../../auth/plugin.ts';
import { conflict, notFound, unprocessable } from '../../../lib/http-error.ts';
import { paymentStatus } from '../../status.ts';
import { takeBodiesAsText } from '../../text-bodies.ts';
import { ACCEPTED, acceptedSchema } from '../daraja/accepted.ts';
import { noteOfConfirmation, receiveConfirmation, validatePaidIn } from './paid-in.ts';
import { claimCode } from './till-claim.ts';
import { refusalMessage } from './till-rules.ts';
import { C2B_PATH, isOurSecret } from './urls.ts';

export const tillCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;
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
};

export const c2bRoutes: FastifyPluginAsync = async (app) => {
  const payments = app.payments;
  const typed = takeBodiesAsText(app);
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
        return ACCEPTED;
      },
    );
  }
};

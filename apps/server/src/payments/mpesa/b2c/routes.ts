// Where Daraja posts what became of money sent back by B2C, and the answers to its status queries
// (decision record 029), each at an address with the shop's secret (urls.ts).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { takeBodiesAsText } from '../../text-bodies.ts';
import { ACCEPTED, acceptedSchema } from '../daraja/accepted.ts';
import { receiveB2cPost } from './results.ts';
import { B2C_PATH, B2C_POSTS } from './urls.ts';

export const b2cResultRoutes: FastifyPluginAsync = async (app) => {
  const payments = app.payments;
  const typed = takeBodiesAsText(app);
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
        return ACCEPTED;
      },
    );
  }
};

// Forgot password: ask for a link, check it, set the new password (POST bodies, so a token never
// travels in a URL the server would log).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  forgotPasswordAnswerSchema,
  forgotPasswordSchema,
  messageSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '@duka/domain';
import {
  checkResetLink,
  requestReset,
  resetMailRenderer,
  resetPassword,
  RESET_KIND,
} from './password-reset.ts';

const tags = ['accounts'];

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const deps = { db, limits: app.limits, delivery: () => app.outbox.emailDelivery() };
  app.outbox.renderers.set(RESET_KIND, resetMailRenderer(db));

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary:
          'E-mail a link to reset the password; the same answer whether or not the address has an account',
        description:
          '`delivery`: `queued` when a mail server will take it, `held` while the shop has none (no SMTP_URL): the link is then made and sent once it has one.',
        body: forgotPasswordSchema,
        response: { 200: forgotPasswordAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => requestReset(deps, request.body.email, request.ip),
  );

  app.post(
    '/reset-password/check',
    {
      schema: {
        tags,
        summary: 'Whether a reset link still works (410 when expired or used)',
        body: resetTokenSchema,
        response: { 200: messageSchema, 400: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => checkResetLink(db, request.body.token),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password through a reset link; every session of the account ends',
        body: resetPasswordSchema,
        response: { 200: messageSchema, 400: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => resetPassword(deps, request.body.token, request.body.password),
  );
};

export default passwordResetRoutes;

// One's own two-step sign-in (issue 25): set up, enable, disable.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
} from '@duka/domain';
import { auditOf } from '../audit/trail.ts';
import { currentUser } from './plugin.ts';
import { accountErrors } from './routes.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.ts';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, limits: app.limits };

  app.post(
    '/me/2fa/setup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A new secret for an authenticator app, and its QR code (not on until enabled)',
        security,
        response: { 200: twoFactorSetupSchema, ...accountErrors },
      },
    },
    async (request) => setUpTwoFactor(deps.db, currentUser(request).id),
  );

  app.post(
    '/me/2fa/enable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Turn two-step sign-in on with a first code; answers ten single-use recovery codes',
        description:
          'Every other session of the account ends. Wrong codes here are limited apart from those at log-in (5 in 15 minutes, then 429).',
        security,
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...accountErrors },
      },
    },
    async (request) => {
      const { id: userId, sessionId } = currentUser(request);
      return enableTwoFactor(deps, { userId, sessionId }, request.body.code, auditOf(request));
    },
  );

  app.post(
    '/me/2fa/disable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off, with the password and a code (or a recovery code)',
        description:
          'Wrong passwords and codes here are limited apart from those at log-in (5 in 15 minutes, then 429): they never lock the two-step sign-in.',
        security,
        body: twoFactorDisableSchema,
        response: { 200: messageSchema, ...accountErrors },
      },
    },
    async (request) =>
      disableTwoFactor(deps, currentUser(request).id, request.body, auditOf(request)),
  );
};

export default twoFactorRoutes;

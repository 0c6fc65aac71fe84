// The data rights on the profile: download everything held about you, delete your account, and
// consent to marketing e-mails.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  eraseAccountSchema,
  marketingConsentSchema,
  marketingConsentStateSchema,
  messageSchema,
} from '@duka/domain';
import { setMarketingConsent } from '../auth/data-rights.ts';
import { currentUser } from '../auth/plugin.ts';
import { eraseAccount, exportData } from './service.ts';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];

const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/profile/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Download everything held about your account as JSON (profile, addresses, orders, cart, wishlist, reviews, messages)',
        security,
      },
    },
    async (request, reply) => {
      const publicUrl = app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`;
      const data = await exportData(db, currentUser(request).id, publicUrl.replace(/\/+$/, ''));
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="duka-my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Delete your account: personal data erased, orders kept anonymised, every session ended',
        security,
        body: eraseAccountSchema,
        response: {
          200: messageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      eraseAccount(
        { db, limits: app.limits },
        currentUser(request).id,
        request.body.currentPassword,
      ),
  );

  app.put(
    '/profile/marketing',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Give or withdraw consent to marketing e-mails (kept with its time)',
        security,
        body: marketingConsentSchema,
        response: { 200: marketingConsentStateSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => setMarketingConsent(db, currentUser(request).id, request.body.consent),
  );
};

export default privacyRoutes;

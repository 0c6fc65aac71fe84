// What every page may say of the shop (GET /api/settings), and, at start-up, the settings' first
// value of PRICES_INCLUDE_VAT.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nairobiYear, publicShopSettingsSchema } from '@duka/domain';
import { phoneSignInAvailable } from '../auth/phone/sender.ts';
import { readShopSettings, seedShopSettings } from './repo.ts';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.addHook('onReady', async () => {
    await seedShopSettings(db, app.config.PRICES_INCLUDE_VAT);
  });

  app.get(
    '/settings',
    {
      schema: {
        tags: ['shop'],
        summary: "The shop's name, contact details, social pages, return window and home slides",
        description:
          'Read fresh from the database by every request; browsers may reuse an answer for 10 seconds.',
        response: { 200: publicShopSettingsSchema },
      },
    },
    async (_request, reply) => {
      const settings = await readShopSettings(db);
      reply.header('Cache-Control', 'public, max-age=10');
      return {
        ...settings,
        current_year: nairobiYear(new Date()),
        phone_sign_in: phoneSignInAvailable(app.config),
      };
    },
  );
};

export default settingsRoutes;

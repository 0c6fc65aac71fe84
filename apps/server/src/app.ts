// Builds the application from plugins. Used by server.ts and by every test (through inject()).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { validatorCompiler } from './lib/validator-compiler.ts';
import { logOptions, RequestsAtDebug } from './lib/log-options.ts';
import { drawDemoImageOnDemand } from './seed/demo-images.ts';
import errors from './plugins/errors.ts';
import security from './plugins/security.ts';
import openapi from './plugins/openapi.ts';
import web from './plugins/web.ts';
import healthRoutes from './health/routes.ts';
import catalogRoutes from './catalog/routes.ts';
import searchRoutes from './catalog/query/routes.ts';
import reviewRoutes from './catalog/review-routes.ts';
import { boughtProduct } from './orders/repo.ts';
import auth from './auth/plugin.ts';
import payments from './payments/plugin.ts';
import paymentsJobs from './payments/jobs.ts';
import paymentsRoutes from './payments/routes.ts';
import outbox from './outbox/plugin.ts';
import invoices from './invoices/plugin.ts';
import invoicesAdminRoutes from './invoices/admin-routes.ts';
import authRoutes from './auth/routes.ts';
import passwordResetRoutes from './auth/password-reset-routes.ts';
import twoFactorRoutes from './auth/two-factor-routes.ts';
import auditRoutes from './audit/routes.ts';
import privacyRoutes from './privacy/routes.ts';
import catalogAdminRoutes from './catalog/admin-routes.ts';
import catalogImportRoutes from './catalog/import/routes.ts';
import cartRoutes from './cart/routes.ts';
import wishlistRoutes from './wishlist/routes.ts';
import checkoutRoutes from './checkout/routes.ts';
import deliveryRoutes from './delivery/routes.ts';
import addressRoutes from './addresses/routes.ts';
import deliveryAdminRoutes from './delivery/admin-routes.ts';
import promotionsAdminRoutes from './promotions/admin-routes.ts';
import ordersRoutes from './orders/routes.ts';
import adminRoutes from './admin/routes.ts';
import usersAdminRoutes from './auth/admin-routes.ts';
import staffRoutes from './staff/routes.ts';
import ordersAdminRoutes from './orders/admin-routes.ts';
import ordersJobs from './orders/jobs.ts';
import { paymentOutcomeFor } from './orders/payment-outcome.ts';
import { applyRefundResult } from './orders/refund-settled.ts';
import { SANDBOX_NOTICE } from '@duka/domain';
import paymentsAdminRoutes from './payments/admin-routes.ts';
import contactsAdminRoutes from './contacts/admin-routes.ts';
import outboxAdminRoutes from './outbox/admin-routes.ts';
import outboxRoutes from './outbox/routes.ts';
import jobs from './plugins/jobs.ts';
import limits from './limits/plugin.ts';
import contactsRoutes from './contacts/routes.ts';
import uploadsRoutes from './uploads/routes.ts';
import seoRoutes from './seo/routes.ts';
import settingsRoutes from './settings/routes.ts';
import settingsAdminRoutes from './settings/admin-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

export type App = FastifyInstance;

const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function buildApp({ config, database, logger }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? logOptions(config),
    // Loading the web app's pages and catalogues for server rendering takes a few seconds, and
    // many more on a busy machine: the default 10 s made a start fail there, not hang.
    pluginTimeout: 120_000,
    logController: new RequestsAtDebug(),
    // A client's X-Request-Id is kept only when it is a plain token, so that logs cannot be
    // forged or flooded through it; otherwise the request gets an id of our own.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Only behind a proxy we run may X-Forwarded-For be believed (rate limits key on the address).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Zod's validation, after the one rule of every request: no control characters in any text.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  database.logTo(app.log);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errors);
  await app.register(security);
  await app.register(compress, { threshold: 1024 });
  await app.register(openapi);
  await app.register(auth);
  await app.register(jobs);
  await app.register(limits);
  // Payments tell orders what became of a payment through this one function of orders/.
  await app.register(payments, {
    applyToOrder: paymentOutcomeFor({ invoiceBranch: config.ETIMS_BHF_ID }),
    refundSettled: applyRefundResult,
  });
  await app.register(outbox);
  await app.register(invoices);
  await app.register(ordersJobs);
  await app.register(paymentsJobs);

  await app.register(healthRoutes);
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(passwordResetRoutes, { prefix: '/api' });
  await app.register(twoFactorRoutes, { prefix: '/api' });
  await app.register(privacyRoutes, { prefix: '/api' });
  await app.register(catalogAdminRoutes, { prefix: '/api' });
  await app.register(catalogImportRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api', hasBought: boughtProduct });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(wishlistRoutes, { prefix: '/api' });
  await app.register(deliveryRoutes, { prefix: '/api' });
  await app.register(addressRoutes, { prefix: '/api' });
  await app.register(checkoutRoutes, { prefix: '/api' });
  await app.register(ordersRoutes, { prefix: '/api' });
  // Payment status and providers' callbacks under /api; the sandboxes' pages outside it.
  await app.register(paymentsRoutes);
  await app.register(contactsRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(outboxRoutes, { prefix: '/api' });
  // The back office: each domain's admin routes, then what spans domains (dashboard, search).
  await app.register(usersAdminRoutes, { prefix: '/api' });
  await app.register(staffRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(ordersAdminRoutes, { prefix: '/api' });
  await app.register(deliveryAdminRoutes, { prefix: '/api' });
  await app.register(promotionsAdminRoutes, { prefix: '/api' });
  await app.register(paymentsAdminRoutes, { prefix: '/api' });
  await app.register(contactsAdminRoutes, { prefix: '/api' });
  await app.register(outboxAdminRoutes, { prefix: '/api' });
  await app.register(invoicesAdminRoutes, { prefix: '/api' });
  await app.register(settingsAdminRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(uploadsRoutes, { prefix: '/api' });
  await app.register(seoRoutes);

  await app.register(web, {
    webDistDir: config.WEB_DIST_DIR,
    dataDir: config.DATA_DIR,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    // Sandboxes turned on on purpose (PAYMENTS_SANDBOX=true): every page says what they mean.
    notice: config.PAYMENTS_SANDBOX && app.payments.providers.sandboxed ? SANDBOX_NOTICE : null,
    drawMissingImage: config.SEED_DEMO
      ? (name: string) => drawDemoImageOnDemand(path.resolve(config.DATA_DIR, 'images'), name)
      : undefined,
  });
  return app;
}

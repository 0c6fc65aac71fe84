// The payments module for the rest of the app (app.payments): the configured providers, and the
// one function of orders/ a payment's outcome goes through, handed in by app.ts.
import fp from 'fastify-plugin';
import type { ApplyToOrder, Payments } from './context.ts';
import { c2bSecretOf } from './mpesa/c2b-urls.ts';
import { providersFor } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export interface PaymentsPluginOptions {
  applyToOrder: ApplyToOrder;
}

export default fp<PaymentsPluginOptions>(
  async (app, options) => {
    const config = app.config;
    app.decorate('payments', {
      db: app.database.db,
      providers: providersFor(config, (obj, msg) => app.log.warn(obj, msg)),
      applyToOrder: options.applyToOrder,
      queryAfterMs: config.MPESA_QUERY_AFTER_SECONDS * 1000,
      // Each M-Pesa request rings a phone.
      admitPhoneRequest: (userId) => app.limits.enforce(app.limits.rules.mpesa, String(userId)),
      c2bSecret: c2bSecretOf(config.JWT_SECRET!),
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      log: app.log,
    });
  },
  { name: 'payments', dependencies: ['auth', 'limits'] },
);

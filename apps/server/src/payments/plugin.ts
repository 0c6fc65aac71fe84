// The payments module for the rest of the app (app.payments): the configured providers, and the
// one function of orders/ a payment's outcome goes through, handed in by app.ts.
import fp from 'fastify-plugin';
import type { ApplyToOrder, Payments, PaymentsLog, RefundSettled } from './context.ts';
import { b2cSecretOf } from './mpesa/b2c/urls.ts';
import { c2bSecretOf } from './mpesa/c2b/urls.ts';
import { c2bShortcodeOf, providersFor, type Providers } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export interface PaymentsPluginOptions {
  applyToOrder: ApplyToOrder;
  refundSettled: RefundSettled;
}

export default fp<PaymentsPluginOptions>(
  async (app, options) => {
    const config = app.config;
    const providers = providersFor(config, (obj, msg) => app.log.warn(obj, msg));
    if (config.NODE_ENV === 'production') warnOfSandboxes(app.log, providers);
    app.decorate('payments', {
      db: app.database.db,
      providers,
      applyToOrder: options.applyToOrder,
      refundSettled: options.refundSettled,
      queryAfterMs: config.MPESA_QUERY_AFTER_SECONDS * 1000,
      // Each M-Pesa request rings a phone.
      admitPhoneRequest: (userId) => app.limits.enforce(app.limits.rules.mpesa, String(userId)),
      c2bSecret: c2bSecretOf(config.JWT_SECRET!),
      b2cSecret: b2cSecretOf(config.JWT_SECRET!),
      c2bShortcode: c2bShortcodeOf(config),
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      log: app.log,
    });
  },
  { name: 'payments', dependencies: ['auth', 'limits'] },
);

/** What a production shop's owner must know at start: methods on sandboxes, or off for want of keys. */
function warnOfSandboxes(log: PaymentsLog, providers: Providers) {
  if (providers.sandboxed) {
    log.warn(
      {
        methods: providers
          .all()
          .filter((p) => p.sandboxPage)
          .map((p) => p.method),
      },
      'PAYMENTS_SANDBOX=true: these payment methods run on sandboxes and no real money moves; every page says so',
    );
  }
  const { off } = providers;
  if (off.length > 0) {
    log.warn(
      { off },
      'payment methods without real credentials are off in production (set their credentials, or PAYMENTS_SANDBOX=true to try the shop out)',
    );
  }
}

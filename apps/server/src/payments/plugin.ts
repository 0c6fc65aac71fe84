// The payment provider of this shop, chosen by configuration, and the sweeper that expires unpaid
// orders so their stock goes back on sale.
import fp from 'fastify-plugin';
import { paymentProviderOf } from '../config.ts';
import { expireStaleOrders } from '../checkout/service.ts';
import { PayPalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export const EXPIRY_SWEEP_MS = 60_000;

export default fp(
  async (app) => {
    const config = app.config;
    const provider: PaymentProvider =
      paymentProviderOf(config) === 'paypal'
        ? new PayPalProvider({
            clientId: config.PAYPAL_CLIENT_ID!,
            clientSecret: config.PAYPAL_CLIENT_SECRET!,
            apiBase: config.PAYPAL_API_BASE,
            currency: config.PAYPAL_CURRENCY,
            kesPerUnit: config.PAYPAL_KES_PER_UNIT,
          })
        : new SandboxProvider(config.JWT_SECRET!);
    app.decorate('payments', provider);

    if (config.NODE_ENV !== 'test') {
      const timer = setInterval(() => {
        expireStaleOrders(app.database.db)
          .then((n) => n > 0 && app.log.info({ expired: n }, 'unpaid orders expired'))
          .catch((err: unknown) => app.log.error({ err }, 'could not expire unpaid orders'));
      }, EXPIRY_SWEEP_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'payments', dependencies: ['auth'] },
);

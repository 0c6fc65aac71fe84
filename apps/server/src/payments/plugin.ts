// The payment provider of this shop, chosen by configuration.
import fp from 'fastify-plugin';
import { paymentProviderOf } from '../config.ts';
import { PayPalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

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
  },
  { name: 'payments', dependencies: ['auth'] },
);

// The orders' background work: the sweep that expires unpaid orders, once across instances.
import fp from 'fastify-plugin';
import { expireStaleOrders } from './expiry.ts';

export const EXPIRY_SWEEP_MS = 60_000;

export default fp(
  async (app) => {
    app.jobs.every('expire-unpaid-orders', EXPIRY_SWEEP_MS, async () => {
      const expired = await expireStaleOrders(app.payments);
      if (expired > 0) app.log.info({ expired }, 'unpaid orders expired');
    });
  },
  { name: 'orders-jobs', dependencies: ['jobs', 'payments'] },
);

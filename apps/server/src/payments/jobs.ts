// The payments' background work, once across instances (plugins/jobs.ts): asking providers about
// requests whose callback has not come. `app.reconcilePayments()` runs it now under the same lock,
// for tests and operators.
import fp from 'fastify-plugin';
import { reconcilePayments, type ReconcileReport } from './reconcile.ts';
import { queryDueRefunds } from './refunds/query.ts';

export const RECONCILE_JOB = 'mpesa-reconcile';
const REFUND_QUERY_JOB = 'refund-query';
/** How often due payments are looked for; each is asked about at its own MPESA_QUERY_AFTER_SECONDS. */
const SWEEP_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the query job now; undefined when another instance is running it. */
    reconcilePayments(now?: Date): Promise<ReconcileReport | undefined>;
    /** Sets up every provider that needs it now (Daraja's C2B URLs), once across instances. */
    registerPaymentProviders(options?: { force?: boolean; now?: Date }): Promise<void>;
    /** One run of the refund query job now; undefined when another instance is running it. */
    queryRefunds(now?: Date): Promise<{ settled: number } | undefined>;
  }
}

const REGISTRATION_JOB = 'payment-provider-registration';
/** How often providers that must be set up (Daraja's C2B URLs) are looked at; each is due on its own. */
const REGISTRATION_SWEEP_MS = 10_000;

export default fp(
  async (app) => {
    const p = app.payments;
    const registrations = p.providers
      .all()
      .flatMap((provider) => (provider.registration ? [provider.registration] : []));
    const context = { db: p.db, publicUrl: p.publicUrl, secret: p.c2bSecret, log: p.log };
    const ensureAll = async (options?: { force?: boolean; now?: Date }) => {
      for (const registration of registrations) await registration.ensure(context, options);
    };
    const register = (options?: { force?: boolean; now?: Date }) =>
      app.jobs.runOnce(REGISTRATION_JOB, () => ensureAll(options));
    app.decorate('registerPaymentProviders', async (options?: { force?: boolean; now?: Date }) => {
      await register(options);
    });
    if (registrations.length > 0 && app.jobs.enabled) {
      // At start-up, then whenever a retry is due.
      app.addHook('onReady', () => {
        void register().catch((err: unknown) =>
          app.log.warn({ err }, 'payment provider registration failed'),
        );
      });
      app.jobs.every(REGISTRATION_JOB, REGISTRATION_SWEEP_MS, () => ensureAll());
    }
    const run = (now?: Date) => reconcilePayments(app.payments, now);
    app.decorate('reconcilePayments', (now?: Date) =>
      app.jobs.runOnce(RECONCILE_JOB, () => run(now)),
    );
    app.jobs.every(RECONCILE_JOB, Math.min(SWEEP_MS, app.payments.queryAfterMs), async () => {
      const report = await run();
      if (report.settled > 0) app.log.info(report, 'payments settled through the query API');
    });
    // Refunds sent and not answered, asked about again (refunds/query.ts).
    app.decorate('queryRefunds', (now?: Date) =>
      app.jobs.runOnce(REFUND_QUERY_JOB, () => queryDueRefunds(app.payments, now)),
    );
    app.jobs.every(REFUND_QUERY_JOB, SWEEP_MS, async () => {
      const report = await queryDueRefunds(app.payments);
      if (report.settled > 0) app.log.info(report, 'refunds settled on asking again');
    });
  },
  { name: 'payments-jobs', dependencies: ['jobs', 'payments'] },
);

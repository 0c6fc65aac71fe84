// The payments' background work, once across instances (plugins/jobs.ts): asking providers about
// requests whose callback has not come. `app.reconcilePayments()` runs it now under the same lock,
// for tests and operators.
import fp from 'fastify-plugin';
import { reconcilePayments, type ReconcileReport } from './reconcile.ts';

export const RECONCILE_JOB = 'mpesa-reconcile';
/** How often due payments are looked for; each is asked about at its own MPESA_QUERY_AFTER_SECONDS. */
const SWEEP_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the query job now; undefined when another instance is running it. */
    reconcilePayments(now?: Date): Promise<ReconcileReport | undefined>;
  }
}

export default fp(
  async (app) => {
    const run = (now?: Date) => reconcilePayments(app.payments, now);
    app.decorate('reconcilePayments', (now?: Date) =>
      app.jobs.runOnce(RECONCILE_JOB, () => run(now)),
    );
    app.jobs.every(RECONCILE_JOB, Math.min(SWEEP_MS, app.payments.queryAfterMs), async () => {
      const report = await run();
      if (report.settled > 0) app.log.info(report, 'payments settled through the query API');
    });
  },
  { name: 'payments-jobs', dependencies: ['jobs', 'payments'] },
);

// The M-Pesa query job, once across instances (plugins/jobs.ts). `app.reconcileMpesa()` runs it
// now under the same lock, for tests and operators.
import fp from 'fastify-plugin';
import { reconcileMpesa, type ReconcileReport } from './mpesa-reconcile.ts';

export const MPESA_RECONCILE_JOB = 'mpesa-reconcile';
/** How often due payments are looked for; each is asked about at its own MPESA_QUERY_AFTER_SECONDS. */
const SWEEP_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the query job now; undefined when another instance is running it. */
    reconcileMpesa(now?: Date): Promise<ReconcileReport | undefined>;
  }
}

export default fp(
  async (app) => {
    const run = (now?: Date) =>
      reconcileMpesa(
        {
          db: app.database.db,
          gateway: app.mpesa,
          queryAfterMs: app.config.MPESA_QUERY_AFTER_SECONDS * 1000,
        },
        now,
      );
    app.decorate('reconcileMpesa', (now?: Date) =>
      app.jobs.runOnce(MPESA_RECONCILE_JOB, () => run(now)),
    );
    app.jobs.every(
      MPESA_RECONCILE_JOB,
      Math.min(SWEEP_MS, app.config.MPESA_QUERY_AFTER_SECONDS * 1000),
      async () => {
        const report = await run();
        if (report.settled > 0)
          app.log.info(report, 'M-Pesa payments settled through the query API');
      },
    );
  },
  { name: 'mpesa-jobs', dependencies: ['jobs', 'mpesa'] },
);

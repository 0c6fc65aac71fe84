// Background jobs that must run once across every server process on the database: each run holds
// an advisory lock named after the job, and a process that finds it taken skips that run. Jobs
// keep their state in the database, so a restart loses nothing and the next run carries on.
import fp from 'fastify-plugin';

export interface Jobs {
  /** False in tests (which call jobs themselves) unless BACKGROUND_JOBS says otherwise. */
  readonly enabled: boolean;
  /** Runs `job` every `intervalMs` when jobs are enabled, from when the server is ready. */
  every(name: string, intervalMs: number, job: () => Promise<unknown>): void;
  /** One run now, under the job's lock; undefined when another process is running it. */
  runOnce<T>(name: string, job: () => Promise<T>): Promise<T | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export default fp(
  async (app) => {
    const timers: NodeJS.Timeout[] = [];
    const schedules: (() => void)[] = [];
    const running = new Set<string>();
    const enabled = app.config.BACKGROUND_JOBS ?? app.config.NODE_ENV !== 'test';
    const jobs: Jobs = {
      enabled,
      runOnce: (name, job) => app.database.exclusive(`job:${name}`, job, { wait: false }),
      every(name, intervalMs, job) {
        if (!enabled) return;
        const tick = () => {
          if (running.has(name)) return; // the previous run is still going
          running.add(name);
          jobs
            .runOnce(name, job)
            .catch((err: unknown) => app.log.error({ err, job: name }, 'background job failed'))
            .finally(() => running.delete(name));
        };
        schedules.push(() => {
          const timer = setInterval(tick, intervalMs);
          timer.unref();
          timers.push(timer);
        });
      },
    };
    app.decorate('jobs', jobs);
    // Nothing runs before the server is ready: server.ts migrates and seeds before it listens,
    // and a job ticking meanwhile would find the tables missing on a first start.
    app.addHook('onReady', async () => {
      for (const start of schedules.splice(0)) start();
    });
    app.addHook('onClose', async () => timers.forEach(clearInterval));
  },
  { name: 'jobs' },
);

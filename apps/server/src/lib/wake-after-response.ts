// Wakes a background worker after a response whose request gave it work (a message to send, an
// invoice to sign), so it runs within moments instead of at its next poll. Several wake-ups while
// it runs make one more run, not many.
import type { FastifyInstance } from 'fastify';

export function wakeAfterResponse(
  app: FastifyInstance,
  /** A counter this process increments whenever there is new work. */
  workMade: () => number,
  run: () => Promise<unknown>,
  failure: string,
): void {
  let seen = workMade();
  let running = false;
  let again = false;
  const wake = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await run();
      } while (again);
    } catch (err) {
      app.log.error({ err }, failure);
    } finally {
      running = false;
    }
  };
  app.addHook('onResponse', async () => {
    if (!app.jobs.enabled || workMade() === seen) return;
    seen = workMade();
    void wake();
  });
}

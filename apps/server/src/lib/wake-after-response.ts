// Wakes a background worker after a response whose request gave it work (a message to send, an
// invoice to sign), so it runs within moments instead of at its next poll. Several wake-ups while
// it runs make one more run, not many.
//
// The work a request made is noted in the request's own context (AsyncLocalStorage), not in a
// counter of the process: two apps in one process (tests), or one request's work and another's,
// never wake each other's workers. Work made outside a request (a job) waits for the next poll.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const requestWork = new AsyncLocalStorage<Set<string>>();
const workOf = new WeakMap<FastifyRequest, Set<string>>();
const tracked = new WeakSet<FastifyInstance>();

/** Notes that the current request gave `worker` something to do (a no-op outside a request). */
export function workMade(worker: string): void {
  requestWork.getStore()?.add(worker);
}

export function wakeAfterResponse(
  app: FastifyInstance,
  worker: string,
  run: () => Promise<unknown>,
  failure: string,
): void {
  trackRequests(app);
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
  app.addHook('onResponse', async (request) => {
    if (app.jobs.enabled && workOf.get(request)?.has(worker)) void wake();
  });
}

/** Every request runs in a context of its own where workMade notes what it made. */
function trackRequests(app: FastifyInstance): void {
  if (tracked.has(app)) return;
  tracked.add(app);
  app.addHook('onRequest', (request, _reply, done) => {
    const work = new Set<string>();
    workOf.set(request, work);
    requestWork.run(work, done);
  });
}

// A worker wakes after a response whose request gave it work, and only then: not after another
// request's, not after another app's (two apps share a process in tests).
import Fastify, { type FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { wakeAfterResponse, workMade } from './wake-after-response.ts';

const apps: FastifyInstance[] = [];
afterAll(async () => Promise.all(apps.map((app) => app.close())));

async function appWithWorker() {
  const app = Fastify();
  apps.push(app);
  app.decorate('jobs', { enabled: true } as FastifyInstance['jobs']);
  const runs = { mail: 0, invoices: 0 };
  wakeAfterResponse(app, 'mail', async () => void runs.mail++, 'mail failed');
  wakeAfterResponse(app, 'invoices', async () => void runs.invoices++, 'invoices failed');
  app.post('/queue-mail', async () => {
    await sleep(5); // the work is noted after an await, as in a transaction
    workMade('mail');
    return { ok: true };
  });
  app.get('/read', async () => ({ ok: true }));
  await app.ready();
  return { app, runs };
}

describe('waking a worker after a response', () => {
  it("runs the worker a request gave work to, not another's, and not for a request that gave none", async () => {
    const { app, runs } = await appWithWorker();
    await app.inject({ method: 'GET', url: '/read' });
    await sleep(20);
    expect(runs).toEqual({ mail: 0, invoices: 0 });
    await app.inject({ method: 'POST', url: '/queue-mail' });
    await sleep(20);
    expect(runs).toEqual({ mail: 1, invoices: 0 });
  });

  it("never wakes another app's worker, nor one outside any request", async () => {
    const first = await appWithWorker();
    const second = await appWithWorker();
    workMade('mail'); // outside a request: the poll will find it
    await first.app.inject({ method: 'POST', url: '/queue-mail' });
    await second.app.inject({ method: 'GET', url: '/read' });
    await sleep(20);
    expect(first.runs.mail).toBe(1);
    expect(second.runs.mail).toBe(0);
  });
});

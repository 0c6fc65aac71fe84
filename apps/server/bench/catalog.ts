// `npm run bench`: the catalogue under load, side by side with a bare node:http server on the same
// database (bare-server.ts), the two driven in turn (bare, Duka, Duka, bare…) so that both see the
// same machine. Prints req/s, p50/p90/p99 and Duka's ratio to the bare server; for list pages the
// ratio is to the floor, the bare server serving a category's page of 8 alone. Then restarts Duka
// and times the first facet calls.
//   BENCH_PRODUCTS=100000     catalogue size (seeded once; a database that has it is reused)
//   BENCH_DATABASE_URL=postgres://…/bench_…   PostgreSQL (its public schema is replaced when the
//                             catalogue size differs); without it, embedded PGlite in a temp dir
//   BENCH_CONNECTIONS         32 on PostgreSQL, 10 on PGlite    BENCH_SECONDS=5 per run
//   BENCH_ROUNDS=2            runs per server and endpoint
//   BENCH_ONLY=category       only the endpoints whose names match (a regular expression)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedSynthetic } from '../src/seed/synthetic.ts';
import { pgliteRunner, pgRunner, startBareServer } from './bare-server.ts';
import { drive, figuresOf, type Figures, type Run } from './load.ts';
import { widestProduct, workloads } from './workloads.ts';

const url = process.env.BENCH_DATABASE_URL;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (url ? 32 : 10));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

// The benchmark empties the database it is given: only one named for it.
if (url && !/^bench/.test(new URL(url).pathname.slice(1))) {
  console.error('BENCH_DATABASE_URL must name a database whose name starts with "bench"');
  process.exit(2);
}

// With the web app built (npm run build), product pages are also timed as server-rendered HTML.
const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const rendersPages = existsSync(path.join(webDist, 'server', 'entry-server.js'));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-bench-'));
const pgliteDir = path.join(dataDir, 'pglite');
const open = () =>
  openDatabase({ url, dataDir: url ? undefined : pgliteDir, poolSize: CONNECTIONS });
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(rendersPages ? { WEB_DIST_DIR: webDist } : {}),
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  // SEARCH_CACHE_SECONDS=0 measures every search found anew.
  ...(process.env.SEARCH_CACHE_SECONDS
    ? { SEARCH_CACHE_SECONDS: process.env.SEARCH_CACHE_SECONDS }
    : {}),
});

async function catalogueSize(database: Database): Promise<number> {
  const rows = await database.db.execute(
    sql`select coalesce(sum(products), 0)::int as n from product_counts`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function prepare(): Promise<{ database: Database; seedSeconds?: number }> {
  let database = await open();
  // A database already migrated and seeded at this size is used as it is.
  const ready = await migrateDatabase(database).then(
    async () => (await catalogueSize(database)) === PRODUCTS,
    () => false,
  );
  if (ready) return { database };
  if (url) {
    await database.db.execute(
      sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`,
    );
    await database.close();
    database = await open();
    await migrateDatabase(database);
  }
  const started = Date.now();
  let last = 0;
  await seedSynthetic(database.db, PRODUCTS, (done) => {
    if (done - last >= PRODUCTS / 10 || done === PRODUCTS) {
      console.log(`  seeded ${done.toLocaleString('en')} products`);
      last = done;
    }
  });
  return { database, seedSeconds: (Date.now() - started) / 1000 };
}

async function startDuka(database: Database): Promise<{ app: App; origin: string }> {
  const app = await buildApp({ config, database, logger: false });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin };
}

const { database, seedSeconds } = await prepare();
const loadBefore = os.loadavg();
let duka = await startDuka(database);
const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
const bare = await startBareServer(
  database.kind === 'postgres' ? pgRunner(client as pg.Pool) : pgliteRunner(client as PGlite),
);

const plan = (await workloads(database.db, config.FLASH_SALES_REFRESH_SECONDS)).filter(
  (w) => w.isFloor || !ONLY || ONLY.test(w.name),
);
const measured: { name: string; duka: Figures; bare?: Figures; floor: boolean }[] = [];
let floor: Figures | undefined;

for (const w of plan) {
  process.stdout.write(`  ${w.name} `);
  const tearDown = w.setUp ? await w.setUp(duka.origin) : undefined;
  // Warm-up: JIT, prepared statements, database caches.
  await drive(duka.origin, w.duka, CONNECTIONS, 1);
  if (w.bare) await drive(bare.url, w.bare, CONNECTIONS, 1);
  const dukaRuns: Run[] = [];
  const bareRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareFirst = round % 2 === 0;
    if (w.bare && bareFirst) bareRuns.push(await drive(bare.url, w.bare, CONNECTIONS, SECONDS));
    dukaRuns.push(await drive(duka.origin, w.duka, CONNECTIONS, SECONDS));
    if (w.bare && !bareFirst) bareRuns.push(await drive(bare.url, w.bare, CONNECTIONS, SECONDS));
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  await tearDown?.();
  const result = {
    name: w.name,
    duka: figuresOf(dukaRuns),
    ...(w.bare ? { bare: figuresOf(bareRuns) } : {}),
    floor: w.floor,
  };
  if (w.isFloor) floor = result.bare;
  measured.push(result);
}
const loadAfter = os.loadavg();

// One page at a time, as a shopper opening it: how long the server takes to render the product
// sold in 200 variants, and an ordinary one (the target: 100 ms).
const renders: { name: string; p50: number; p90: number }[] = [];
if (rendersPages) {
  const wide = await widestProduct(database.db);
  for (const [name, page] of [
    ['product page HTML, 200 variants', `/products/${wide}`],
    ['product page HTML, one variant', '/products/1'],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = process.hrtime.bigint();
      const res = await fetch(duka.origin + page, { headers: { accept: 'text/html' } });
      const html = await res.text();
      if (!res.ok || !html.includes('<h1')) throw new Error(`${page} answered ${res.status}`);
      if (i >= 5) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    renders.push({
      name,
      p50: times[Math.floor(times.length / 2)]!,
      p90: times[Math.floor(times.length * 0.9)]!,
    });
  }
}

// A restart: a new app over a new connection pool (on PGlite, the database reopened too), then
// the first facet calls, one at a time.
await duka.app.close();
await bare.close();
await database.close();
const reopened = await open();
duka = await startDuka(reopened);
const firstCalls: { path: string; ms: number }[] = [];
for (const p of [
  '/api/products/categories',
  '/api/products/brands',
  '/api/products/brands?category=laptops',
  '/api/products/options?category=mens-shoes',
]) {
  const started = process.hrtime.bigint();
  const res = await fetch(duka.origin + p);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  firstCalls.push({ path: p, ms: Number(process.hrtime.bigint() - started) / 1e6 });
}
await duka.app.close();
await reopened.close();
rmSync(dataDir, { recursive: true, force: true });

const cpu = os.cpus();
console.log(
  `\nDuka catalogue benchmark: ${PRODUCTS.toLocaleString('en')} products on ${database.kind}, ` +
    `${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per server and endpoint` +
    (seedSeconds ? ` (seeded in ${seedSeconds.toFixed(0)} s)` : ''),
);
console.log(
  `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${loadBefore[0]!.toFixed(1)} before, ` +
    `${loadAfter[0]!.toFixed(1)} after\n`,
);
const ms = (n: number) => n.toFixed(1);
const pct = (a: number, b: number | undefined) => (b ? `${((100 * a) / b).toFixed(0)} %` : '');
console.log(
  '| endpoint | Duka req/s | p50 ms | p90 ms | p99 ms | bare req/s | bare p99 ms | Duka / bare | Duka / floor | errors |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of measured) {
  const d = r.duka;
  console.log(
    `| ${r.name} | ${d.rps.toFixed(0)} | ${ms(d.p50)} | ${ms(d.p90)} | ${ms(d.p99)} | ` +
      `${r.bare ? r.bare.rps.toFixed(0) : ''} | ${r.bare ? ms(r.bare.p99) : ''} | ` +
      `${pct(d.rps, r.bare?.rps)} | ${r.floor ? pct(d.rps, floor?.rps) : ''} | ` +
      `${d.errors + (r.bare?.errors ?? 0)} |`,
  );
}
if (renders.length > 0) {
  console.log('\nServer-rendered pages, one at a time (after 5 warm-up requests):\n');
  console.log('| page | p50 ms | p90 ms |\n|---|---:|---:|');
  for (const r of renders) console.log(`| ${r.name} | ${ms(r.p50)} | ${ms(r.p90)} |`);
}
console.log('\nFirst calls after a restart:\n\n| call | ms |\n|---|---:|');
for (const c of firstCalls) console.log(`| ${c.path} | ${ms(c.ms)} |`);

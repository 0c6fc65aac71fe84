// `npm run bench`: seeds 100,000 products into a throwaway database, starts the real server on
// loopback and measures the catalogue with autocannon. Prints throughput and p50/p95/p99 latency.
//   BENCH_PRODUCTS=1000000   catalogue size        BENCH_SECONDS=10   length of each run
//   BENCH_DATABASE_URL=postgres://…/db   use a PostgreSQL database (it is emptied first)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedSynthetic } from '../src/seed/synthetic.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const url = process.env.BENCH_DATABASE_URL;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-bench-'));
const database = await openDatabase({
  url,
  dataDir: url ? undefined : path.join(dataDir, 'pglite'),
  poolSize: CONNECTIONS,
});
if (url)
  await database.db.execute(
    sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`,
  );
await migrateDatabase(database);

const started = Date.now();
let last = 0;
await seedSynthetic(database.db, PRODUCTS, (done) => {
  if (done - last >= PRODUCTS / 10 || done === PRODUCTS) {
    process.stdout.write(`  seeded ${done.toLocaleString('en')} products\n`);
    last = done;
  }
});
const seedSeconds = (Date.now() - started) / 1000;

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
});
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

interface Result {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(name: string, paths: string[]): Promise<Result> {
  const latencies: number[] = [];
  let n = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: address,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
  };
}

const ids = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % PRODUCTS));
const terms = ['sofa', 'premium lamp', 'safari', 'kettle', 'tecno', 'heritage dress', 'ball 4'];
const categories = ['laptops', 'furniture', 'mens-shoes', 'smartphones', 'beauty'];

// Warm up caches and the JIT before measuring.
await measure('warm-up', ['/api/products?limit=8']);
const results = [
  await measure(
    'GET /api/products?q=<term>&limit=8',
    terms.map((t) => `/api/products?q=${encodeURIComponent(t)}&limit=8`),
  ),
  await measure(
    'GET /api/products?category=<slug>&limit=8',
    categories.map((c) => `/api/products?category=${c}&limit=8`),
  ),
  await measure(
    'GET /api/products?category=<slug>&sort=priceAsc&skip=800',
    categories.map((c) => `/api/products?category=${c}&sort=priceAsc&limit=8&skip=800`),
  ),
  await measure(
    'GET /api/products/{id}',
    ids.map((id) => `/api/products/${id}`),
  ),
];

console.log(
  `\nDuka catalogue benchmark: ${PRODUCTS.toLocaleString('en')} products on ${database.kind}, ` +
    `${CONNECTIONS} connections, ${SECONDS} s per run (seeded in ${seedSeconds.toFixed(1)} s)`,
);
console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}\n`);
console.log('| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
  );
}

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

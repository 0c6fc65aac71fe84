// `npm run bench:cpu -w @duka/server`: CPU time per request, Duka beside the bare server, on a
// PostgreSQL database that `npm run bench` has seeded. Throughput on a shared two-core machine
// moves with everything else running; CPU time per request much less so. Counts this process
// (server and load generator alike, for both servers) and the database's backends (from /proc, so
// Linux with the server on this machine).
//   BENCH_DATABASE_URL=postgres://…/bench_…   BENCH_REQUESTS=4000 per server and endpoint
//   BENCH_ONLY=category       only the endpoints whose names match (a regular expression)
//   SEARCH_CACHE_SECONDS=0    every search found anew (as in catalog.ts)
//   BENCH_EACH=1              also each path of the chosen endpoints alone (which searches cost)
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { pgRunner, startBareServer } from './bare-server.ts';
import { workloads } from './workloads.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !/^bench/.test(new URL(url).pathname.slice(1))) {
  console.error('BENCH_DATABASE_URL must name a seeded database whose name starts with "bench"');
  process.exit(2);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONNECTIONS = 32;

const database = await openDatabase({ url, poolSize: CONNECTIONS });
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: '/tmp',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  ...(process.env.SEARCH_CACHE_SECONDS
    ? { SEARCH_CACHE_SECONDS: process.env.SEARCH_CACHE_SECONDS }
    : {}),
});
const app = await buildApp({ config, database, logger: false });
const duka = await app.listen({ host: '127.0.0.1', port: 0 });
const bare = await startBareServer(
  pgRunner((database.db as unknown as { $client: pg.Pool }).$client),
);
const monitor = new pg.Client({ connectionString: url });
await monitor.connect();

/** CPU microseconds used so far by this database's other backends. */
async function databaseCpu(): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // The backend ended meanwhile.
    }
  }
  return ticks * 10_000; // 100 ticks a second
}

async function cost(origin: string, paths: string[], amount: number) {
  let n = 0;
  const db0 = await databaseCpu();
  const node0 = process.cpuUsage();
  await new Promise((resolve, reject) =>
    autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        amount,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
  const node = process.cpuUsage(node0);
  return { node: (node.user + node.system) / amount, db: ((await databaseCpu()) - db0) / amount };
}

console.log('| endpoint | Duka node µs | Duka db µs | bare node µs | bare db µs | bare / Duka |');
console.log('|---|---:|---:|---:|---:|---:|');
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const plan = (await workloads(database.db, config.FLASH_SALES_REFRESH_SECONDS)).filter(
  (w) => w.isFloor || !only || only.test(w.name),
);
const floor = plan.find((w) => w.isFloor)!;
await cost(bare.url, floor.bare!, 1000);
const floorCost = await cost(bare.url, floor.bare!, REQUESTS);
for (const w of plan) {
  const tearDown = w.setUp ? await w.setUp(duka) : undefined;
  await cost(duka, w.duka, 1000);
  const d = await cost(duka, w.duka, REQUESTS);
  await tearDown?.();
  const b = w.bare ? await cost(bare.url, w.bare, REQUESTS) : floorCost;
  const ratio = (100 * (b.node + b.db)) / (d.node + d.db);
  console.log(
    `| ${w.name}${w.bare ? '' : ' (bare: the floor)'} | ${d.node.toFixed(0)} | ${d.db.toFixed(0)} | ` +
      `${b.node.toFixed(0)} | ${b.db.toFixed(0)} | ${ratio.toFixed(0)} % |`,
  );
}
if (process.env.BENCH_EACH) {
  console.log('\n| path | Duka node µs | Duka db µs |\n|---|---:|---:|');
  for (const w of plan.filter((p) => !p.isFloor)) {
    for (const path of new Set(w.duka)) {
      await cost(duka, [path], 200);
      const d = await cost(duka, [path], Math.max(200, Math.floor(REQUESTS / 10)));
      console.log(`| ${decodeURIComponent(path)} | ${d.node.toFixed(0)} | ${d.db.toFixed(0)} |`);
    }
  }
}
await monitor.end();
await app.close();
await bare.close();
await database.close();

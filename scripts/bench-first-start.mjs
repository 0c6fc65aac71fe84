// `npm run bench:first-start [-- --runs 3 --port 4790]`: how long `npm start` takes to serve the
// home page, on a fresh data folder (the first start: migrations, the demo catalogue, the owner's
// account) and again on the same folder (a second start). Builds first when the sources changed,
// outside the timing (npm install builds). Prints, for each run, the seconds until /readyz and
// the home page answer 200, how long a picture of the home page not drawn yet took (drawn on
// request), and when the background finished drawing the demo pictures. Not a test: figures for docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWhatChanged, root } from './lib/build.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '4790' } },
});
const runs = Number(values.runs);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

await buildWhatChanged();

const readdirSafe = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));

async function status(url) {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** One `npm start` (as node scripts/start.mjs) on `dataDir`, timed until it serves. */
async function timedStart(dataDir, { waitForPictures }) {
  const { DEMO_IMAGE_CACHE_DIR: _cache, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
    },
  });
  const times = {};
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (times.pictures === undefined && /drew \d+ demo pictures/.test(output)) {
      times.pictures = performance.now() - started;
    }
  });
  while (times.home === undefined) {
    if (child.exitCode !== null) throw new Error(`the shop stopped while starting:\n${output}`);
    if (times.ready === undefined && (await status(`${base}/readyz`)) === 200) {
      times.ready = performance.now() - started;
    }
    if (times.ready !== undefined && (await status(`${base}/`)) === 200) {
      times.home = performance.now() - started;
    }
    if (performance.now() - started > 300_000) throw new Error('no answer within 5 minutes');
    await sleep(50);
  }
  // A picture on the home page that is not drawn yet: drawn on request.
  const home = await (await fetch(`${base}/`)).text();
  const drawn = new Set(readdirSafe(path.join(dataDir, 'images', 'products')));
  const picture = [...home.matchAll(/\/images\/products\/([A-Za-z0-9._-]+\.webp)/g)].find(
    (m) => !drawn.has(m[1]),
  )?.[0];
  if (picture) {
    const asked = performance.now();
    const answer = await status(`${base}${picture}`);
    if (answer !== 200) throw new Error(`${picture} answered ${answer}`);
    times.picture = performance.now() - asked;
  }
  while (waitForPictures && times.pictures === undefined && child.exitCode === null) {
    if (performance.now() - started > 600_000) break;
    await sleep(100);
  }
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  return times;
}

console.log(
  `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('run  start   /readyz  home 200  undrawn picture  all pictures drawn');
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-first-start-'));
  try {
    // The first start waits for the background drawing, so the second finds every picture.
    const first = await timedStart(dataDir, { waitForPictures: run === 1 });
    const second = await timedStart(dataDir, { waitForPictures: false });
    for (const [name, t] of [
      ['first ', first],
      ['second', second],
    ]) {
      console.log(
        `${String(run).padEnd(4)} ${name}  ${seconds(t.ready).padStart(6)}  ${seconds(t.home).padStart(8)}` +
          `  ${seconds(t.picture).padStart(15)}  ${seconds(t.pictures).padStart(18)}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

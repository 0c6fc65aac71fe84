// Starts the shop (built when stale) on a throwaway data folder for a measuring script, or uses
// the one given by --url; returns its address and a stop() that removes what it made.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startShop({ url, port = 4790 } = {}) {
  if (url) return { base: url.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-measure-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // As in production: the same build, compression and caching a shopper gets.
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BACKGROUND_JOBS: 'false',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error('The shop stopped while starting');
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (waited > 240_000) throw new Error('The shop did not start within 4 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  await settled(child.pid);
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new shop draws its demo pictures in the background after it answers: a measure taken then
 * would share the CPU with that. Waits (on Linux, from /proc) until the shop's process has used
 * under a tenth of a core for two seconds running.
 */
async function settled(pid) {
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
    } catch {
      return undefined;
    }
  };
  let last = ticks();
  let quiet = 0;
  for (let waited = 0; last !== undefined && quiet < 2 && waited < 600; waited++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = ticks();
    quiet = now !== undefined && now - last < 10 ? quiet + 1 : 0;
    last = now;
  }
}

/** Chromium's flags on this machine (Debian's package, no sandbox, no calls home). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** --name value pairs from the command line. */
export function argOf(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The pages the measuring scripts load: the home page, in Kiswahili too, the catalogue and a
 * product; only those matching --only when given. */
export async function measuredPages(base) {
  const product = (await (await fetch(`${base}/api/products?limit=1`)).json()).products[0];
  const only = argOf('only') ? new RegExp(argOf('only')) : null;
  return ['/', '/sw', '/products', `/products/${product.id}`].filter(
    (page) => !only || only.test(page),
  );
}

/** The shop to measure (--url, else one started here) and the one to compare with (--against). */
export async function shopsToMeasure() {
  const shop = await startShop({ url: argOf('url') });
  return { shop, against: argOf('against')?.replace(/\/$/, '') };
}

/**
 * `runs` measures of `path` on `base` and, when `against` is given, on it too, run for run in
 * turn so that a busy machine weighs on both alike. `warmUp`: one load of each first, not counted.
 */
export async function measureInTurn({ base, against, path, runs, measure, warmUp = false }) {
  const targets = [base, against].filter(Boolean);
  if (warmUp) for (const target of targets) await measure(`${target}${path}`);
  const [mine, theirs] = [[], []];
  for (let run = 0; run < runs; run++) {
    mine.push(await measure(`${base}${path}`));
    if (against) theirs.push(await measure(`${against}${path}`));
  }
  return { mine, theirs };
}

// Builds the web app and the server when their sources are newer than the last build, quietly:
// a line for each part built, and the tools' own output only for warnings and failures. Used by
// `npm install` (postinstall, so the first `npm start` only starts) and by `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (...parts) => path.join(root, ...parts);

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(target, entry)));
  }
  return max;
}

function buildIfStale(name, output, sources, workspace) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built >= changed) return;
  const started = Date.now();
  process.stdout.write(`Building ${name}…`);
  // Always the production build, whatever NODE_ENV the server itself runs with (tests use 'test'):
  // what the journeys and the measuring scripts load is what shoppers get.
  const run = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const said = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  if (run.status !== 0) {
    process.stdout.write(' failed:\n');
    process.stderr.write(`${said || String(run.error)}\n`);
    throw new Error(`Building ${name} failed`);
  }
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  // The builds print only warnings and errors: whatever they said is worth reading.
  if (said) process.stderr.write(`${said}\n`);
}

/**
 * Builds what changed; builds are serialised with a lock directory across processes.
 * `underLock` runs before the lock is let go (copying the build while no other build writes it).
 */
export async function buildWhatChanged(underLock = () => {}) {
  const lock = at('.tmp', 'build.lock');
  mkdirSync(at('.tmp'), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 300_000) rmSync(lock, { recursive: true, force: true }); // a crashed build
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const domain = at('packages', 'domain', 'src');
    buildIfStale(
      'the web app',
      at('apps', 'web', 'dist', 'index.html'),
      [at('apps', 'web'), domain],
      '@duka/web',
    );
    buildIfStale(
      'the server',
      at('apps', 'server', 'dist', 'server.js'),
      // The migrations too: the build makes the migrated database a first start unpacks.
      [at('apps', 'server', 'src'), at('apps', 'server', 'drizzle'), domain],
      '@duka/server',
    );
    underLock();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

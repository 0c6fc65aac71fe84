// `npm start`: builds the web app and the server when their sources are newer than the last
// build, then runs the server (one process serving the shop, the API and the images).
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

function buildIfStale(name, output, sources, command) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built >= changed) return;
  console.log(`Building ${name}…`);
  // Always the production build, whatever NODE_ENV the server itself runs with (tests use 'test'):
  // what the journeys and the measuring scripts load is what shoppers get.
  execSync(command, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

// Builds are serialised with a lock directory, so test runs started side by side do not build
// over each other.
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
    'npm run build -w @duka/web',
  );
  buildIfStale(
    'the server',
    at('apps', 'server', 'dist', 'server.js'),
    [at('apps', 'server', 'src'), domain],
    'npm run build -w @duka/server',
  );
  // Test runs serve a private copy of the web app, so a later build cannot change it under them.
  const snapshot = process.env.WEB_DIST_SNAPSHOT_DIR;
  if (snapshot) {
    rmSync(snapshot, { recursive: true, force: true });
    cpSync(at('apps', 'web', 'dist'), snapshot, { recursive: true });
    process.env.WEB_DIST_DIR = snapshot;
  }
} finally {
  rmSync(lock, { recursive: true, force: true });
}

await import(pathToFileURL(at('apps', 'server', 'dist', 'server.js')).href);

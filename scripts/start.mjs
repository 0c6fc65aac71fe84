// `npm start`: builds the web app and the server when their sources are newer than the last
// build, then runs the server (one process serving the shop, the API and the images).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  execSync(command, { cwd: root, stdio: 'inherit' });
}

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

await import(pathToFileURL(at('apps', 'server', 'dist', 'server.js')).href);

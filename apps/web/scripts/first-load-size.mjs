#!/usr/bin/env node
// The JavaScript a page needs before it is interactive, gzipped: the entry chunk and its static
// imports (which Vite modulepreloads), plus each named route's lazy chunk and its static imports.
// Reads dist/.vite/manifest.json, so run `npm run build -w @duka/web` first.
//
//   node apps/web/scripts/first-load-size.mjs                       # the home page
//   node apps/web/scripts/first-load-size.mjs src/features/x/routes/y-page.tsx …
//   node apps/web/scripts/first-load-size.mjs --sw …                  # the same page under /sw
//
// With --sw, the Kiswahili catalogues of those chunks too (fetched before a /sw page renders).
//
// Also lists the npm packages in that JavaScript (from the source maps), so a stray dependency in
// the first load (zod, recharts…) shows up by name.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w @duka/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const kiswahili = process.argv.includes('--sw');
const routes = process.argv.slice(2).filter((arg) => arg !== '--sw');
if (routes.length === 0) routes.push('src/app/routes/home-route.tsx');

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const files = new Set();
function addWithStaticImports(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithStaticImports(imported);
}
addWithStaticImports(entry);
for (const route of routes) addWithStaticImports(route);
if (kiswahili) {
  const loaded = Object.entries(manifest).filter(([, chunk]) => files.has(chunk.file));
  for (const [, chunk] of loaded) {
    for (const imported of chunk.dynamicImports ?? []) {
      if (/\/(locales|messages)\/sw\.json\?lingui$/.test(imported)) addWithStaticImports(imported);
    }
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const packages = new Set();
let raw = 0;
let gzip = 0;
const rows = [...files].filter((file) => file.endsWith('.js'));
const sized = rows.map((file) => {
  const code = readFileSync(path.join(dist, file));
  const zipped = gzipSync(code).length;
  raw += code.length;
  gzip += zipped;
  const map = path.join(dist, `${file}.map`);
  if (existsSync(map)) {
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      if (match) packages.add(match[1]);
    }
  }
  return { file, raw: code.length, gzip: zipped };
});

console.log(
  `First-load JavaScript of ${routes.join(', ')}${kiswahili ? ' under /sw' : ''} (gzip, zlib default level; kB = 1000 bytes as Vite prints):`,
);
for (const row of sized.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${kb(row.gzip).padStart(10)}  ${kb(row.raw).padStart(10)} raw  ${row.file}`);
}
console.log(
  `  ${kb(gzip).padStart(10)}  ${kb(raw).padStart(10)} raw  TOTAL (${sized.length} files)`,
);
console.log(`Packages: ${[...packages].sort().join(', ') || '(no source maps)'}`);

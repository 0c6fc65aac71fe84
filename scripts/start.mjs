// `npm start`: builds the web app and the server when their sources are newer than the last
// build (npm install built them already: lib/build.mjs), then runs the server (one process
// serving the shop, the API and the images).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWhatChanged, root } from './lib/build.mjs';

const at = (...parts) => path.join(root, ...parts);

try {
  await buildWhatChanged(() => {
    // Test runs serve a private copy of the web app, so a later build cannot change it under them.
    const snapshot = process.env.WEB_DIST_SNAPSHOT_DIR;
    if (snapshot) {
      rmSync(snapshot, { recursive: true, force: true });
      cpSync(at('apps', 'web', 'dist'), snapshot, { recursive: true });
      process.env.WEB_DIST_DIR = snapshot;
    }
  });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

await import(pathToFileURL(at('apps', 'server', 'dist', 'server.js')).href);

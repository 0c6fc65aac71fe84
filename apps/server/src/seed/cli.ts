// `npm run seed -- --products N [--database-url postgres://…] [--data-dir DIR]`
// Adds N synthetic products (up to 1,000,000) to a database, in batches, with a progress bar.
// Without options it seeds the demo catalogue into the configured database instead.
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateAsOwner } from '../db/roles.ts';
import { seedDemoCatalog } from './demo.ts';
import { drawDemoImages } from './demo-images.ts';
import { renderSyntheticImages, seedSynthetic } from './synthetic.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

const config = loadConfig();
const dataDir = values['data-dir'] ?? config.DATA_DIR;
const count = values.products === undefined ? undefined : Number(values.products);
if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 1_000_000)) {
  console.error('--products must be a whole number from 1 to 1,000,000');
  process.exit(2);
}

const database = await openDatabase({
  url: values['database-url'] ?? config.DATABASE_URL,
  dataDir: path.resolve(dataDir, 'pglite'),
});
// --database-url names one role for everything; otherwise the tables' owner migrates.
const ownerUrl = values['database-url'] ? undefined : config.DATABASE_OWNER_URL;
await migrateAsOwner(database, ownerUrl);

if (count === undefined) {
  const n = await seedDemoCatalog(database.db, { log: console.log });
  if (n === 0) console.log('The database already has products; nothing seeded.');
  else console.log(await drawDemoImages(path.resolve(dataDir, 'images')));
} else {
  const bar = new cliProgress.SingleBar(
    { format: 'Seeding [{bar}] {percentage}% | {value}/{total} products | {eta_formatted} left' },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  await renderSyntheticImages(path.resolve(dataDir, 'images'));
  bar.start(count, 0);
  // The bulk seed turns triggers off (session_replication_role), which takes a superuser: the
  // owner's connection.
  const bulk = ownerUrl ? await openDatabase({ url: ownerUrl }) : database;
  await seedSynthetic(bulk.db, count, (done) => bar.update(done));
  if (bulk !== database) await bulk.close();
  bar.stop();
  console.log(`Seeded ${count} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
await database.close();

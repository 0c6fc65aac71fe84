// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.resolve(config.DATA_DIR, 'pglite'),
});
await migrateDatabase(database);
await database.close();
console.log(`Migrated the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);

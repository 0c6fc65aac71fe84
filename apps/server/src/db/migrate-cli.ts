// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database;
// with DATABASE_OWNER_URL, as that role, then grants DATABASE_URL's role its rights (roles.ts).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateAsOwner } from './roles.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.resolve(config.DATA_DIR, 'pglite'),
});
await migrateAsOwner(database, config.DATABASE_OWNER_URL);
await database.close();
console.log(`Migrated the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database.`);

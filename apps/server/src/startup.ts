// Everything a server process does to the database before it listens: migrate, seed the demo
// catalogue on first run, make sure there is an administrator. All of it under one advisory lock,
// so any number of instances can start together on an empty database: the first does the work,
// the others wait for it and then find nothing left to do.
import type { Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ensureAdmin, type AdminSeed } from './seed/admin.ts';
import { seedDemoCatalog } from './seed/demo.ts';

export interface Preparation {
  seedDemo: boolean;
  /** Where the demo catalogue's pictures are drawn; without it they are left out. */
  imagesDir?: string | undefined;
  admin: AdminSeed;
  log?: (message: string) => void;
}

export async function prepareDatabase(database: Database, preparation: Preparation) {
  const { seedDemo, imagesDir, admin, log } = preparation;
  const prepared = await database.exclusive(
    'startup',
    async () => {
      await migrateDatabase(database);
      if (seedDemo) await seedDemoCatalog(database.db, { imagesDir, log });
      return ensureAdmin(database.db, admin);
    },
    { wait: true },
  );
  return prepared!;
}

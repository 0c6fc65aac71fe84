// Everything a server process does before it listens: migrate (as the tables' owner when there
// is one, granting the app's role its rights), seal audit rows written before the hash chain,
// seed the demo catalogue on first run (its pictures are drawn once the shop listens:
// seed/demo-images.ts), make sure there is an administrator, and give every product image kept on
// disk its width copies (images from an older version of Duka have none).
// All of it under one advisory lock, so any number of instances can start together on an empty
// database: the first does the work, the others wait for it and then find nothing left to do.
import path from 'node:path';
import { sealUnchainedRows } from './audit/chain.ts';
import type { Database } from './db/client.ts';
import { migrateAsOwner } from './db/roles.ts';
import { ensureAdmin, type AdminSeed } from './seed/admin.ts';
import { seedDemoCatalog } from './seed/demo.ts';
import { backfillWidths } from './uploads/widths.ts';

export interface Preparation {
  /** PostgreSQL: the tables' owner (DATABASE_OWNER_URL), when not the app's own connection. */
  ownerUrl?: string | undefined;
  seedDemo: boolean;
  /** DATA_DIR/images: its products/ folder's pictures get their width copies. */
  imagesDir?: string | undefined;
  /** Where uploaded images are kept; their width copies are completed at start-up. */
  uploadsDir?: string | undefined;
  admin: AdminSeed;
  log?: (message: string) => void;
}

export async function prepareDatabase(database: Database, preparation: Preparation) {
  const { ownerUrl, seedDemo, imagesDir, uploadsDir, admin, log } = preparation;
  const prepared = await database.exclusive(
    'startup',
    async () => {
      await migrateAsOwner(database, ownerUrl);
      await sealUnchainedRows(database.db);
      if (seedDemo) await seedDemoCatalog(database.db, { log });
      const made = await ensureAdmin(database.db, admin);
      const folders = [imagesDir && path.join(imagesDir, 'products'), uploadsDir];
      await backfillWidths(
        folders.filter((f): f is string => !!f),
        { log },
      );
      return made;
    },
    { wait: true },
  );
  return prepared!;
}

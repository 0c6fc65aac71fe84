// A migrated, empty embedded database made once when the server is built (npm install builds it),
// so that a shop's first start unpacks it instead of creating a database cluster and running every
// migration: together most of a first start's work (issue 33). Start-up still migrates, so a
// template older than the migrations is brought up to date like any database.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** Its file name, beside the server's bundle (dist/). */
export const EMBEDDED_TEMPLATE = 'embedded-template.tar.gz';

/** Makes the template: an in-memory database, migrated, its data directory written as a gzip. */
export async function writeEmbeddedTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    writeFileSync(file, gzipSync(dump));
  } finally {
    await database.close();
  }
}

/**
 * The template to start the embedded database in `pgliteDir` from: only for a folder that holds
 * no database yet, and only when the template was built; otherwise undefined.
 */
export function embeddedTemplateFor(pgliteDir: string, file: string): Blob | undefined {
  if (existsSync(path.join(pgliteDir, 'PG_VERSION')) || !existsSync(file)) return undefined;
  return new Blob([gunzipSync(readFileSync(file))]);
}

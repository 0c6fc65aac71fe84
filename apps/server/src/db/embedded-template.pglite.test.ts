// The migrated empty database the build makes: a shop's first start unpacks it into its data
// folder and finds every migration applied; a folder that has a database already is left alone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { embeddedTemplateFor, writeEmbeddedTemplate } from './embedded-template.ts';
import { migrateDatabase, migrationsFolder } from './migrate.ts';
import { queryRows } from '../lib/sql.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'duka-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database template', () => {
  it('starts a new data folder migrated, and only a new one', async () => {
    const file = path.join(root, 'template.tar.gz');
    expect(embeddedTemplateFor(path.join(root, 'pglite'), file)).toBeUndefined(); // not built
    await writeEmbeddedTemplate(file);

    const dataDir = path.join(root, 'pglite');
    const template = embeddedTemplateFor(dataDir, file);
    expect(template).toBeInstanceOf(Blob);
    const database = await openDatabase({ dataDir, loadDataDir: template });
    try {
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          )
        )[0]!.n;
      expect(await applied()).toBe(journal.entries.length);
      await migrateDatabase(database); // nothing left to apply
      expect(await applied()).toBe(journal.entries.length);
      const [tables] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_name = 'products'`,
      );
      expect(tables!.n).toBe(1);
    } finally {
      await database.close();
    }
    // The folder holds a database now: it is never overwritten by the template.
    expect(embeddedTemplateFor(dataDir, file)).toBeUndefined();
  }, 120_000);
});

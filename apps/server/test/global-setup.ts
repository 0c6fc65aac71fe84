// Prepares one migrated template database per test run; every test file then gets its own copy:
// a PGlite data-directory dump (loading it skips initdb) or a PostgreSQL database made from a
// template database. With DATABASE_OWNER_URL that role makes the template and migrates it, and
// grants DATABASE_URL's role its rights, as the server's start-up does; the copies keep both.
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { migrateAsOwner } from '../src/db/roles.ts';
import { queryRows } from '../src/lib/sql.ts';
import { drawDemoImages } from '../src/seed/demo-images.ts';
import { withWalFrom } from './pglite-dump.ts';
import type { TestProject } from 'vitest/node';

const here = path.dirname(fileURLToPath(import.meta.url));

export default async function setup(project: TestProject) {
  // The demo pictures, drawn once for this run (or for the whole CI run, which names the folder).
  const ownCache = !process.env.DEMO_IMAGE_CACHE_DIR;
  const imageCache =
    process.env.DEMO_IMAGE_CACHE_DIR ??
    path.resolve(here, '../../../.tmp', `demo-images-${process.pid}`);
  project.provide('demoImageCache', imageCache);
  // Drawing them is the longest single piece of work of the run: it starts now, beside the first
  // test files, instead of whenever the image test's turn comes (it then copies them).
  const drawing = mkdtemp(path.join(os.tmpdir(), 'duka-demo-images-'))
    .then(async (dir) => {
      await drawDemoImages(dir, imageCache);
      await rm(dir, { recursive: true, force: true });
    })
    .catch((err: unknown) => {
      process.stderr.write(`Drawing the demo pictures failed: ${String(err)}\n`);
    });
  const forgetImages = async () => {
    await drawing;
    if (ownCache) rmSync(imageCache, { recursive: true, force: true });
  };
  const url = process.env.DATABASE_URL;
  const owner = process.env.DATABASE_OWNER_URL ?? url;
  if (url && owner) {
    const template = `duka_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: owner });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    const at = (base: string) => Object.assign(new URL(base), { pathname: `/${template}` });
    const database = await openDatabase({ url: at(url).toString() });
    await migrateAsOwner(database, at(owner).toString());
    await database.close();
    // A template is copied only once nobody is connected to it.
    for (let waited = 0; waited < 3000; waited += 50) {
      const { rows } = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [template],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
      await forgetImages();
    };
  }

  const migrated = await openDatabase({});
  await migrateDatabase(migrated);
  // Every test file loads this dump into a new PGlite: without the two template databases, which
  // nothing here copies, it is 29 MB instead of 44 and loads in a third less CPU (issue 35).
  for (const name of ['template0', 'template1']) {
    await migrated.db.execute(sql.raw(`alter database ${name} is_template false`));
    await migrated.db.execute(sql.raw(`drop database ${name}`));
  }
  // A test's database is a few megabytes: 16 MB of buffers instead of 128 start a quarter faster.
  await migrated.db.execute(sql.raw(`alter system set shared_buffers = '16MB'`));
  // Only the WAL from a last checkpoint on (pglite-dump.ts): 12 MB to load instead of 29.
  await migrated.db.execute(sql.raw('select pg_switch_wal()'));
  await migrated.db.execute(sql.raw('checkpoint'));
  const [checkpoint] = await queryRows<{ segment: string }>(
    migrated.db,
    sql.raw('select redo_wal_file as segment from pg_control_checkpoint()'),
  );
  const dump = await migrated.dumpDataDir!();
  await migrated.close();
  const dir = path.resolve(here, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  const tar = new Uint8Array(await dump.arrayBuffer());
  writeFileSync(file, withWalFrom(tar, checkpoint!.segment));
  project.provide('pgliteTemplate', file);
  return async () => {
    rmSync(file, { force: true });
    await forgetImages();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
    /** seed/image-cache.ts: where this run's demo pictures are drawn once. */
    demoImageCache: string;
  }
}

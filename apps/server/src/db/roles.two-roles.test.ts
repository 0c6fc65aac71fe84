// Two database roles (decision record 025), in the suite's pass that has them (CI's PostgreSQL pass:
// DATABASE_URL a role that owns nothing, DATABASE_OWNER_URL the owner). Migrating grants the app's
// role what it needs, tables made later included, and refuses to go on while it owns a table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import type { Db } from './client.ts';
import { migrateAsOwner, roleOf } from './roles.ts';

describe('the app and the owner of the tables', () => {
  let database: TestDatabase;
  let owner: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    owner = (await database.openOwner()).db;
  });
  afterAll(() => database.close());

  it('are two roles, and the app owns nothing', async () => {
    expect(await roleOf(database.db)).not.toBe(await roleOf(owner));
    const owned = await database.db.execute(
      sql`select 1 from pg_tables where schemaname = 'public' and tableowner = current_user`,
    );
    expect((owned as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('lets the app use a table the owner makes later, and migrating again changes nothing', async () => {
    await owner.execute(sql`create table later_table (id serial primary key, note text)`);
    await database.db.execute(sql`insert into later_table (note) values ('hello')`);
    await database.db.execute(sql`update later_table set note = 'again'`);
    await database.db.execute(sql`delete from later_table`);
    await migrateAsOwner(database, database.ownerUrl);
    await expect(
      database.db.execute(sql`update audit_log set action = 'x' where false`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    await owner.execute(sql`drop table later_table`);
  });

  it('refuses to migrate while the app owns a table', async () => {
    const app = await roleOf(database.db);
    await owner.execute(sql`create table stray_table (id int)`);
    await owner.execute(sql`alter table stray_table owner to ${sql.identifier(app)}`);
    await expect(migrateAsOwner(database, database.ownerUrl)).rejects.toThrow(
      /owns tables \(stray_table\).*REASSIGN OWNED/,
    );
    await owner.execute(sql`drop table stray_table`);
  });
});

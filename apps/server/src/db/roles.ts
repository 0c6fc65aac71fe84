// Two database roles on PostgreSQL (decision record 025): the owner of the tables migrates; the
// app's role (DATABASE_URL) reads and writes rows and nothing more. It may not change the audit
// log's rows (SELECT and INSERT only), nor alter, disable a trigger of, or drop any table, since
// only an owner can. PGlite has one role, so there the app's connection migrates as before.
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { queryRows } from '../lib/sql.ts';

/** The role a connection acts as. */
export async function roleOf(db: Db): Promise<string> {
  const [row] = await queryRows<{ role: string }>(db, sql`select current_user as role`);
  return row!.role;
}

const ident = (name: string) => sql.identifier(name);

/** Stops when the app's role owns tables (a shop that ran as one role): it could rewrite them. */
export async function refuseTablesOwnedBy(owner: Db, app: string, to: string): Promise<void> {
  const owned = await queryRows<{ name: string }>(
    owner,
    sql`select tablename as name from pg_tables
        where schemaname = 'public' and tableowner = ${app} order by tablename`,
  );
  if (owned.length > 0) {
    const names = owned.map((t) => t.name).join(', ');
    throw new Error(
      `The app's role ${app} owns tables (${names}), so it could rewrite the audit log. ` +
        `As a superuser run REASSIGN OWNED BY ${app} TO ${to}; then start again.`,
    );
  }
}

/**
 * Gives `app` what the shop needs on every table and sequence of the schema, now and (default
 * privileges) on tables the owner makes later; on audit_log only SELECT and INSERT. Run as the
 * owner after every migration, so a table a migration made is covered either way.
 */
export async function grantAppRole(owner: Db, app: string): Promise<void> {
  const me = ident(await roleOf(owner));
  const to = ident(app);
  await owner.transaction(async (tx) => {
    await tx.execute(sql`grant usage on schema public to ${to}`);
    await tx.execute(
      sql`grant select, insert, update, delete on all tables in schema public to ${to}`,
    );
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${to}`);
    await tx.execute(
      sql`revoke update, delete, truncate, references, trigger on audit_log from ${to}`,
    );
    await tx.execute(
      sql`alter default privileges for role ${me} in schema public
          grant select, insert, update, delete on tables to ${to}`,
    );
    await tx.execute(
      sql`alter default privileges for role ${me} in schema public
          grant usage, select on sequences to ${to}`,
    );
  });
}

/**
 * Migrates `app`'s database: through `ownerUrl` when it names another role (then grants the
 * app's role its rights), else through the app's own connection.
 */
export async function migrateAsOwner(app: Database, ownerUrl: string | undefined): Promise<void> {
  if (app.kind === 'pglite' || !ownerUrl) return migrateDatabase(app);
  const owner = await openDatabase({ url: ownerUrl, poolSize: 2 });
  try {
    const [appRole, ownerRole] = await Promise.all([roleOf(app.db), roleOf(owner.db)]);
    const two = appRole !== ownerRole;
    if (two) await refuseTablesOwnedBy(owner.db, appRole, ownerRole);
    await migrateDatabase(owner);
    if (two) await grantAppRole(owner.db, appRole);
  } finally {
    await owner.close();
  }
}

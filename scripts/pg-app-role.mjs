// Makes (or puts right) the login role the shop connects as on PostgreSQL when another role owns
// the tables (decision record 025): no superuser, no CREATEDB, no CREATEROLE. Idempotent.
//
//   node scripts/pg-app-role.mjs postgres://postgres@127.0.0.1:5432/test duka_app
import pg from 'pg';

const [ownerUrl, role = 'duka_app'] = process.argv.slice(2);
if (!ownerUrl || !/^[a-z_][a-z0-9_]*$/.test(role)) {
  console.error('usage: node scripts/pg-app-role.mjs <owner postgres:// URL> [role name]');
  process.exit(2);
}
const client = new pg.Client({ connectionString: ownerUrl });
await client.connect();
try {
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [role]);
  if (!rowCount) {
    // Another run may make it meanwhile (42710: it exists now), which is as good.
    await client.query(`create role ${role} login`).catch((err) => {
      if (err.code !== '42710') throw err;
    });
  }
  await client.query(`alter role ${role} login nosuperuser nocreatedb nocreaterole nobypassrls`);
  console.log(`The role ${role} is ready.`);
} finally {
  await client.end();
}

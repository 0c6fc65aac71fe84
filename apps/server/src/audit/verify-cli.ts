// `npm run audit:verify`: checks the audit log's hash chain in DATABASE_URL or the embedded
// database (decision record 025), prints what it found and exits 1 when a row is not as written.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAuditChain } from './verify.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.resolve(config.DATA_DIR, 'pglite'),
});
const result = await verifyAuditChain(database.db);
await database.close();
console.log(
  !result.ok
    ? `The audit log does not verify at row ${result.first_bad_id}: ${result.problem}.`
    : result.head_id === null
      ? 'The audit log is intact: it has no rows yet.'
      : `The audit log is intact: ${result.rows} rows; note its latest, row ${result.head_id}, hash ${result.head_hash}, somewhere the database cannot reach.`,
);
console.log(JSON.stringify(result));
process.exitCode = result.ok ? 0 : 1;

// `npm run admin -- reset-password <email>`: gives the account a new random password, printed
// here once, ends its sessions and writes it to the audit log (reset-from-shell.ts). Opens the
// database the shop uses (DATABASE_URL, DATABASE_OWNER_URL, DATA_DIR), like the server. Exits 1
// when the account does not exist (nothing is changed), 2 when it was not asked properly.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { embeddedDatabaseOwner } from '../db/embedded-owner.ts';
import { withFallback } from '../limits/fallback-store.ts';
import { Limiter } from '../limits/limiter.ts';
import { pgLimitStore } from '../limits/pg-store.ts';
import { redisLimitStore } from '../limits/redis-store.ts';
import { NoSuchAccountError, resetPasswordFromShell } from './reset-from-shell.ts';

const USAGE = 'Usage: npm run admin -- reset-password <email>';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [command, email, ...rest] = positionals;
  if (command !== 'reset-password' || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // npm runs a workspace's scripts in its own folder: DATA_DIR is read from where npm was run.
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  if (!config.DATABASE_URL) {
    const owner = embeddedDatabaseOwner(dataDir);
    if (owner) {
      console.error(
        `The shop is running (process ${owner}) and has the embedded database in ${dataDir} open.\n` +
          'Stop it (Ctrl+C where it runs), then run this again.',
      );
      return 1;
    }
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(dataDir, 'pglite'),
  });
  // Failed log-ins are counted where the shop counts them (limits/plugin.ts).
  const inDatabase = pgLimitStore(database.db);
  const limiter = new Limiter(
    config.REDIS_URL
      ? withFallback(redisLimitStore(config.REDIS_URL), inDatabase, () => {})
      : inDatabase,
  );
  try {
    const reset = await resetPasswordFromShell(database.db, email, {
      failedLogins: {
        limiter,
        rule: {
          name: 'login-account',
          max: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
          windowMs: 15 * 60_000,
        },
      },
    });
    console.log(
      [
        `New password for ${reset.email}: ${reset.password}`,
        'It is shown this once: keep it somewhere safe. Every session of the account has ended.',
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    if (err instanceof NoSuchAccountError) {
      console.error(`${err.message} Nothing was changed.`);
      return 1;
    }
    throw err;
  } finally {
    await limiter.close();
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exitCode = 1;
  },
);

// Reads the configuration, prepares the database (migrate, seed on first run), and listens.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './startup.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR. */
function jwtSecretOf(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function withDefaults(config: Config): Config {
  return {
    ...config,
    JWT_SECRET: jwtSecretOf(config),
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    WEB_DIST_DIR: config.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
  };
}

async function main() {
  const config = withDefaults(loadConfig());
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database });
  const admin = await prepareDatabase(database, {
    ownerUrl: config.DATABASE_OWNER_URL,
    seedDemo: config.SEED_DEMO,
    imagesDir: path.resolve(config.DATA_DIR, 'images'),
    imageCacheDir: config.DEMO_IMAGE_CACHE_DIR,
    uploadsDir: path.resolve(config.DATA_DIR, 'uploads'),
    admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    log: (message) => app.log.info(message),
  });
  if (admin.created && admin.generatedPassword) {
    // Shown once, on the console only: it is not kept anywhere readable.
    process.stdout.write(
      `\n  Admin account created: ${admin.email} / ${admin.generatedPassword}\n` +
        '  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)\n\n',
    );
  }

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Duka failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
  }
  process.exit(1);
});

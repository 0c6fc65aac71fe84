// Reads the configuration, prepares the database (migrate, seed on first run), listens, says
// where to open the shop (start-message.ts), then draws the demo pictures in the background.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { markEmbeddedDatabase } from './db/embedded-owner.ts';
import { EMBEDDED_TEMPLATE, embeddedTemplateFor } from './db/embedded-template.ts';
import { logOptions, prettyStream, wantsPrettyLog } from './lib/log-options.ts';
import { completeDemoImages } from './seed/demo-images.ts';
import { startMessage } from './start-message.ts';
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
  const given = loadConfig();
  const config = withDefaults(given);
  const pretty = wantsPrettyLog(config);
  const logger = logOptions(config, pretty ? await prettyStream() : undefined);
  const pgliteDir = path.resolve(config.DATA_DIR, 'pglite');
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: pgliteDir,
    poolSize: config.DATABASE_POOL_SIZE,
    // A new embedded database starts from the one npm install built (db/embedded-template.ts).
    loadDataDir: config.DATABASE_URL
      ? undefined
      : embeddedTemplateFor(pgliteDir, path.join(here, EMBEDDED_TEMPLATE)),
  });
  if (database.kind === 'pglite') markEmbeddedDatabase(config.DATA_DIR);
  const app = await buildApp({ config, database, logger });
  const imagesDir = path.resolve(config.DATA_DIR, 'images');
  const admin = await prepareDatabase(database, {
    ownerUrl: config.DATABASE_OWNER_URL,
    seedDemo: config.SEED_DEMO,
    imagesDir,
    uploadsDir: path.resolve(config.DATA_DIR, 'uploads'),
    admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    log: (message) => app.log.info(message),
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.ready();
  // Fastify logs each address it listens on (LAN addresses too) at info: the start message below
  // says the one to open instead.
  const level = app.log.level;
  if (['info', 'debug', 'trace'].includes(level)) app.log.level = 'warn';
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } finally {
    app.log.level = level;
  }
  // Shown on the console only; a generated password is not kept anywhere readable.
  process.stdout.write(
    startMessage({
      publicUrl: given.PUBLIC_URL,
      host: config.HOST,
      port: (app.server.address() as AddressInfo).port,
      adminEmail: admin.email,
      firstStart: admin.created,
      generatedPassword: admin.generatedPassword,
      passwordFromEnv: !!config.ADMIN_PASSWORD,
      color: pretty,
    }),
  );

  if (config.SEED_DEMO) {
    // One instance draws (the others find the lock taken); a picture asked for first is drawn
    // at once by the image route.
    database
      .exclusive(
        'demo-images',
        () =>
          completeDemoImages(database.db, {
            imagesDir,
            imageCacheDir: config.DEMO_IMAGE_CACHE_DIR,
            log: (message) => app.log.info(message),
          }),
        { wait: false },
      )
      .then((done) => done && app.log.info(done))
      .catch((err: unknown) =>
        app.log.warn({ err }, 'drawing the demo pictures failed; each is drawn when first shown'),
      );
  }
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

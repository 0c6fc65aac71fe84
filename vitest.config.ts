import { defineConfig } from 'vitest/config';

/** The PostgreSQL pass with the app's role apart from the owner of the tables (decision record 025). */
const twoRoles =
  !!process.env.DATABASE_URL &&
  !!process.env.DATABASE_OWNER_URL &&
  process.env.DATABASE_OWNER_URL !== process.env.DATABASE_URL;

export default defineConfig({
  test: {
    // Most test files wait on a database, timers or sockets more than they compute: four at a time
    // keep both cores of a CI machine busy (two left one of them idle half the time).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Pure functions: nothing to isolate, so one import of the package per worker.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          // *.pg.test.ts are faults only a PostgreSQL server has (lost connections): they run in
          // the suite's PostgreSQL pass (DATABASE_URL set), which CI always makes; *.pglite.test.ts
          // are the embedded database's own (its template), run in the PGlite pass only;
          // *.two-roles.test.ts need the app's role apart from the tables' owner
          // (DATABASE_OWNER_URL too), as CI's PostgreSQL pass runs.
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [
            ...(process.env.DATABASE_URL ? ['**/*.pglite.test.ts'] : ['**/*.pg.test.ts']),
            ...(twoRoles ? [] : ['**/*.two-roles.test.ts']),
          ],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // The heaviest tests take 7-8 s on a quiet host; CI hosts can be several times slower, and
          // two such tests once ran past 30 s there. A hang still fails within the minute.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each worker imports the app once rather than once per file: every file builds its own
          // app and database, so nothing but module-level counters is shared, and the suite's
          // import time fell from 360 s to 85 s (summed over workers) on this machine.
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

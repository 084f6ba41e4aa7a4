import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // On PostgreSQL, migrations and seeds once for the run; each file's database is a copy.
    globalSetup: ['./test/support/global-setup.ts'],
    // Bounds that catch a hang, not a slow machine: the test machines have 2 cores shared with others,
    // and a test that hashes a dozen passwords at once can take a minute there.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Files share a worker's loaded modules (each still opens its own app and database): importing
    // the server once per worker instead of once per file is about a third of the suite's CPU time.
    isolate: false,
    // PGlite runs inside the worker, so two workers fill two cores; on PostgreSQL the workers mostly
    // wait for the server, and more of them keep it busy.
    maxWorkers: onPostgres ? 4 : 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});

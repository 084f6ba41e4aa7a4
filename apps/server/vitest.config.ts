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
    // Each file in a fresh worker process. Sharing one (isolate: false) saved about a third of the
    // CPU, but dozens of embedded databases (WebAssembly) made and dropped in one process brought down
    // Node 24's V8 in a clean-clone run ("Check failed: jit_page_->allocations_.erase(addr) == 1",
    // freeing WebAssembly code).
    isolate: true,
    // The same crash is in V8's freeing of unused WebAssembly code; a test process need not free it.
    execArgv: ['--no-wasm-code-gc'],
    // PGlite runs inside the worker, so two workers fill two cores; on PostgreSQL the workers mostly
    // wait for the server, and more of them keep it busy.
    maxWorkers: onPostgres ? 4 : 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});

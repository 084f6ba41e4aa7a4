import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // On PostgreSQL, migrations and seeds once for the run; each file's database is a copy.
    globalSetup: ['./test/support/global-setup.ts'],
    setupFiles: ['./test/support/password-hashing.ts'],
    // Bounds that catch a hang, not a slow machine: the test machines have 2 cores shared with others,
    // and a test that hashes a dozen passwords at once can take a minute there.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Files share their worker process and its loaded modules (about 40% less CPU than a fresh process
    // per file). The embedded database's WebAssembly is compiled once per process and never dropped;
    // Node 24's V8 once crashed a clean-clone run while freeing WebAssembly code ("Check failed:
    // jit_page_->allocations_.erase(addr) == 1"); the flag below stops it freeing unused code of a
    // module that is alive, and the module lives as long as the process.
    isolate: false,
    execArgv: ['--no-wasm-code-gc'],
    // PGlite runs inside the worker, so two workers fill two cores; on PostgreSQL the workers mostly
    // wait for the server, and more of them keep it busy.
    maxWorkers: onPostgres ? 4 : 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});

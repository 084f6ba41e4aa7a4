import { defineConfig } from 'vitest/config';

// The kit's pure functions (what screens derive from definitions); screens themselves are covered by the e2e journeys.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'] },
});

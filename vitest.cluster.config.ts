import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the rolling-restart test (issue 43 item 2), by itself. It starts a PostgreSQL cluster and
 * three server processes, so it runs alone, in one fork, with time-outs for a busy machine; the default
 * configuration's groups leave tests/cluster out.
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});

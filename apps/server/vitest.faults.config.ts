import { defineConfig } from 'vitest/config';

/**
 * The fault tests (npm run test:faults): real server processes killed, PostgreSQL and Redis stopped under
 * them, a full or read-only disk. One file at a time: each starts its own processes and services.
 */
export default defineConfig({
  test: {
    include: ['tools/faults/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Generous: a test that builds its own app runs migrations, which take seconds on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Only src/: the fault tests (real processes, stopped services: vitest.faults.config.ts, npm run test:faults)
    // and the cross-server tests through nginx (vitest.cluster.config.ts, npm run test:cluster) live in tools/.
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Files share a worker's module graph instead of importing the whole app again each (decision 059).
    isolate: false,
    maxWorkers: 2,
    // Generous: a test that builds its own app runs migrations, which take seconds on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

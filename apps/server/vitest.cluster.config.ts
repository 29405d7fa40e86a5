import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the cross-server tests (tools/cluster/*.cluster.test.ts) through nginx in front of
// two built app servers on PostgreSQL and Redis (docs/deployment.md). Kept out of `npm test` (no nginx there).
export default defineConfig({
  test: {
    include: ['tools/cluster/**/*.cluster.test.ts'],
    pool: 'forks',
    // One cluster at a time: each starts nginx and two servers on fixed ports (3400–3429).
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // nginx's certificate is self-signed and made at start-up: the tests' fetch and ws trust it this way.
    env: { NODE_TLS_REJECT_UNAUTHORIZED: '0' },
  },
});

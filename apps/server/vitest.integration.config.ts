import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-integration',
    include: ['test/**/*.test.ts'],
    // Processes behind nginx, on PostgreSQL and Redis: npm run test:cluster.
    // and generated requests over every operation: npm run test:fuzz.
    exclude: ['test/cluster/**', 'test/fuzz/**'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Safety nets for a loaded 2-core machine: every file starts its own app and database copy
    // (PGlite in a worker thread) in beforeAll, which takes tens of seconds when the cores are
    // shared; tests wait on requests and conditions, not on time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

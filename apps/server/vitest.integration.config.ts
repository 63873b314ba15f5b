import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-integration',
    include: ['test/**/*.test.ts'],
    // Processes behind nginx, on PostgreSQL and Redis: npm run test:cluster.
    // and generated requests over every operation: npm run test:fuzz.
    exclude: ['test/cluster/**', 'test/fuzz/**'],
    environment: 'node',
    // Every file builds its own app on its own database copy, so the files of a worker can
    // share the modules they import: loading the whole server once per worker, not per file.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // Safety nets for a loaded 2-core machine: every file starts its own app and database copy
    // (PGlite in a worker thread) in beforeAll, which takes tens of seconds when the cores are
    // shared; tests wait on requests and conditions, not on time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

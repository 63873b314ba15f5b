import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-fuzz',
    include: ['test/fuzz/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Thousands of requests in one test on a loaded 2-core machine.
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});

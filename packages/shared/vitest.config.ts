import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions; the margin is for a loaded 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

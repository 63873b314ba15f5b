import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-unit',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Safety nets for a loaded 2-core machine (worker threads, tokenizer load); tests wait on
    // conditions, not on time.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-cluster',
    include: ['test/cluster/**/*.test.ts'],
    environment: 'node',
    // Each file starts processes (instances, nginx, s3rver): one file at a time, with room
    // for a loaded 2-core machine; tests wait on states, never on time.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

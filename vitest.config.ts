import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default keeps one core for its main process, which mostly waits: on a 2-core
    // machine that is one test file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocking.config.ts',
      'apps/server/vitest.unit.config.ts',
      'apps/server/vitest.integration.config.ts',
      'apps/server/vitest.engines.config.ts',
      'apps/server/vitest.cluster.config.ts',
      'apps/server/vitest.fuzz.config.ts',
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/server/vitest.unit.config.ts',
      'apps/server/vitest.integration.config.ts',
      'apps/server/vitest.engines.config.ts',
      'apps/server/vitest.cluster.config.ts',
      'apps/server/vitest.fuzz.config.ts',
    ],
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'server-unit', include: ['src/**/*.test.ts'], environment: 'node' },
});

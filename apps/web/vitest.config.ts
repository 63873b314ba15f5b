import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Safety nets for a loaded 2-core machine, above the 10 s wait of findBy*/waitFor
    // (src/test/setup.ts) so a failed wait reports what it waited for, not a bare timeout.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});

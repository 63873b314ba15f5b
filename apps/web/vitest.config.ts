import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The test files that replace a module (vi.mock) or set the page up before their imports
 * (vi.hoisted). They run in their own project, isolated: the other files of a worker share the
 * modules they import (isolate: false), which an earlier file may already have loaded.
 */
export const MODULE_MOCKING_FILES = readdirSync(new URL('src', import.meta.url), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) =>
    readFileSync(new URL(`src/${file}`, import.meta.url), 'utf8').match(/vi\.(mock|hoisted)\(/),
  )
  .map((file) => `src/${file}`);

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: MODULE_MOCKING_FILES,
    // Loading React, MUI and the app once per worker rather than once per file halves the run;
    // src/test/setup.ts resets what a file may leave behind.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    // Safety nets for a loaded 2-core machine, above the 10 s wait of findBy*/waitFor
    // (src/test/setup.ts) so a failed wait reports what it waited for, not a bare timeout.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});

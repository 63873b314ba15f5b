import { defineProject } from 'vitest/config';
import web, { MODULE_MOCKING_FILES } from './vitest.config';

// The web project's settings, for the files that replace modules, each file on fresh ones.
export default defineProject({
  ...web,
  test: {
    ...web.test,
    name: 'web-mocking',
    include: MODULE_MOCKING_FILES,
    exclude: [],
    isolate: true,
  },
});

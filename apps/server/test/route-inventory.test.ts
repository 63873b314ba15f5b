import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRoutes } from '../src/modules/auth/public-routes';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';

const SOME_ID = '0b5f9a4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route inventory', () => {
  it('knows the API routes, and every public one on the allow-list exists', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(30);
    const missing = publicRoutes().filter((route) => !t.app.apiRoutes.includes(route));
    expect(missing).toEqual([]);
  });

  it('answers 401 without a session on every route not on the allow-list', async () => {
    const guarded = t.app.apiRoutes.filter((route) => !publicRoutes().includes(route));
    const answers: Record<string, number> = {};
    for (const route of guarded) {
      // API documentation outside production is public too.
      if (route.startsWith('GET /api/docs')) continue;
      const [method, path] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/:[a-z_A-Z]+/g, SOME_ID),
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        ...(method !== 'GET' && method !== 'DELETE' && { payload: '{}' }),
      });
      answers[route] = res.statusCode;
    }
    expect(Object.keys(answers).length).toBeGreaterThan(20);
    const notRefused = Object.entries(answers).filter(([, status]) => status !== 401);
    expect(notRefused).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports alive and ready while the database answers', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('reports 503 service_unavailable when the database is gone, and stays alive', async () => {
    await t.database.close();
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ detail: 'service_unavailable' });
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is generated from the shared schemas and served with its UI at /api/docs', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/maintenance/status',
        '/api/runtime-config',
      ]),
    );
    const status = doc.paths['/api/maintenance/status'].get.responses['200'];
    expect(JSON.stringify(status)).toContain('MaintenanceStatus');
    expect(doc.components.schemas.MaintenanceStatus.required).toEqual(
      expect.arrayContaining(['is_during_maintenance', 'maintenance_end_time', 'message']),
    );
    const ui = await t.app.inject('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('OpenAPI document in production', () => {
  it('is not served', async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        APP_SECRET: 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6Ga',
        CONTACT_EMAIL: 'pomoc@kancelaria.pl',
      },
    });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await t.app.inject(url);
        expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'not_found' }]);
      }
    } finally {
      await t.close();
    }
  });
});

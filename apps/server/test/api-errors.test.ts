import { CSP_REPORTS_PER_IP } from '../src/modules/telemetry/csp-report.routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = JSON.stringify({
  'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'inline' },
});

function expectNoLeak(body: string) {
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toContain('stack');
  expect(body).not.toContain('FST_');
}

describe('every /api error is {"detail": code}', () => {
  it('answers 404 not_found for an unknown path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
  });

  it('answers a path segment that is overlong or not a valid URL component in the same shape', async () => {
    for (const [url, status] of [
      [`/api/conversation/get/${'a'.repeat(500)}`, 404],
      ['/api/conversation/get/%E0%A4%A', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, status, { detail: 'not_found' }]);
      expectNoLeak(res.body);
    }
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/json' },
      payload: '{"csp-report": {',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'invalid_json' });
    expectNoLeak(res.body);
  });

  it('answers 400 invalid_json for an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'invalid_json' });
  });

  it('answers 400 validation_error with the fields for a body of the wrong shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/json' },
      payload: { 'csp-report': { 'blocked-uri': 42 } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe('validation_error');
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    expectNoLeak(res.body);
  });

  it('answers 413 payload_too_large for an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'payload_too_large' });
  });

  it('answers 415 unsupported_media_type for a content type the API does not take', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/csp-report',
        headers: { 'content-type': type },
        payload: report,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ detail: 'unsupported_media_type' });
    }
  });

  it('refuses a state-changing call from another origin with 403 origin_not_allowed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'origin_not_allowed' });
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/does-not-exist',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.json()).toEqual({ detail: 'origin_not_allowed' });
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { origin: TEST_ORIGIN },
    });
    expect(sameOrigin.statusCode).toBe(404);
  });

  it('accepts a well-formed CSP report and logs it without the query string secrets', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'violated-directive': 'img-src',
          'blocked-uri': 'https://x.example/a?token=s3cr3t',
        },
      }),
    });
    expect(res.statusCode).toBe(204);
    const line = t.logs.find((l) => l.includes('content security policy violation'));
    expect(line).toContain('img-src');
    expect(line).not.toContain('s3cr3t');
  });

  it('keeps serving after every bad request above', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CSP reports', () => {
  it('are taken from one address only up to the limit, then refused with 429', async () => {
    const logsBefore = t.logs.length;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/csp-report',
        remoteAddress: '10.9.8.7',
        headers: { 'content-type': 'application/csp-report' },
        payload: report,
      });
    for (let i = 0; i < CSP_REPORTS_PER_IP.limit; i += 1) {
      expect((await post()).statusCode).toBe(204);
    }
    const refused = await post();
    expect([refused.statusCode, refused.json()]).toEqual([429, { detail: 'rate_limited' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const logged =
      t.logs.slice(logsBefore).join('').split('content security policy violation').length - 1;
    expect(logged).toBeLessThanOrEqual(CSP_REPORTS_PER_IP.limit);
  });
});

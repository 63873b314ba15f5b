import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRuntimeConfig } from '@themis/shared';
import { createTestApp, type TestApp } from './app';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Themis</title><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'themis-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'app-abc.js'), 'console.log("app")');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    webDistDir: dist,
    env: {
      PUBLIC_URL: 'https://themis.example',
      SENTRY_DSN: 'https://key@errors.example/1',
      ENVIRONMENT: 'staging',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      CONTACT_EMAIL: 'pomoc@themis.example',
      LEGAL_SOURCES: 'verify',
    },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

function injectedConfig(html: string) {
  const match = /<script>window\.__APP_CONFIG__=(.*?);<\/script>/.exec(html);
  expect(match, 'config script in the page').not.toBeNull();
  return {
    script: `window.__APP_CONFIG__=${match![1]};`,
    config: ZRuntimeConfig.parse(JSON.parse(match![1]!)),
  };
}

describe('the SPA with its runtime configuration', () => {
  it('injects every runtime config field into index.html, before </head>, allowed by the CSP hash', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const { script, config } = injectedConfig(res.body);
    expect(res.body.indexOf('__APP_CONFIG__')).toBeLessThan(res.body.indexOf('</head>'));
    expect(config).toEqual({
      apiHost: 'themis.example',
      apiPath: '/api',
      wsHost: 'themis.example',
      wsPath: '/ws',
      appHost: 'themis.example',
      protocol: 'https',
      wsProtocol: 'wss',
      googleLoginUrl: 'https://themis.example/api/auth/login/google',
      logoutUrl: 'https://themis.example/api/auth/logout',
      tokenRefreshUrl: 'https://themis.example/api/auth/token/refresh',
      sentryDsn: 'https://key@errors.example/1',
      environment: 'staging',
      stripePublishableKey: '',
      payments: 'sandbox',
      contactEmail: 'pomoc@themis.example',
      legalSources: 'verify',
    });
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain('connect-src');
    expect(csp).toContain('wss://themis.example');
    expect(csp).toContain('https://errors.example');
    expect(csp).toContain('upgrade-insecure-requests');
    // Images only from the app's files, profile pictures and logos: never another API path.
    const images = /img-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(images).toEqual([
      'data:',
      'blob:',
      'https://themis.example/favicon.svg',
      'https://themis.example/assets/',
      'https://themis.example/api/user/avatar/',
      'https://themis.example/api/organization/logo/',
    ]);
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // Without Stripe no frame of any origin, and nothing of Stripe's.
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('stripe');
  });

  it('serves the same page for client routes so the SPA can route, and JSON 404 for the API', async () => {
    for (const path of ['/chat', '/chat/123', '/some/unknown/page', '/login?from=%2Fchat']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('__APP_CONFIG__');
    }
    // A shared conversation's page is not indexed, and passes no Referer on.
    const shared = await t.app.inject(`/chat/share/${'a'.repeat(43)}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(shared.headers['referrer-policy']).toBe('no-referrer');
    expect((await t.app.inject('/chat')).headers['x-robots-tag']).toBeUndefined();
    const api = await t.app.inject('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/chat' });
    expect(post.json()).toEqual({ detail: 'not_found' });
  });

  it('serves hashed assets as immutable and other files revalidated', async () => {
    const asset = await t.app.inject('/assets/app-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(200);
    expect((await t.app.inject('/../package.json')).body).not.toContain('"name"');
  });

  it('escapes values so the config cannot close its script element', async () => {
    const hostile = await createTestApp({
      webDistDir: dist,
      env: { ENVIRONMENT: '</script><script>alert(1)</script>' },
    });
    try {
      const { config } = injectedConfig((await hostile.app.inject('/')).body);
      expect(config.environment).toBe('</script><script>alert(1)</script>');
      expect((await hostile.app.inject('/')).body.match(/<\/script>/g)).toHaveLength(2);
    } finally {
      await hostile.close();
    }
  });

  it('offers the same object at /api/runtime-config for the development server', async () => {
    const res = await t.app.inject('/api/runtime-config');
    expect(ZRuntimeConfig.parse(res.json()).apiHost).toBe('themis.example');
  });
});

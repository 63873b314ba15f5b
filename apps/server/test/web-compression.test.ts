import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrecompressible, precompressDir } from '../../web/precompress';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/plugins/compression';
import { createTestApp, type TestApp } from './app';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Themis</title><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>';
// Code-like text with some variety, so the copies are much smaller but not trivially so.
const APP_JS = Array.from(
  { length: 400 },
  (_, i) =>
    `export function handler${i}(event){return event.value*${i}+"${(i * 7919).toString(36)}";}`,
).join('\n');
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(60)}</svg>`;
const FONT = randomBytes(4096);
/** What the file itself is sent as: its copies must say the same. */
const JS_TYPE = 'application/javascript; charset=utf-8';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'themis-web-compression-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'app-abc.js'), APP_JS);
  await writeFile(join(dist, 'assets', 'tiny-abc.js'), 'export{}');
  await writeFile(join(dist, 'assets', 'inter-abc.woff2'), FONT);
  await writeFile(join(dist, 'favicon.svg'), ICON);
  await precompressDir(dist);
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed copies made at build time', () => {
  it('are made for text files, not for index.html (rewritten at start-up) nor fonts and images', () => {
    expect(isPrecompressible('assets/app-abc.js')).toBe(true);
    expect(isPrecompressible('assets/index-abc.css')).toBe(true);
    expect(isPrecompressible('favicon.svg')).toBe(true);
    expect(isPrecompressible('locales/en.json')).toBe(true);
    expect(isPrecompressible('legal/terms.html')).toBe(true);
    expect(isPrecompressible('index.html')).toBe(false);
    expect(isPrecompressible('assets/inter-abc.woff2')).toBe(false);
    expect(isPrecompressible('assets/logo.png')).toBe(false);
    expect(isPrecompressible('assets/app-abc.js.br')).toBe(false);
  });

  it('decode to the original, and are left out where they would not be smaller', async () => {
    for (const file of ['assets/app-abc.js', 'favicon.svg']) {
      const original = await readFile(join(dist, file));
      expect(brotliDecompressSync(await readFile(join(dist, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(await readFile(join(dist, `${file}.gz`)))).toEqual(original);
    }
    expect(existsSync(join(dist, 'assets', 'tiny-abc.js.gz'))).toBe(false);
    for (const absent of ['index.html.br', 'index.html.gz', 'assets/inter-abc.woff2.br']) {
      expect(existsSync(join(dist, absent)), absent).toBe(false);
    }
    // A second run over the same folder compresses the files again, never the copies.
    await precompressDir(dist);
    expect(existsSync(join(dist, 'assets', 'app-abc.js.br.br'))).toBe(false);
  });
});

describe('the web app by Accept-Encoding', () => {
  it('sends the brotli copy to a browser that accepts br, as JavaScript, still immutable', async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe(JS_TYPE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends a built file without the headers only a document obeys, and the page with them', async () => {
    const res = await get('/assets/app-abc.js', 'br');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'origin-agent-cluster']) {
      expect([name, res.headers[name]]).toEqual([name, undefined]);
    }
    const page = await get('/chat');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await get('/assets/app-abc.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe(JS_TYPE);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
    const icon = await get('/favicon.svg', 'gzip');
    expect(icon.headers['content-encoding']).toBe('gzip');
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(icon.rawPayload).toString()).toBe(ICON);
  });

  it('sends the file itself without Accept-Encoding, and still says the answer varies with it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/app-abc.js', acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe(JS_TYPE);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.body).toBe(APP_JS);
    }
  });

  it('never serves a copy under its own name, nor compresses fonts or the page', async () => {
    const copy = await get('/assets/app-abc.js.br', 'br');
    expect(copy.headers['content-type']).toContain('text/html');
    expect(copy.headers['content-encoding']).toBeUndefined();
    expect(copy.body).toContain('__APP_CONFIG__');
    const font = await get('/assets/inter-abc.woff2', 'br, gzip');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.rawPayload).toEqual(FONT);
    for (const page of ['/', '/chat']) {
      const res = await get(page, 'br, gzip');
      expect(res.headers['content-encoding'], page).toBeUndefined();
      expect(res.body, page).toContain('__APP_CONFIG__');
    }
  });
});

describe('JSON answers of the API', () => {
  it('are compressed above the threshold when asked and decode to the same JSON; small ones are not', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const br = await get('/api/docs/json', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

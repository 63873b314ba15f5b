import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_ROUTE_ROOT } from '@themis/shared';
import { API_PREFIX, WS_PATH } from '../runtime-config';

export interface WebAssets {
  dir: string;
  /** index.html with the runtime configuration script in its head. */
  indexHtml: string;
  /** CSP source allowing exactly that inline script. */
  scriptHash: string;
}

/** Reads the built SPA, if there is one, and injects the runtime configuration. */
export function loadWebAssets(dir: string, configScript: string): WebAssets | undefined {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  const tag = `<script>${configScript}</script>`;
  const indexHtml = html.includes('</head>')
    ? html.replace('</head>', `${tag}</head>`)
    : tag + html;
  const scriptHash = `'sha256-${createHash('sha256').update(configScript).digest('base64')}'`;
  return { dir, indexHtml, scriptHash };
}

/**
 * Headers that only a document (or a worker, which the app has none of) obeys: a script,
 * style sheet or font would carry them in vain, about 0.7 KB on each of the page's files.
 * nosniff and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];

const isApiPath = (url: string) =>
  url === API_PREFIX ||
  url.startsWith(`${API_PREFIX}/`) ||
  url.startsWith(`${API_PREFIX}?`) ||
  url.startsWith(WS_PATH);

/**
 * Serves the SPA's files and, for any other GET that is not an API path, its
 * index.html so the client router can show the page (or its not-found page).
 */
export async function registerWeb(app: FastifyInstance, assets: WebAssets | undefined) {
  if (assets) {
    await app.register(fastifyStatic, {
      root: assets.dir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies beside the files; they are sent for their
      // original's URL by Accept-Encoding (with Vary), never at URLs of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // index.html leaves only through sendIndex, with the runtime configuration in it
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(assets.dir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
      },
    });
  }
  const sendIndex = (reply: FastifyReply, url = '/') => {
    // A shared conversation's page is never indexed (helmet already sends no Referer).
    if (url.toLowerCase().startsWith(SHARE_ROUTE_ROOT)) {
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(assets!.indexHtml);
  };
  if (assets) {
    // Uncompressed, as from the not-found handler (which the plugin does not reach): about
    // 2 KB, within the first round trip either way.
    app.get('/', { compress: false }, (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (assets && wantsPage && !isApiPath(request.url)) return sendIndex(reply, request.url);
    return reply.status(404).send({ detail: 'not_found' });
  });
}

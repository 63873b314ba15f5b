import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers a reverse proxy adds: a proxy on this machine forwards the public's requests from
 * loopback, so a request that carries one is not the machine's own.
 */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const isLoopback = (address: string | undefined) =>
  address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address ?? '');

const BEARER = /^Bearer +(\S+) *$/i;
const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = BEARER.exec(authorization ?? '')?.[1];
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Who may read /api/metrics: the bearer of METRICS_TOKEN when one is set, or this machine
 * itself, judged by the connection's peer address (never by a header, which anyone can send).
 */
export function mayReadMetrics(
  request: { socket: { remoteAddress?: string }; headers: IncomingHttpHeaders },
  token: string | undefined,
): boolean {
  if (token !== undefined && bearerMatches(request.headers.authorization, token)) return true;
  return (
    isLoopback(request.socket.remoteAddress) &&
    !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)
  );
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope: its header (`type`: event, session, ...) and its JSON payload. */
interface EnvelopeItem {
  header: { type?: string };
  payload: Record<string, unknown>;
}

interface ReceivedEnvelope {
  /** The request's path and query, as the SDK called it. */
  url: string;
  /** The body as sent (unzipped): what left the server, to search for secrets. */
  raw: string;
  items: EnvelopeItem[];
}

export interface SentryStandIn {
  /** A DSN that sends this server's project 1 its envelopes. */
  dsn: string;
  received: ReceivedEnvelope[];
  /** The first error event received (or to come) that `matches`. */
  nextEvent(
    matches: (event: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<{ event: Record<string, unknown>; envelope: ReceivedEnvelope }>;
  close(): Promise<void>;
}

/** Envelopes are newline-separated JSON: a header, then each item's header and payload. */
function parseEnvelope(raw: string): EnvelopeItem[] {
  const lines = raw.split('\n');
  const items: EnvelopeItem[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    if (!lines[i]) continue;
    items.push({ header: JSON.parse(lines[i]!), payload: JSON.parse(lines[i + 1]!) });
  }
  return items;
}

/** A local stand-in for Sentry's ingestion: it keeps every envelope POSTed to /api/1/envelope/. */
export async function startSentryStandIn(): Promise<SentryStandIn> {
  const received: ReceivedEnvelope[] = [];
  let wake: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/api/1/envelope/')) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const raw = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString(
        'utf8',
      );
      received.push({ url: req.url, raw, items: parseEnvelope(raw) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const resolve of wake.splice(0)) resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const findEvent = (matches: (event: Record<string, unknown>) => boolean) => {
    for (const envelope of received) {
      for (const item of envelope.items) {
        if (item.header.type === 'event' && matches(item.payload)) {
          return { event: item.payload, envelope };
        }
      }
    }
    return undefined;
  };

  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    received,
    async nextEvent(matches, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = findEvent(matches);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event among ${received.length} envelopes`);
        // Woken by the next envelope; the timer only bounds a wait that would never end.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        wake = [];
        server.close(() => resolve());
      }),
  };
}

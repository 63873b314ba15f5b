import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the registers cited sources are checked in, speaking their documented
// JSON: the Sejm's ELI API (`GET /eli/acts/{DU|MP}/{year}/{pos}`) and SAOS's judgment search
// (`GET /api/search/judgments?caseNumber=…`). It can be down (503) or hang (never answering),
// also when told by `POST /test/mode/{up|down|hang}`, and keeps every request it was sent, to
// see what left Themis.

/** An act as the ELI API describes it (the fields Themis reads). */
interface EliActStandIn {
  ELI: string;
  title: string;
  status: string;
  inForce: 'IN_FORCE' | 'NOT_IN_FORCE' | 'UNKNOWN';
  entryIntoForce?: string;
  repealDate?: string;
  references?: Record<string, { id: string; date?: string }[]>;
}

export interface LegalRegistersStandIn {
  eliUrl: string;
  saosUrl: string;
  acts: Map<string, EliActStandIn>;
  /** SAOS judgment ids by case number. */
  judgments: Map<string, number>;
  /** Each request as received: its method, path with query, headers and body. */
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  mode: 'up' | 'down' | 'hang';
  close(): Promise<void>;
}

export async function startLegalRegistersStandIn(port = 0): Promise<LegalRegistersStandIn> {
  const acts = new Map<string, EliActStandIn>();
  const judgments = new Map<string, number>();
  const requests: LegalRegistersStandIn['requests'] = [];
  const hanging: (() => void)[] = [];
  const standIn = { mode: 'up' } as LegalRegistersStandIn;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const told = /^\/test\/mode\/(up|down|hang)$/.exec(req.url ?? '');
      if (req.method === 'POST' && told) {
        standIn.mode = told[1] as LegalRegistersStandIn['mode'];
        res.writeHead(204).end();
        return;
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (standIn.mode === 'down') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
        return;
      }
      if (standIn.mode === 'hang') {
        hanging.push(() => res.destroy());
        return;
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const act = /^\/eli\/acts\/(DU|MP)\/(\d{4})\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && act) {
        const found = acts.get(`${act[1]}/${act[2]}/${act[3]}`);
        return found ? json(200, found) : json(404, { message: 'Not found' });
      }
      if (req.method === 'GET' && url.pathname === '/api/search/judgments') {
        const id = judgments.get(url.searchParams.get('caseNumber') ?? '');
        const items =
          id === undefined
            ? []
            : [{ id, href: `https://www.saos.org.pl/api/judgments/${id}`, courtType: 'SUPREME' }];
        return json(200, {
          links: [],
          items,
          queryTemplate: {},
          info: { totalResults: items.length },
        });
      }
      json(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    eliUrl: `http://127.0.0.1:${listening}/eli`,
    saosUrl: `http://127.0.0.1:${listening}/api`,
    acts,
    judgments,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging.splice(0)) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

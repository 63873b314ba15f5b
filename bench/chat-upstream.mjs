// A local OpenAI-compatible model for the chat streaming bench, run in its own process so that
// its timers are not held up by the load the bench client puts on its event loop. Each answer
// is TOKENS tokens DELAY_MS apart, the first DELAY_MS after the request; every token is its emit time (process.hrtime.bigint(), the
// monotonic clock every process on the machine shares), so the client can tell how much later
// than the upstream sent it a token reached the browser's socket. The first token also carries
// the time the request arrived, prefixed with '@'.
import { createServer } from 'node:http';

const TOKENS = Number(process.env.UPSTREAM_TOKENS ?? 50);
const DELAY_MS = Number(process.env.UPSTREAM_DELAY_MS ?? 20);
const UPSTREAM_MODEL = 'gpt-bench';

const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000 };
const chunk = (body) => `data: ${JSON.stringify({ ...base, model: UPSTREAM_MODEL, ...body })}\n\n`;
const content = (text) => chunk({ choices: [{ index: 0, delta: { content: text } }] });

function stream(res, receivedAt) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  // Each write goes out at once, as a real provider's would.
  res.socket?.setNoDelay(true);
  res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }));
  let sent = 0;
  // Token n goes out n × DELAY_MS after the request, against the start so that one late
  // timer does not push every later token back.
  const start = performance.now();
  const next = () => {
    if (res.destroyed) return;
    const now = process.hrtime.bigint();
    res.write(content(sent === 0 ? `@${receivedAt} ${now} ` : `${now} `));
    sent += 1;
    if (sent < TOKENS) {
      setTimeout(next, Math.max(0, start + (sent + 1) * DELAY_MS - performance.now()));
      return;
    }
    res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    // Small usage keeps the bench accounts far below the plan's monthly limit.
    const usage = { prompt_tokens: 10, completion_tokens: TOKENS, total_tokens: 10 + TOKENS };
    res.write(chunk({ choices: [], usage }));
    res.end('data: [DONE]\n\n');
  };
  setTimeout(next, DELAY_MS);
}

const server = createServer((req, res) => {
  const receivedAt = process.hrtime.bigint();
  req.resume();
  req.on('end', () => {
    if (req.url?.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: UPSTREAM_MODEL, object: 'model' }] }));
    } else if (req.method === 'POST' && req.url?.startsWith('/v1/chat/completions')) {
      stream(res, receivedAt);
    } else {
      res.writeHead(404).end();
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port, model: UPSTREAM_MODEL });
});
process.on('disconnect', () => process.exit(0));

import WebSocket from 'ws';
import { expect } from 'vitest';
import { uniqueEmail, PASSWORD } from '../accounts';
import { ChatSocket } from '../chat-harness';
import { streamOpenAiAnswer } from '../llm-upstreams';
import { CLUSTER_MODEL, type Cluster } from './cluster';

/** A browser on the cluster's site: its cookies, calls through nginx or to one instance. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly cluster: Pick<Cluster, 'url'>) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** A call through nginx, or straight to `base` (an instance) when given. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    base = this.cluster.url,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: this.cluster.url,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /max-age=0/i.test(header)) this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  }

  /** A tab's WebSocket, through nginx or straight to `base`. */
  socket(base = this.cluster.url): Promise<ChatSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
        origin: this.cluster.url,
        headers: { cookie: `access=${this.cookie('access')}` },
      });
      const tab = new ChatSocket(socket);
      socket.once('open', () => resolve(tab));
      socket.once('error', reject);
    });
  }
}

/** The newest six-digit code the dev outbox holds for `email` (mail is sent by a job). */
async function codeFor(browser: Browser, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await browser.call('GET', '/dev/mailbox.json');
    const mails = JSON.parse(res.text) as { to: string; text: string }[];
    const code = mails
      .filter((mail) => mail.to === email)
      .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])
      .find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code e-mailed to ${email}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** A new account signed in through nginx, as a browser would. */
export async function signedUpBrowser(cluster: Pick<Cluster, 'url'>) {
  const browser = new Browser(cluster);
  const email = uniqueEmail('cluster');
  const register = await browser.call('POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_accepted: true,
    language: 'en',
  });
  expect(register.status, register.text).toBe(201);
  const activated = await browser.call('POST', '/api/auth/activate', {
    email,
    code: await codeFor(browser, email),
  });
  expect(activated.status, activated.text).toBe(200);
  return { browser, email };
}

export async function newConversation(browser: Browser): Promise<string> {
  const res = await browser.call('POST', '/api/conversation/create', { name: '' });
  expect(res.status, res.text).toBe(201);
  return res.json().pk as string;
}

let requests = 0;
export function question(conversationPk: string, content = 'Can my landlord keep the deposit?') {
  requests += 1;
  return {
    type: 'chat.send',
    request_id: `cluster-${requests}`,
    conversation_pk: conversationPk,
    content,
    model_id: CLUSTER_MODEL,
    attachment_pks: [],
    language: 'en',
  };
}

const HELD_DELTAS = ['Zaczynam ', 'odpowiedź. '];
/** What a held answer writes before it waits. */
export const HELD_TEXT = HELD_DELTAS.join('');

/** The model answers two words, then waits until the returned release (or the client goes). */
export function holdAnswers(cluster: Pick<Cluster, 'answerWith'>, after = ['Koniec.']): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => {
    release = done;
  });
  cluster.answerWith(async (request, res) => {
    await streamOpenAiAnswer(request, res, {
      deltas: HELD_DELTAS,
      then: 'hang',
    });
    const gone = new Promise((done) => res.once('close', done));
    if ((await Promise.race([held.then(() => 'released'), gone])) !== 'released') return;
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: request.body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    for (const content of after) res.write(chunk({ content }, null));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  return release;
}

/** Polls `check` until it holds: instances learn of some changes within seconds. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Waits until `base` shows the held answer being written with all its text saved. */
export async function untilAnswerSaved(browser: Browser, conversationPk: string, base: string) {
  await eventually(async () => {
    const page = await browser.call(
      'GET',
      `/api/conversation/messages/${conversationPk}`,
      undefined,
      base,
    );
    const items = page.json().items as { status: string; content: string }[];
    return items.some((message) => message.status === 'streaming' && message.content === HELD_TEXT);
  }, 'the answer saved');
}

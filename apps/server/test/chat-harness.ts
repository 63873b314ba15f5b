import type { ServerResponse } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import type { ServerMessage } from '@themis/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDependencies } from '../src/app';
import { conversations, messages, tokenUsage } from '../src/db/schema';
import { monthKey } from '../src/modules/usage/allowance';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { signedUpClient } from './accounts';
import {
  findClosedPort,
  sendJson,
  startFakeUpstream,
  type FakeUpstream,
  type SeenRequest,
} from './llm-upstreams';

export const OPENAI_MODEL = 'openai:gpt-test';
export const ANTHROPIC_MODEL = 'anthropic:claude-test';
/** The idle timeout the test app gives models before an answer ends in error. */
export const IDLE_TIMEOUT_MS = 1500;

type AnswerRoute = (request: SeenRequest, res: ServerResponse) => void | Promise<void>;

/** The app on a loopback port with local OpenAI and Anthropic servers behind it. */
export interface ChatHarness {
  t: TestApp;
  /** The environment the app was configured with. */
  env: Record<string, string>;
  wsUrl: string;
  openai: FakeUpstream;
  anthropic: FakeUpstream;
  /** How both providers answer a chat request from now on. */
  answerWith(route: AnswerRoute): void;
  /** The chat requests the providers received, oldest first. */
  chatRequests(): SeenRequest[];
  close(): Promise<void>;
}

export async function startChatHarness(
  extraEnv: Record<string, string> = {},
  deps: Partial<
    Pick<AppDependencies, 'chatStaleAfterMs' | 'chatSaveEveryMs' | 'database' | 'startWorker'>
  > = {},
): Promise<ChatHarness> {
  let answer: AnswerRoute = (_request, res) => sendJson(res, 500, {});
  const chatRequests: SeenRequest[] = [];
  const route =
    (models: object[]): AnswerRoute =>
    (request, res) => {
      if (request.path.startsWith('/v1/models')) return sendJson(res, 200, { data: models });
      chatRequests.push(request);
      return answer(request, res);
    };
  const openai = await startFakeUpstream(route([{ id: 'gpt-test' }]));
  const anthropic = await startFakeUpstream(
    route([{ id: 'claude-test', display_name: 'Claude Test' }]),
  );
  const closedPort = await findClosedPort();
  const env = {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: anthropic.url,
    OLLAMA_BASE_URL: `http://127.0.0.1:${closedPort}`,
    ...extraEnv,
  };
  const t = await createTestApp({ env, chatIdleTimeoutMs: IDLE_TIMEOUT_MS, ...deps });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    env,
    wsUrl: `${address.replace('http', 'ws')}/ws`,
    openai,
    anthropic,
    answerWith: (next) => {
      answer = next;
    },
    chatRequests: () => chatRequests,
    close: async () => {
      await t.close();
      await Promise.all([openai.close(), anthropic.close()]);
    },
  };
}

/**
 * The harness of a test file: started before its tests, closed after them. Its fields are
 * filled in by the first hook this registers, so a later beforeAll may use them.
 */
export function chatHarnessForFile(...args: Parameters<typeof startChatHarness>): ChatHarness {
  const h = {} as ChatHarness;
  beforeAll(async () => {
    Object.assign(h, await startChatHarness(...args));
  });
  afterAll(() => h.close());
  return h;
}

type Frame = ServerMessage;

/** A browser tab's socket: every frame it got, and a way to wait for the next of a kind. */
export class ChatSocket {
  readonly frames: Frame[] = [];
  private readonly consumed = new Set<Frame>();
  private waiters: (() => void)[] = [];
  readonly closed: Promise<number>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
  }

  send(frame: object | string): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame not yet taken that `matches`, waiting up to `timeoutMs` for it. */
  async next<T extends Frame['type']>(
    type: T,
    matches: (frame: Extract<Frame, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<Frame, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(
        (frame): frame is Extract<Frame, { type: T }> =>
          !this.consumed.has(frame) &&
          frame.type === type &&
          matches(frame as Extract<Frame, { type: T }>),
      );
      if (found) {
        this.consumed.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no ${type} frame; got ${JSON.stringify(this.frames.slice(-5))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The answer text as the deltas built it; throws on a gap or an overlap. */
  textOf(conversationPk: string): string {
    let text = '';
    for (const frame of this.frames) {
      if (frame.type !== 'chat.delta' || frame.conversation_pk !== conversationPk) continue;
      if (frame.offset !== text.length) {
        throw new Error(`delta at ${frame.offset} after ${text.length} characters`);
      }
      text += frame.text;
    }
    return text;
  }

  close(): void {
    this.socket.close();
  }
}

export function connectSocket(
  h: Pick<ChatHarness, 'wsUrl'>,
  access: string | undefined,
  origin = TEST_ORIGIN,
): Promise<ChatSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(h.wsUrl, {
      origin,
      headers: access ? { cookie: `access=${access}` } : {},
    });
    // Frames may arrive right after the upgrade: listen before 'open' resolves.
    const tab = new ChatSocket(socket);
    socket.once('open', () => resolve(tab));
    socket.once('error', reject);
  });
}

/** A signed-in user with a tab open and an empty conversation. */
export async function signedInTab(h: ChatHarness) {
  const { client, user } = await signedUpClient(h.t);
  const access = client.jar.get('access')!;
  const tab = await connectSocket(h, access);
  const conversationPk = await createConversation(h.t, user.pk);
  return { client, user, access, tab, conversationPk };
}

export async function createConversation(t: TestApp, userId: string, name = ''): Promise<string> {
  const [row] = await t.database.db
    .insert(conversations)
    .values({ userId, name })
    .returning({ id: conversations.id });
  return row!.id;
}

/**
 * An answer row left streaming with 'half an answer', last written `secondsAgo`, as an
 * instance that died leaves it; its id.
 */
export async function insertStreamingAnswer(
  t: TestApp,
  row: { conversationPk: string; userId: string; secondsAgo: number },
): Promise<string> {
  const [inserted] = await t.database.db
    .insert(messages)
    .values({
      conversationId: row.conversationPk,
      userId: row.userId,
      role: 'assistant',
      content: 'half an answer',
      status: 'streaming',
      updatedAt: sql`now() - make_interval(secs => ${row.secondsAgo})`,
    })
    .returning({ id: messages.id });
  return inserted!.id;
}

/** The conversation's rows, oldest first. */
export function messageRowsOf(t: TestApp, conversationPk: string) {
  return t.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationPk))
    .orderBy(messages.seq);
}

/** The tokens the user has been charged this month. */
export async function monthlyTokensOf(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), eq(tokenUsage.month, monthKey(new Date()))));
  return row?.tokens ?? 0;
}

let requests = 0;
export function sendFrame(conversationPk: string, extra: Record<string, unknown> = {}) {
  requests += 1;
  return {
    type: 'chat.send',
    request_id: `r${requests}`,
    conversation_pk: conversationPk,
    content: 'Can my landlord keep the deposit?',
    model_id: OPENAI_MODEL,
    attachment_pks: [],
    language: 'en',
    ...extra,
  };
}

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_INPUT_MAX, type ServerMessage } from '@themis/shared';
import { plans, tokenUsage, users } from '../src/db/schema';
import { ANSWER_OUTPUT_RESERVE } from '../src/modules/chat/chat.context';
import { monthKey } from '../src/modules/usage/allowance';
import { streamOpenAiAnswer } from './llm-upstreams';
import {
  chatHarnessForFile,
  createConversation,
  monthlyTokensOf,
  sendFrame,
  signedInTab,
} from './chat-harness';

/** What a provider honouring max_tokens charges: the prompt by its size, a full-length answer. */
const OUTPUT_TOKENS = ANSWER_OUTPUT_RESERVE;

/** Chinese, which tokenizers cut into about a token a character, not four characters a token. */
const DENSE = /[\u4e00-\u9fff]/;

/** Input tokens the provider reports for a prompt: a token a character where it is dense. */
function promptTokens(messages: unknown): number {
  const prompt = JSON.stringify(messages);
  return DENSE.test(prompt) ? prompt.length : Math.ceil(prompt.length / 4);
}

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, {
      deltas: Array.from({ length: 20 }, (_, i) => `part${i} `),
      delayMs: 20,
      usage: { input: promptTokens(request.body.messages), output: OUTPUT_TOKENS },
    }),
  );
});

async function planLimitOf(userId: string): Promise<number> {
  const [row] = await h.t.database.db
    .select({ limit: plans.monthlyTokenLimit })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  return row!.limit;
}

describe('the monthly limit under parallel questions', () => {
  for (const [text, label] of [
    ['Czy umowa jest ważna? ', 'Polish'],
    ['合同是否有效？', 'Chinese (a token a character)'],
  ] as const) {
    it(`admits 8 questions of ${label} sent at once only while the limit allows, passing it by one answer at most`, async () => {
      const { tab, user } = await signedInTab(h);
      const limit = await planLimitOf(user.pk);
      // Room for about one long question and its answer.
      const startedAt = limit - 10_000;
      await h.t.database.db
        .insert(tokenUsage)
        .values({ userId: user.pk, month: monthKey(new Date()), tokens: startedAt });
      const conversations = await Promise.all(
        Array.from({ length: 8 }, () => createConversation(h.t, user.pk)),
      );
      const question = text.repeat(Math.floor(CHAT_INPUT_MAX / text.length));
      const frames = conversations.map((pk) => sendFrame(pk, { content: question }));
      for (const frame of frames) tab.send(frame);

      const outcomes = await Promise.all(
        frames.map((frame) =>
          Promise.race([
            tab.next('chat.accepted', (f) => f.request_id === frame.request_id, 20_000),
            tab.next('error', (f) => f.request_id === frame.request_id, 20_000),
          ]),
        ),
      );
      const accepted = outcomes.filter(
        (f): f is Extract<ServerMessage, { type: 'chat.accepted' }> => f.type === 'chat.accepted',
      );
      const refused = outcomes.filter((f) => f.type === 'error');
      expect(refused.map((f) => f.type === 'error' && f.detail)).toEqual(
        Array(refused.length).fill('monthly_limit_reached'),
      );
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const frame of accepted) {
        await tab.next('chat.done', (f) => f.conversation_pk === frame.conversation_pk, 20_000);
      }

      const charged = (await monthlyTokensOf(h.t, user.pk)) - startedAt;
      const answers = h.chatRequests().slice(-accepted.length);
      const largestAnswer =
        Math.max(...answers.map((request) => promptTokens(request.body.messages))) + OUTPUT_TOKENS;
      expect(startedAt + charged).toBeLessThanOrEqual(limit + largestAnswer);
      // Every answer asked the provider for no more than its reservation holds.
      for (const request of answers) {
        expect(request.body.max_tokens ?? request.body.max_completion_tokens).toBe(
          ANSWER_OUTPUT_RESERVE,
        );
      }
      tab.close();
    });
  }

  it('stops holding a finished answer against the limit', async () => {
    const { tab, user, conversationPk } = await signedInTab(h);
    const limit = await planLimitOf(user.pk);
    // One answer's reservation fits; had it stayed held, the second question would not.
    const startedAt = limit - ANSWER_OUTPUT_RESERVE - 2_000;
    await h.t.database.db
      .insert(tokenUsage)
      .values({ userId: user.pk, month: monthKey(new Date()), tokens: startedAt });
    for (const content of ['Pierwsze pytanie', 'Drugie pytanie']) {
      tab.send(sendFrame(conversationPk, { content }));
      const done = await tab.next('chat.done', (f) => f.conversation_pk === conversationPk);
      expect(done.message.status).toBe('complete');
    }
    tab.close();
  });
});

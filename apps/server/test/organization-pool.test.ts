import { and, eq, sum } from 'drizzle-orm';
import { CHAT_INPUT_MAX } from '@themis/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizationTokenUsage, tokenUsage } from '../src/db/schema';
import { ANSWER_OUTPUT_RESERVE } from '../src/modules/chat/chat.context';
import { monthKey } from '../src/modules/usage/allowance';
import { signedUpClient, type Client } from './accounts';
import { chatHarnessForFile, connectSocket, sendFrame } from './chat-harness';
import { streamOpenAiAnswer } from './llm-upstreams';
import { createOrganization } from './organization-fixtures';

// An organization's members share its plan's monthly tokens: what one uses, the others
// cannot, and each member's own context keeps its own limit.

const FREE_ORGANIZATION_LIMIT = 1_000_000;
const USAGE = { input: 300, output: 700 };

const h = chatHarnessForFile();
const answerBriefly = () =>
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, { deltas: ['Yes', ', it can.'], usage: USAGE }),
  );
beforeAll(answerBriefly);

async function newConversation(client: Client): Promise<string> {
  const res = await client.post('/api/conversation/create', {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pk;
}

/** An organization of `owner`'s with `member` in it, both acting in it. */
async function firm() {
  const owner = await signedUpClient(h.t);
  const member = await signedUpClient(h.t);
  const organizationId = await createOrganization(owner.client);
  // Invitations arrive with their own calls; the membership is written as one would write it.
  await h.t.database.db
    .insert(memberships)
    .values({ organizationId, userId: member.user.pk, role: 'MEMBER' });
  const switched = await member.client.post('/api/organization/switch-organization', {
    organization_pk: organizationId,
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return { owner, member, organizationId };
}

async function ask(client: Client, conversationPk: string) {
  const tab = await connectSocket(h, client.jar.get('access'));
  const frame = sendFrame(conversationPk);
  tab.send(frame);
  const outcome = await Promise.race([
    tab.next('chat.done', (f) => f.conversation_pk === conversationPk, 20_000),
    tab.next('error', (f) => f.request_id === frame.request_id, 20_000),
  ]);
  tab.close();
  return outcome;
}

describe("an organization's pooled monthly limit", () => {
  it("charges a member's answer to the organization, per member, not to their own month", async () => {
    const { member, organizationId } = await firm();
    const conversation = await newConversation(member.client);
    expect((await ask(member.client, conversation)).type).toBe('chat.done');

    const rows = await h.t.database.db
      .select()
      .from(organizationTokenUsage)
      .where(eq(organizationTokenUsage.organizationId, organizationId));
    expect(rows).toEqual([
      {
        organizationId,
        userId: member.user.pk,
        month: monthKey(new Date()),
        tokens: USAGE.input + USAGE.output,
      },
    ]);
    const own = await h.t.database.db
      .select()
      .from(tokenUsage)
      .where(eq(tokenUsage.userId, member.user.pk));
    expect(own).toEqual([]);
    expect((await member.client.get('/api/usage/current')).json()).toMatchObject({
      used_tokens: USAGE.input + USAGE.output,
      limit_tokens: FREE_ORGANIZATION_LIMIT,
    });
  });

  it('refuses every member once the pool is used up, while their own context still answers', async () => {
    const { owner, member, organizationId } = await firm();
    await h.t.database.db.insert(organizationTokenUsage).values({
      organizationId,
      userId: owner.user.pk,
      month: monthKey(new Date()),
      tokens: FREE_ORGANIZATION_LIMIT,
    });
    const inFirm = await newConversation(member.client);
    const refused = await ask(member.client, inFirm);
    expect(refused).toMatchObject({ type: 'error', detail: 'monthly_limit_reached' });
    expect((await member.client.get('/api/usage/current')).json()).toMatchObject({
      used_tokens: FREE_ORGANIZATION_LIMIT,
    });

    await member.client.post('/api/organization/switch-organization', { organization_pk: null });
    const mine = await newConversation(member.client);
    expect((await ask(member.client, mine)).type).toBe('chat.done');
    const [own] = await h.t.database.db
      .select({ tokens: tokenUsage.tokens })
      .from(tokenUsage)
      .where(
        and(eq(tokenUsage.userId, member.user.pk), eq(tokenUsage.month, monthKey(new Date()))),
      );
    expect(own!.tokens).toBe(USAGE.input + USAGE.output);
  });

  it('holds parallel questions of densely tokenized text to the pool, passed by one answer at most', async () => {
    // A token a character of the prompt (Chinese), and a full-length answer each.
    const tokensOf = (messages: unknown) => JSON.stringify(messages).length;
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: ['Tak', '.'],
        usage: { input: tokensOf(request.body.messages), output: ANSWER_OUTPUT_RESERVE },
      }),
    );
    try {
      const { owner, member, organizationId } = await firm();
      const month = monthKey(new Date());
      const startedAt = FREE_ORGANIZATION_LIMIT - 10_000;
      await h.t.database.db
        .insert(organizationTokenUsage)
        .values({ organizationId, userId: owner.user.pk, month, tokens: startedAt });
      const question = '合同是否有效？'.repeat(Math.floor(CHAT_INPUT_MAX / 7));
      const asked = await Promise.all(
        [owner, member].map(async ({ client }) => {
          const tab = await connectSocket(h, client.jar.get('access'));
          const conversations = await Promise.all(
            Array.from({ length: 4 }, () => newConversation(client)),
          );
          const frames = conversations.map((pk) => sendFrame(pk, { content: question }));
          for (const frame of frames) tab.send(frame);
          const outcomes = await Promise.all(
            frames.map((frame) =>
              Promise.race([
                tab.next('chat.done', (f) => f.conversation_pk === frame.conversation_pk, 20_000),
                tab.next('error', (f) => f.request_id === frame.request_id, 20_000),
              ]),
            ),
          );
          tab.close();
          return outcomes;
        }),
      );
      const outcomes = asked.flat();
      const refused = outcomes.filter((f) => f.type === 'error');
      expect(refused.map((f) => f.type === 'error' && f.detail)).toEqual(
        Array(refused.length).fill('monthly_limit_reached'),
      );
      expect(outcomes.filter((f) => f.type === 'chat.done').length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      const [pool] = await h.t.database.db
        .select({ tokens: sum(organizationTokenUsage.tokens) })
        .from(organizationTokenUsage)
        .where(
          and(
            eq(organizationTokenUsage.organizationId, organizationId),
            eq(organizationTokenUsage.month, month),
          ),
        );
      const answered = h.chatRequests().slice(-(outcomes.length - refused.length));
      const largestAnswer =
        Math.max(...answered.map((request) => tokensOf(request.body.messages))) +
        ANSWER_OUTPUT_RESERVE;
      expect(Number(pool!.tokens)).toBeLessThanOrEqual(FREE_ORGANIZATION_LIMIT + largestAnswer);
    } finally {
      answerBriefly();
    }
  });
});

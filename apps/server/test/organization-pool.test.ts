import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizationTokenUsage, tokenUsage } from '../src/db/schema';
import { monthKey } from '../src/modules/usage/allowance.service';
import { signedUpClient, type Client } from './accounts';
import { chatHarnessForFile, connectSocket, sendFrame } from './chat-harness';
import { streamOpenAiAnswer } from './llm-upstreams';
import { createOrganization } from './organization-fixtures';

// An organization's members share its plan's monthly tokens: what one uses, the others
// cannot, and each member's own context keeps its own limit.

const FREE_ORGANIZATION_LIMIT = 1_000_000;
const USAGE = { input: 300, output: 700 };

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, { deltas: ['Yes', ', it can.'], usage: USAGE }),
  );
});

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
});

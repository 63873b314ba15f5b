import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCard, Receipt } from '@themis/shared';
import {
  attachments,
  billingAccounts,
  conversations,
  conversationShares,
  invitations,
  memberships,
  messages,
  organizations,
  paymentCards,
  payments,
  sessions,
  shareMessages,
  subscriptions,
} from '../src/db/schema';
import {
  CARDS,
  catalogue,
  savedCard,
  saveDetails,
  subscribed,
  subscribeTo,
} from './billing-fixtures';
import { publicRoutes } from '../src/modules/auth/public-routes';
import type { Client } from './accounts';
import { insertAttachment, insertConversation, insertMessages } from './conversations-fixtures';
import { createFileStorage } from '../src/platform/storage/create-storage';
import { chatHarnessForFile, connectSocket, type ChatSocket } from './chat-harness';
import { signedUpClient, uniqueEmail } from './accounts';
import { multipartBody } from './multipart';
import { png } from './avatar-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';
import { HTTP_ROWS, NOT_RECORDS, SOCKET_ROWS, type Records } from './authorization-matrix.table';
import {
  createOrganization,
  invitation,
  join,
  membershipPk,
  type Account,
} from './organization-fixtures';

/**
 * Who may do what to a record: for every route and socket message that names one, the
 * owner gets through and anyone else is refused as the row says (404, or the invitation's
 * own answers) with nothing changed. A new route with a path parameter fails the first test
 * until it has its row in authorization-matrix.table.ts. Organization roles have a table of
 * their own, organization-role-matrix.test.ts.
 */

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Answer.'] }));
});

/** An organization with a logo, created by the owner, who then acts in their own context. */
async function organizationWithLogo(
  owner: Client,
): Promise<{ organization: string; logo: string }> {
  const form = multipartBody([
    { name: 'name', value: 'Kancelaria' },
    { name: 'avatar', data: await png(), filename: 'logo.png', contentType: 'image/png' },
  ]);
  const created = await owner.request({ method: 'POST', url: '/api/organization/create', ...form });
  expect(created.statusCode, created.body).toBe(201);
  const organization = (await owner.get('/api/organization/get-current')).json();
  await owner.post('/api/organization/switch-organization', { organization_pk: null });
  return { organization: organization.pk, logo: String(organization.avatar_url).split('/').pop()! };
}

async function ownedRecords(owner: Account): Promise<Records> {
  const t = h.t;
  const { organization, logo } = await organizationWithLogo(owner.client);
  // Invited as observers, the role an invitation that names none gets.
  const sentInvitation = (
    await invitation(owner.client, organization, uniqueEmail('invited'), 'OBSERVER')
  ).pk;
  const joining = await join(owner.client, organization, await signedUpClient(t), 'OBSERVER');
  const membership = await membershipPk(t, organization, joining.user.pk);
  const inviters = [(await signedUpClient(t)).client, (await signedUpClient(t)).client];
  /** An invitation to the owner from an organization `from` founds for it. */
  const invitedBy = async (from: Client) =>
    (await invitation(from, await createOrganization(from), owner.email, 'OBSERVER')).pk;
  const receivedInvitations: [string, string] = [
    await invitedBy(inviters[0]!),
    await invitedBy(inviters[1]!),
  ];
  const conversation = await insertConversation(t, owner.user.pk);
  const [question, answer] = await insertMessages(t, conversation, [
    { role: 'user', content: 'Question' },
    { role: 'assistant', content: 'Answer' },
  ]);
  const storage = await createFileStorage(t.config);
  // Waiting to be sent: only such a file can be deleted.
  const attachment = await insertAttachment(t, storage, question!);
  await t.database.db
    .update(attachments)
    .set({ messageId: null })
    .where(eq(attachments.id, attachment.id));
  const share = async (conversationId: string) => {
    const res = await owner.client.post(`/api/conversation/share/create/${conversationId}`, {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { pk: string; shared_key: string };
  };
  const first = await share(conversation.id);
  const second = await share((await insertConversation(t, owner.user.pk)).id);
  const billing = await billingRecords(owner, organization);
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.user.pk));
  return {
    conversation: conversation.id,
    answer: answer!.id,
    attachment: attachment.id,
    session: session!.id,
    organization,
    logo,
    sentInvitation,
    membership,
    receivedInvitations,
    sharedLinks: [first.pk, second.pk],
    shareSecret: first.shared_key.split('/').pop()!,
    billing,
  };
}

/** The owner's own first payment waits for the bank; their organization pays for Business. */
async function billingRecords(owner: Account, organization: string): Promise<Records['billing']> {
  const plans = await catalogue(owner.client);
  await saveDetails(owner.client);
  const authenticated = await savedCard(owner.client, CARDS.authentication);
  const card = await savedCard(owner.client, CARDS.visa);
  const waiting = await subscribeTo(owner.client, {
    plan: plans.pro!,
    period: 'monthly',
    card: authenticated,
  });
  expect(waiting.json().status).toBe('requires_action');
  await subscribed(owner.client, plans.business!, 'monthly', { organizationId: organization });
  const [organizationCard] = (
    await owner.client.get(`/api/billing/card/list?organization_pk=${organization}`)
  ).json() as PaymentCard[];
  const [receipt] = (
    await owner.client.get(`/api/billing/receipt/list?organization_pk=${organization}`)
  ).json() as Receipt[];
  return {
    card: card.pk,
    organizationCard: organizationCard!.pk,
    payment: waiting.json().payment_pk,
    receipt: receipt!.pk,
    teamPlan: plans.team!.pk,
  };
}

async function snapshot(records: Records) {
  const db = h.t.database.db;
  return {
    conversation: await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, records.conversation)),
    messages: await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, records.conversation))
      .orderBy(messages.seq),
    attachments: await db.select().from(attachments).where(eq(attachments.id, records.attachment)),
    session: await db.select().from(sessions).where(eq(sessions.id, records.session)),
    invitations: await db
      .select()
      .from(invitations)
      .where(inArray(invitations.id, [records.sentInvitation, ...records.receivedInvitations]))
      .orderBy(invitations.id),
    memberships: await db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, records.organization)),
    organization: await db
      .select()
      .from(organizations)
      .where(eq(organizations.id, records.organization)),
    sharedLinks: await db
      .select()
      .from(conversationShares)
      .where(inArray(conversationShares.id, records.sharedLinks))
      .orderBy(conversationShares.id),
    billing: {
      cards: await db
        .select()
        .from(paymentCards)
        .where(inArray(paymentCards.id, [records.billing.card, records.billing.organizationCard])),
      payments: await db
        .select()
        .from(payments)
        .where(inArray(payments.id, [records.billing.payment, records.billing.receipt]))
        .orderBy(payments.id),
      subscriptions: await db
        .select()
        .from(subscriptions)
        .innerJoin(payments, eq(payments.subscriptionId, subscriptions.id))
        .where(inArray(payments.id, [records.billing.payment, records.billing.receipt]))
        .orderBy(subscriptions.id),
      accounts: await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.organizationId, records.organization)),
    },
    sharedMessages: await db
      .select()
      .from(shareMessages)
      .where(inArray(shareMessages.shareId, records.sharedLinks))
      .orderBy(shareMessages.shareId, shareMessages.position),
  };
}

describe('authorization matrix', () => {
  it('has a row for every route that names a record, or an account to bill', () => {
    // Billing names the organization in its query or body, not in its path.
    const namesRecord = (route: string) => route.includes('/:') || route.includes(' /api/billing/');
    const guarded = h.t.app.apiRoutes.filter(
      (route) => namesRecord(route) && !publicRoutes().includes(route),
    );
    const covered = [...HTTP_ROWS.map((row) => row.route.replace(/\?.*$/, '')), ...NOT_RECORDS];
    expect(guarded.filter((route) => !covered.includes(route))).toEqual([]);
  });

  it("answers another user's request on every row as the row says (404 unless told), changing nothing", async () => {
    const owner = await signedUpClient(h.t);
    const stranger = await signedUpClient(h.t);
    const records = await ownedRecords(owner);
    const before = await snapshot(records);
    for (const row of HTTP_ROWS) {
      const res = await stranger.client.request(row.request(records));
      const expected = row.stranger ?? { status: 404, detail: 'not_found' };
      expect([row.route, res.statusCode, expected.detail && res.json().detail]).toEqual([
        row.route,
        expected.status,
        expected.detail,
      ]);
    }
    expect(await snapshot(records)).toEqual(before);
  });

  it('lets the owner through on every row', async () => {
    const owner = await signedUpClient(h.t);
    const records = await ownedRecords(owner);
    for (const row of HTTP_ROWS) {
      const res = await owner.client.request(row.request(records));
      expect([row.route, res.statusCode, res.body]).toEqual([row.route, row.owner, res.body]);
    }
  });

  it("answers another user's socket messages with not_found and changes nothing", async () => {
    const owner = await signedUpClient(h.t);
    const stranger = await signedUpClient(h.t);
    const records = await ownedRecords(owner);
    const before = await snapshot(records);
    const tab: ChatSocket = await connectSocket(h, stranger.client.jar.get('access'));
    for (const [type, frameOf] of Object.entries(SOCKET_ROWS)) {
      if (type === 'chat.unsubscribe') continue;
      const frame = frameOf(records.conversation);
      tab.send(frame);
      const error = await tab.next('error', (f) => f.conversation_pk === records.conversation);
      expect([type, error.detail]).toEqual([type, 'not_found']);
    }
    tab.send({ type: 'ping', id: 'after' });
    await tab.next('pong');
    expect(tab.frames.some((f) => f.type === 'chat.delta' || f.type === 'chat.accepted')).toBe(
      false,
    );
    expect(await snapshot(records)).toEqual(before);
    tab.close();
  });
});

import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientMessage } from '@themis/shared';
import {
  attachments,
  conversations,
  invitations,
  memberships,
  messages,
  organizations,
  sessions,
} from '../src/db/schema';
import { publicRoutes } from '../src/modules/auth/public-routes';
import type { Client } from './accounts';
import { insertAttachment, insertConversation, insertMessages } from './conversations-fixtures';
import { createFileStorage } from '../src/platform/storage/create-storage';
import { chatHarnessForFile, connectSocket, OPENAI_MODEL, type ChatSocket } from './chat-harness';
import { signedUpClient, uniqueEmail } from './accounts';
import { multipartBody } from './multipart';
import { png } from './avatar-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';

/**
 * Who may do what to a record: for every route and socket message that names one, the
 * owner gets through and anyone else is refused as the row says (404, or the invitation's
 * own answers) with nothing changed. A new route with a path parameter fails the first test
 * until it has its row here. Organization roles get their own table as the management
 * calls arrive; until then organization-invitations.test.ts covers the roles.
 */

interface Records {
  conversation: string;
  answer: string;
  attachment: string;
  session: string;
  /** An organization the owner created, and the file id of its logo. */
  organization: string;
  logo: string;
  /** An open invitation of the owner's organization, to someone else. */
  sentInvitation: string;
  /** The membership of someone who joined the owner's organization. */
  membership: string;
  /** Open invitations of other organizations to the owner's address. */
  receivedInvitations: [string, string];
}

interface HttpRow {
  route: string;
  request(records: Records): InjectOptions & { url: string };
  /** The owner's status. */
  owner: number;
  /** What anyone else gets; 404 not_found unless said. */
  stranger?: { status: number; detail?: string };
}

const HTTP_ROWS: HttpRow[] = [
  {
    route: 'GET /api/conversation/get/:pk',
    request: (r) => ({ method: 'GET', url: `/api/conversation/get/${r.conversation}` }),
    owner: 200,
  },
  {
    route: 'GET /api/conversation/messages/:pk',
    request: (r) => ({ method: 'GET', url: `/api/conversation/messages/${r.conversation}` }),
    owner: 200,
  },
  {
    route: 'PUT /api/conversation/rename/:pk',
    request: (r) => ({
      method: 'PUT',
      url: `/api/conversation/rename/${r.conversation}`,
      payload: { name: 'Renamed' },
    }),
    owner: 200,
  },
  {
    route: 'POST /api/message/feedback/:message_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/message/feedback/${r.answer}`,
      payload: { value: 'good' },
    }),
    owner: 200,
  },
  {
    route: 'POST /api/conversation/attachment/upload/:conversation_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/attachment/upload/${r.conversation}`,
      ...multipartBody([{ name: 'file', data: Buffer.from('%PDF-1.4\n'), filename: 'a.pdf' }]),
    }),
    // The owner reaches the file check: this one is no real PDF.
    owner: 400,
  },
  {
    route: 'DELETE /api/conversation/attachment/delete/:pk',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/conversation/attachment/delete/${r.attachment}`,
    }),
    owner: 200,
  },
  {
    route: 'DELETE /api/conversation/delete/:pk',
    request: (r) => ({ method: 'DELETE', url: `/api/conversation/delete/${r.conversation}` }),
    owner: 200,
  },
  {
    route: 'GET /api/organization/logo/:fileId',
    request: (r) => ({ method: 'GET', url: `/api/organization/logo/${r.logo}` }),
    owner: 200,
  },
  {
    route: 'POST /api/organization/invitation/create/:organization_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/invitation/create/${r.organization}`,
      payload: { user_emails: [`matrix-${r.organization}@example.com`] },
    }),
    owner: 201,
  },
  {
    route: 'GET /api/organization/invitation/list/:organization_pk',
    request: (r) => ({ method: 'GET', url: `/api/organization/invitation/list/${r.organization}` }),
    owner: 200,
  },
  {
    route: 'POST /api/organization/invitation/resend-email/:invitation_type/:invitation_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/invitation/resend-email/EMAIL/${r.sentInvitation}`,
    }),
    owner: 200,
    stranger: { status: 404, detail: 'invitation_not_found' },
  },
  {
    route: 'DELETE /api/organization/invitation/delete/:invitation_type/:invitation_pk',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/organization/invitation/delete/EMAIL/${r.sentInvitation}`,
    }),
    owner: 200,
    stranger: { status: 404, detail: 'invitation_not_found' },
  },
  {
    route: 'PUT /api/organization/update/:organization_pk',
    request: (r) => ({
      method: 'PUT',
      url: `/api/organization/update/${r.organization}`,
      payload: { name: 'Renamed firm' },
    }),
    owner: 200,
  },
  // Without a code it only e-mails one to the owner.
  {
    route: 'DELETE /api/organization/delete/:organization_pk',
    request: (r) => ({ method: 'DELETE', url: `/api/organization/delete/${r.organization}` }),
    owner: 202,
  },
  {
    route: 'GET /api/organization/membership/list/:organization_pk',
    request: (r) => ({ method: 'GET', url: `/api/organization/membership/list/${r.organization}` }),
    owner: 200,
  },
  {
    route: 'GET /api/organization/membership/stats/:organization_pk',
    request: (r) => ({
      method: 'GET',
      url: `/api/organization/membership/stats/${r.organization}`,
    }),
    owner: 200,
  },
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    request: (r) => ({
      method: 'PUT',
      url: `/api/organization/membership/update/${r.membership}`,
      payload: { role: 'OBSERVER' },
    }),
    owner: 200,
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${r.membership}`,
    }),
    owner: 200,
  },
  // An invitation's link shows anyone signed in whether it is theirs (the mismatch state).
  {
    route: 'GET /api/organization/invitation/get/:invitation_type/:invitation_pk',
    request: (r) => ({
      method: 'GET',
      url: `/api/organization/invitation/get/EMAIL/${r.receivedInvitations[0]}`,
    }),
    owner: 200,
    stranger: { status: 200 },
  },
  {
    route: 'POST /api/organization/invitation/decline/:invitation_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/invitation/decline/${r.receivedInvitations[1]}`,
    }),
    owner: 200,
    stranger: { status: 403, detail: 'invitation_wrong_account' },
  },
  // After the conversation rows: accepting makes the other organization the owner's context.
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${r.receivedInvitations[0]}`,
    }),
    owner: 200,
    stranger: { status: 403, detail: 'invitation_wrong_account' },
  },
  // Last: for the owner it signs out the device the rows above were sent from.
  {
    route: 'DELETE /api/user/session/delete/:session_pk',
    request: (r) => ({ method: 'DELETE', url: `/api/user/session/delete/${r.session}` }),
    owner: 200,
  },
];

/** Routes whose parameter names no record of a user. */
const NOT_RECORDS = [
  'GET /api/auth/password-reset/verify/:token',
  'POST /api/auth/revoke/:provider',
  // Profile pictures are shown to whoever sees the person (co-workers, shared views).
  'GET /api/user/avatar/:fileId',
];

type RecordFrame = Exclude<ClientMessage, { type: 'ping' }>;
const SOCKET_ROWS: Record<RecordFrame['type'], (conversation: string) => RecordFrame> = {
  'chat.send': (pk) => ({
    type: 'chat.send',
    request_id: 'matrix-send',
    conversation_pk: pk,
    content: 'Hello',
    model_id: OPENAI_MODEL,
    attachment_pks: [],
    language: 'en',
  }),
  'chat.regenerate': (pk) => ({
    type: 'chat.regenerate',
    request_id: 'matrix-regenerate',
    conversation_pk: pk,
    model_id: OPENAI_MODEL,
    language: 'en',
  }),
  'chat.edit': (pk) => ({
    type: 'chat.edit',
    request_id: 'matrix-edit',
    conversation_pk: pk,
    content: 'Changed',
    model_id: OPENAI_MODEL,
    language: 'en',
  }),
  'chat.stop': (pk) => ({ type: 'chat.stop', conversation_pk: pk }),
  'chat.subscribe': (pk) => ({ type: 'chat.subscribe', conversation_pk: pk, from_offset: 0 }),
  // Only ever removes the tab's own subscription: nothing to refuse.
  'chat.unsubscribe': (pk) => ({ type: 'chat.unsubscribe', conversation_pk: pk }),
};

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

/** An invitation from `from`'s new organization (or `organization`) to `email`; its pk. */
async function invitation(from: Client, email: string, organization?: string): Promise<string> {
  const pk =
    organization ?? (await from.post('/api/organization/create', { name: 'Kancelaria' })).json().pk;
  const res = await from.post(`/api/organization/invitation/create/${pk}`, {
    user_emails: [email],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].pk;
}

async function ownedRecords(owner: {
  client: Client;
  email: string;
  user: { pk: string };
}): Promise<Records> {
  const t = h.t;
  const { organization, logo } = await organizationWithLogo(owner.client);
  const sentInvitation = await invitation(owner.client, uniqueEmail('invited'), organization);
  const joining = await signedUpClient(t);
  const joined = await joining.client.post(
    `/api/organization/invitation/accept/${await invitation(owner.client, joining.email, organization)}`,
  );
  expect(joined.statusCode, joined.body).toBe(200);
  const [membership] = await t.database.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.userId, joining.user.pk));
  const inviters = [(await signedUpClient(t)).client, (await signedUpClient(t)).client];
  const receivedInvitations: [string, string] = [
    await invitation(inviters[0]!, owner.email),
    await invitation(inviters[1]!, owner.email),
  ];
  const conversation = await insertConversation(t, owner.user.pk);
  const [question, answer] = await insertMessages(t, conversation, [
    { role: 'user', content: 'Question' },
    { role: 'assistant', content: 'Answer' },
  ]);
  const storage = createFileStorage(t.config);
  // Waiting to be sent: only such a file can be deleted.
  const attachment = await insertAttachment(t, storage, question!);
  await t.database.db
    .update(attachments)
    .set({ messageId: null })
    .where(eq(attachments.id, attachment.id));
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
    membership: membership!.id,
    receivedInvitations,
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
  };
}

describe('authorization matrix', () => {
  it('has a row for every route that names a record', () => {
    const withParameter = h.t.app.apiRoutes.filter(
      (route) => route.includes('/:') && !publicRoutes().includes(route),
    );
    const covered = [...HTTP_ROWS.map((row) => row.route), ...NOT_RECORDS];
    expect(withParameter.filter((route) => !covered.includes(route))).toEqual([]);
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

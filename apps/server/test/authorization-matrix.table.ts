import type { InjectOptions } from 'fastify';
import type { ClientMessage } from '@themis/shared';
import { OPENAI_MODEL } from './chat-harness';
import { billingRows } from './authorization-matrix.billing';
import { multipartBody } from './multipart';

// The rows of the authorization matrix (authorization-matrix.test.ts): every route and
// socket message that names a record, and the records they name.

export interface Records {
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
  /** Two shared links of the owner's (the first shares `conversation`), and the first's secret. */
  sharedLinks: [string, string];
  shareSecret: string;
  /**
   * Billing: an unused card of the owner's own account, their first payment waiting for the
   * bank's step, a receipt of the organization's Business plan, and the Team plan.
   */
  billing: {
    card: string;
    organizationCard: string;
    payment: string;
    receipt: string;
    teamPlan: string;
  };
}

export interface HttpRow {
  route: string;
  request(records: Records): InjectOptions & { url: string };
  /** The owner's status. */
  owner: number;
  /** What anyone else gets; 404 not_found unless said. */
  stranger?: { status: number; detail?: string };
}

export const HTTP_ROWS: HttpRow[] = [
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
    route: 'POST /api/conversation/switch-version/:pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/switch-version/${r.conversation}`,
      payload: { message_pk: r.answer, version: 1 },
    }),
    owner: 200,
  },
  {
    route: 'GET /api/conversation/export/:pk',
    request: (r) => ({
      method: 'GET',
      url: `/api/conversation/export/${r.conversation}?format=md`,
    }),
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
    route: 'POST /api/conversation/share/create/:pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/share/create/${r.conversation}`,
      payload: {},
    }),
    // Shared already: the link is updated.
    owner: 200,
  },
  // A link is for others to open: whoever signed in and holds its secret may.
  {
    route: 'GET /api/conversation/share/verify/:secret',
    request: (r) => ({ method: 'GET', url: `/api/conversation/share/verify/${r.shareSecret}` }),
    owner: 200,
    stranger: { status: 200 },
  },
  {
    route: 'GET /api/conversation/share/list-messages/:secret',
    request: (r) => ({
      method: 'GET',
      url: `/api/conversation/share/list-messages/${r.shareSecret}`,
    }),
    owner: 200,
    stranger: { status: 200 },
  },
  {
    route: 'GET /api/conversation/share/export/:secret',
    request: (r) => ({
      method: 'GET',
      url: `/api/conversation/share/export/${r.shareSecret}?format=md`,
    }),
    owner: 200,
    stranger: { status: 200 },
  },
  {
    route: 'POST /api/conversation/share/continue/:secret',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/share/continue/${r.shareSecret}`,
      payload: {},
    }),
    owner: 201,
    stranger: { status: 201 },
  },
  {
    route: 'POST /api/conversation/share/disable/:conversationShareId',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/share/disable/${r.sharedLinks[1]}`,
      payload: {},
    }),
    owner: 200,
  },
  {
    route: 'POST /api/conversation/share/enable/:conversationShareId',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/share/enable/${r.sharedLinks[1]}`,
      payload: {},
    }),
    // Disabled by the row above, and opened again.
    owner: 200,
  },
  {
    route: 'DELETE /api/conversation/share/delete/:conversationShareId',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/conversation/share/delete/${r.sharedLinks[0]}`,
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
    route: 'GET /api/user/encrypted-conversations/count',
    request: (r) => ({
      method: 'GET',
      url: `/api/user/encrypted-conversations/count?scope=organization&organization_pk=${r.organization}`,
    }),
    owner: 200,
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
  {
    route: 'GET /api/organization/model-choices/:organization_pk',
    request: (r) => ({ method: 'GET', url: `/api/organization/model-choices/${r.organization}` }),
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
  {
    route: 'POST /api/organization/force-encryption/:organization_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/force-encryption/${r.organization}`,
      payload: {},
    }),
    owner: 200,
  },
  {
    route: 'POST /api/organization/voluntary-encryption/:organization_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/voluntary-encryption/${r.organization}`,
      payload: {},
    }),
    owner: 200,
  },
  // A membership's encryption is its member's own switch: not even the owner may turn it.
  {
    route: 'POST /api/organization/membership/enable-encryption/:membership_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/membership/enable-encryption/${r.membership}`,
      payload: {},
    }),
    owner: 404,
  },
  {
    route: 'POST /api/organization/membership/disable-encryption/:membership_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/organization/membership/disable-encryption/${r.membership}`,
      payload: { encrypted_conversations_action: 'DELETE' },
    }),
    owner: 404,
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
  ...billingRows(),
  // Last: for the owner it signs out the device the rows above were sent from.
  {
    route: 'DELETE /api/user/session/delete/:session_pk',
    request: (r) => ({ method: 'DELETE', url: `/api/user/session/delete/${r.session}` }),
    owner: 200,
  },
];

/** Routes whose parameter names no record of a user. */
export const NOT_RECORDS = [
  'GET /api/auth/password-reset/verify/:token',
  'POST /api/auth/revoke/:provider',
  // Profile pictures are shown to whoever sees the person (co-workers, shared views).
  'GET /api/user/avatar/:fileId',
];

type RecordFrame = Exclude<ClientMessage, { type: 'ping' }>;
export const SOCKET_ROWS: Record<RecordFrame['type'], (conversation: string) => RecordFrame> = {
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

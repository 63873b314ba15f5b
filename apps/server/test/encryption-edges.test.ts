import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, jobs } from '../src/db/schema';
import { chatHarnessForFile, connectSocket, messageRowsOf, sendFrame } from './chat-harness';
import { encryptionHelpers } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';
import { firm, myMembership } from './organization-fixtures';

// The edges of encryption: what a forced organization refuses in plain, a key removed with
// conversations left in an organization, a sync job that failed for good, a value that does
// not open, and an organization made voluntary that never forced.

// Jobs run only when a test asks: a background poll could finish a switch's job before its
// answer reports what is pending.
const h = chatHarnessForFile({}, { startWorker: false });
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Answered.'] }));
});

describe('encryption at its edges', () => {
  it('takes no new question in plain into an old conversation once the organization forces it', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    const pk = await e.conversationWith(member.client, 'PLAIN-BEFORE');
    await owner.client.post(`/api/organization/force-encryption/${organizationId}`);
    const tab = await connectSocket(h, member.client.jar.get('access'));
    const frame = sendFrame(pk, { content: 'A new secret question' });
    tab.send(frame);
    const refused = await tab.next('error', (f) => f.request_id === frame.request_id);
    expect(refused.detail).toBe('encryption_key_missing');
    tab.close();
    expect(await messageRowsOf(h.t, pk)).toHaveLength(2);

    // With a PIN, the job seals it first; the question then goes in sealed.
    await e.setPin(member.client);
    await e.runJobs();
    const done = await e.ask(member.client, pk, 'A new secret question');
    expect(done.message.content).toBe('Answered.');
    expect((await e.sealedState(pk)).parts.every(Boolean)).toBe(true);
  });

  it('removes the key only with every encrypted conversation, in organizations left too', async () => {
    const { organizationId, member } = await firm(h.t, ['MEMBER']);
    await e.setPin(member.client);
    const own = await myMembership(member.client, organizationId);
    await member.client.post(`/api/organization/membership/enable-encryption/${own.pk}`);
    const pk = await e.conversationWith(member.client, 'LEFT-BEHIND');
    expect((await e.sealedState(pk)).conversation).toBe(true);
    const left = await member.client.delete(`/api/organization/membership/delete/${own.pk}`);
    expect(left.statusCode, left.body).toBe(200);

    const removed = await member.client.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DECRYPT',
    );
    expect(removed.json().conversations_pending).toMatchObject({ to_decrypt: 1 });
    await e.runJobs();
    expect(await e.sealedState(pk)).toEqual({ conversation: false, parts: [false, false, false] });
    expect(await e.keyRowOf(member.user.pk)).toBeUndefined();
  });

  it('queues a new sync after one that failed for good', async () => {
    const { client } = await e.proUser();
    const pk = await e.conversationWith(client, 'AFTER-FAILURE');
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    await h.t.database.db
      .update(jobs)
      .set({ failedAt: new Date() })
      .where(and(eq(jobs.type, 'encryption.sync')));
    await client.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DECRYPT',
    });
    await client.post('/api/user/enable-encryption', {});
    await e.runJobs();
    expect((await e.sealedState(pk)).conversation).toBe(true);
  });

  it('shows a conversation whose name does not open as locked instead of failing', async () => {
    const { client } = await e.proUser();
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    const first = await e.conversationWith(client, 'BROKEN-1');
    const second = await e.conversationWith(client, 'BROKEN-2');
    const [sealed] = await h.t.database.db
      .select({ name: conversations.name })
      .from(conversations)
      .where(eq(conversations.id, first));
    // A value moved from another row does not open here.
    await h.t.database.db
      .update(conversations)
      .set({ name: sealed!.name })
      .where(eq(conversations.id, second));
    const list = await client.get('/api/conversation/list');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((c: { pk: string }) => c.pk === second)).toMatchObject({
      name: '',
      is_locked: true,
    });
    // Its messages still open: they are its own.
    const page = await client.get(`/api/conversation/messages/${second}`);
    expect(page.statusCode).toBe(200);
  });

  it('changes nothing when an organization that never forced is made voluntary', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    const voluntary = await owner.client.post(
      `/api/organization/voluntary-encryption/${organizationId}`,
    );
    expect(voluntary.statusCode).toBe(200);
    expect((await myMembership(member.client, organizationId)).is_encryption_enabled).toBe(false);
    const created = await member.client.post('/api/conversation/create', {});
    expect(created.json().is_encrypted).toBe(false);
  });
});

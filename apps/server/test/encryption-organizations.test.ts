import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../src/db/schema';
import { signedUpClient } from './accounts';
import { chatHarnessForFile } from './chat-harness';
import { encryptionHelpers } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';
import { firm, join, myMembership } from './organization-fixtures';

// Encryption in an organization: a member's own switch for their conversations there, and
// owners or admins requiring it of everyone.

// Jobs run only when a test runs them, so it can see a conversion while it is under way.
const h = chatHarnessForFile({}, { startWorker: false });
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Answered.'] }));
});

describe('a membership’s encryption', () => {
  it('is switched by the member, on with a credential, off with DECRYPT or DELETE', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    const own = await myMembership(member.client, organizationId);
    const noKey = await member.client.post(
      `/api/organization/membership/enable-encryption/${own.pk}`,
    );
    expect([noKey.statusCode, noKey.json().detail]).toEqual([400, 'encryption_key_missing']);

    const pk = await e.conversationWith(member.client, 'MEMBER-MARK');
    await e.setPin(member.client);
    const enabled = await member.client.post(
      `/api/organization/membership/enable-encryption/${own.pk}`,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ pk: own.pk, is_encryption_enabled: true });
    await e.runJobs();
    expect(await e.sealedState(pk)).toEqual({ conversation: true, parts: [true, true, true] });
    expect(await e.storedText(pk)).not.toContain('MEMBER-MARK');
    // The owner's conversations in the same organization are theirs to decide.
    const ownersNew = (await owner.client.post('/api/conversation/create', {})).json();
    expect(ownersNew.is_encrypted).toBe(false);

    const disabled = await member.client.post(
      `/api/organization/membership/disable-encryption/${own.pk}`,
      { encrypted_conversations_action: 'DECRYPT' },
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().is_encryption_enabled).toBe(false);
    await e.runJobs();
    expect(await e.sealedState(pk)).toEqual({
      conversation: false,
      parts: [false, false, false],
    });
    expect(await e.storedText(pk)).toContain('Question MEMBER-MARK');
  });
});

describe('an organization requiring encryption', () => {
  it('makes a member without a credential set one before chatting, then seals what they had', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    const before = await e.conversationWith(member.client, 'FORCED-MARK');

    const member2 = await signedUpClient(h.t);
    const personal = await e.conversationWith(member2.client, 'PERSONAL-MARK');
    await join(owner.client, organizationId, member2, 'MEMBER');

    const forced = await owner.client.post(`/api/organization/force-encryption/${organizationId}`);
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().is_encryption_forced).toBe(true);
    expect(await myMembership(member.client, organizationId)).toMatchObject({
      is_encryption_enabled: true,
      is_encryption_forced: true,
    });
    // Without a credential the member cannot chat there, and is told why.
    const refused = await member.client.post('/api/conversation/create', {});
    expect([refused.statusCode, refused.json().detail]).toEqual([400, 'encryption_key_missing']);
    await e.runJobs();
    expect((await e.sealedState(before)).conversation).toBe(false);

    await e.setPin(member.client);
    await e.runJobs();
    expect(await e.sealedState(before)).toEqual({
      conversation: true,
      parts: [true, true, true],
    });
    const created = await member.client.post('/api/conversation/create', {});
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().is_encrypted).toBe(true);

    // Forcing reaches only the organization's conversations, not a member's own.
    await e.setPin(member2.client);
    await e.runJobs();
    expect((await e.sealedState(personal)).conversation).toBe(false);

    // Members cannot turn it off while it is required.
    const own = await myMembership(member.client, organizationId);
    const off = await member.client.post(
      `/api/organization/membership/disable-encryption/${own.pk}`,
      {
        encrypted_conversations_action: 'DECRYPT',
      },
    );
    expect([off.statusCode, off.json().detail]).toEqual([403, 'encryption_forced']);
  });

  it('once voluntary, leaves encryption on until each member turns it off', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    await e.setPin(member.client);
    await owner.client.post(`/api/organization/force-encryption/${organizationId}`);
    const pk = await e.conversationWith(member.client, 'VOLUNTARY-MARK');
    expect((await e.sealedState(pk)).conversation).toBe(true);

    const voluntary = await owner.client.post(
      `/api/organization/voluntary-encryption/${organizationId}`,
    );
    expect(voluntary.json().is_encryption_forced).toBe(false);
    await e.runJobs();
    expect((await e.sealedState(pk)).conversation).toBe(true);
    const own = await myMembership(member.client, organizationId);
    expect(own.is_encryption_enabled).toBe(true);
    const off = await member.client.post(
      `/api/organization/membership/disable-encryption/${own.pk}`,
      { encrypted_conversations_action: 'DELETE' },
    );
    expect(off.statusCode, off.body).toBe(200);
    await e.runJobs();
    expect((await member.client.get(`/api/conversation/get/${pk}`)).statusCode).toBe(404);
  });

  it('is the same switch in the organization’s settings form', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    const updated = await owner.client.put(`/api/organization/update/${organizationId}`, {
      is_encryption_forced: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await myMembership(member.client, organizationId)).is_encryption_enabled).toBe(true);
    const refused = await member.client.post('/api/conversation/create', {});
    expect(refused.json().detail).toBe('encryption_key_missing');
  });

  it('keeps asking for a credential after a member removed theirs', async () => {
    const { owner, organizationId, member } = await firm(h.t, ['MEMBER']);
    await e.setPin(member.client);
    await owner.client.post(`/api/organization/force-encryption/${organizationId}`);
    const pk = await e.conversationWith(member.client, 'REMOVED-MARK');
    await e.runJobs();
    expect((await e.sealedState(pk)).conversation).toBe(true);
    // The organization's conversations may go with the credential, not be opened by it.
    const decrypting = await member.client.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DECRYPT',
    );
    expect([decrypting.statusCode, decrypting.json().detail]).toEqual([403, 'encryption_forced']);
    await e.runJobs();
    expect((await e.sealedState(pk)).conversation).toBe(true);
    const removed = await member.client.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DELETE',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const during = await member.client.post('/api/conversation/create', {});
    expect([during.statusCode, during.json().detail]).toEqual([409, 'encryption_in_progress']);
    await e.runJobs();
    const [left] = await h.t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, pk));
    expect(left).toBeUndefined();
    expect((await myMembership(member.client, organizationId)).is_encryption_enabled).toBe(true);
    const after = await member.client.post('/api/conversation/create', {});
    expect(after.json().detail).toBe('encryption_key_missing');
  });
});

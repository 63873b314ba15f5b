import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPage, MessagePage } from '@themis/shared';
import { jobs } from '../src/db/schema';
import { Client, loginWithCode, signedUpClient } from './accounts';
import { chatHarnessForFile, connectSocket, sendFrame } from './chat-harness';
import { encryptionHelpers, PIN } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';

// Turning encryption on and off for the own context, and removing the credential: the
// calls, their refusals, and the background job that seals, opens or deletes what exists.

// Jobs run only when a test asks: a background poll could finish a switch's job before its
// answer reports what is pending.
const h = chatHarnessForFile({}, { startWorker: false });
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, { deltas: ['The answer ', 'holds ANSWER-MARK.'] }),
  );
});

describe('enabling encryption', () => {
  it('needs a plan with the encryption option, then a credential', async () => {
    const { client, email } = await signedUpClient(h.t);
    const free = await client.post('/api/user/enable-encryption', {});
    expect([free.statusCode, free.json().detail]).toEqual([400, 'not_encrypted_user_product']);

    const { client: pro } = await e.proUser();
    const noKey = await pro.post('/api/user/enable-encryption', {});
    expect([noKey.statusCode, noKey.json().detail]).toEqual([400, 'encryption_key_missing']);
    expect((await e.status(pro)).is_encryption_enabled).toBe(false);
    expect(email).toContain('@');
  });

  it('refuses a session that has not unlocked the key', async () => {
    const { client, email } = await e.proUser();
    await e.setPin(client);
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    const refused = await other.post('/api/user/enable-encryption', {});
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'decryption_locked']);
  });

  it('seals the existing conversations in a background job whose progress the status shows', async () => {
    const { client, user } = await e.proUser();
    const first = await e.conversationWith(client, 'OLD-MARK-1');
    const second = await e.conversationWith(client, 'OLD-MARK-2');
    await e.setPin(client);
    const enabled = await client.post('/api/user/enable-encryption', {});
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({
      is_encryption_enabled: true,
      conversations_pending: { to_encrypt: 2, to_decrypt: 0, to_delete: 0 },
    });
    const filesBefore = await e.files.storedFiles(user.pk);

    await e.runJobs();
    expect((await e.status(client)).conversations_pending).toBeNull();
    for (const [pk, mark] of [
      [first, 'OLD-MARK-1'],
      [second, 'OLD-MARK-2'],
    ] as const) {
      expect(await e.sealedState(pk)).toEqual({
        conversation: true,
        parts: [true, true, true],
      });
      const stored = await e.storedText(pk);
      expect(stored).not.toContain(mark);
      expect(stored).not.toContain('ANSWER-MARK');
      expect(stored).toContain('THEMISENC1');
    }
    // The plain files were replaced, and the old ones removed by their own jobs.
    const filesAfter = await e.files.storedFiles(user.pk);
    expect(filesAfter).toHaveLength(2);
    expect(filesAfter.filter((path) => filesBefore.includes(path))).toEqual([]);

    // Read back whole in the unlocked session; search no longer finds them.
    const page = (await client.get(`/api/conversation/messages/${first}`)).json() as MessagePage;
    expect(page.items.map((m) => m.content)).toEqual([
      'Question OLD-MARK-1',
      'The answer holds ANSWER-MARK.',
    ]);
    expect(page.items[1]?.feedback?.comment).toBe('Comment OLD-MARK-1');
    const list = (await client.get('/api/conversation/list')).json() as ConversationPage;
    expect(list.items.find((c) => c.pk === first)).toMatchObject({
      name: 'Name OLD-MARK-1',
      is_encrypted: true,
      is_locked: false,
    });
    const found = (await client.get('/api/conversation/search?q=OLD-MARK-1')).body;
    expect(found).not.toContain(first);
    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send(sendFrame(first, { content: 'And now?' }));
    const done = await tab.next('chat.done', (f) => f.conversation_pk === first);
    expect(done.message.content).toBe('The answer holds ANSWER-MARK.');
    tab.close();
  });

  it('is not lost when a sync running from the PIN ends just after the switch', async () => {
    const { client, user } = await e.proUser();
    const pk = await e.conversationWith(client, 'RACE-MARK');
    await e.setPin(client);
    // The PIN's sync is being run by a worker, from a state read before the switch.
    const ofUser = and(
      eq(jobs.type, 'encryption.sync'),
      sql`${jobs.payload} ->> 'userId' = ${user.pk}`,
    );
    const db = h.t.database.db;
    const [running] = await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + interval '5 minutes'` })
      .where(ofUser)
      .returning({ id: jobs.id });
    expect(running).toBeDefined();
    expect((await client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    // It ends as it would have, with nothing to do: the switch's own sync comes after it.
    await db.delete(jobs).where(eq(jobs.id, running!.id));
    await e.runJobs();
    expect((await e.status(client)).conversations_pending).toBeNull();
    expect((await e.sealedState(pk)).conversation).toBe(true);
  });

  it('waits for an unlocked session when none holds the key, and goes on at the next unlock', async () => {
    const { client, email } = await e.proUser();
    const pk = await e.conversationWith(client, 'WAIT-MARK');
    await e.setPin(client);
    expect((await client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    expect((await client.post('/api/auth/logout', {})).statusCode).toBeLessThan(300);

    await e.runJobs();
    expect((await e.sealedState(pk)).conversation).toBe(false);
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    expect((await e.status(other)).conversations_pending).toMatchObject({ to_encrypt: 1 });
    const list = (await other.get('/api/conversation/list')).json() as ConversationPage;
    expect(list.items.find((c) => c.pk === pk)?.is_locked).toBe(false);

    const unlocked = await other.post('/api/user/unlock-decryption', { encryption_key: PIN });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    await e.runJobs();
    expect(await e.sealedState(pk)).toEqual({ conversation: true, parts: [true, true, true] });
    expect((await e.status(other)).conversations_pending).toBeNull();
  });
});

describe('disabling encryption', () => {
  async function encryptedWithConversation(mark: string) {
    const account = await e.proUser();
    await e.setPin(account.client);
    expect((await account.client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    const pk = await e.conversationWith(account.client, mark);
    expect((await e.sealedState(pk)).conversation).toBe(true);
    return { ...account, pk };
  }

  it('with DECRYPT needs the key unlocked, then stores everything plain again', async () => {
    const { client, email, pk } = await encryptedWithConversation('DECRYPT-MARK');
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    const locked = await other.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DECRYPT',
    });
    expect([locked.statusCode, locked.json().detail]).toEqual([403, 'decryption_locked']);

    const disabled = await client.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DECRYPT',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      is_encryption_enabled: false,
      conversations_pending: { to_decrypt: 1 },
    });
    await e.runJobs();
    expect(await e.sealedState(pk)).toEqual({ conversation: false, parts: [false, false, false] });
    const stored = await e.storedText(pk);
    for (const part of ['Name DECRYPT-MARK', 'Question DECRYPT-MARK', 'Comment DECRYPT-MARK']) {
      expect(stored).toContain(part);
    }
    expect(stored).toContain('CLAUSE DECRYPT-MARK');
    expect(stored).not.toContain('THEMISENC1');
    // Plain again: searchable, and readable by a locked session.
    expect((await other.get('/api/conversation/search?q=DECRYPT-MARK')).body).toContain(pk);
    const page = (await other.get(`/api/conversation/messages/${pk}`)).json() as MessagePage;
    expect(page.items[0]?.content).toBe('Question DECRYPT-MARK');
    // New conversations are plain; the key stays for the next time.
    const created = await other.post('/api/conversation/create', {});
    expect(created.json().is_encrypted).toBe(false);
    expect((await e.status(other)).is_encryption_key_set).toBe(true);
  });

  it('with DELETE removes the encrypted conversations and their files, without an unlock', async () => {
    const { client, email, user, pk } = await encryptedWithConversation('DELETE-MARK');
    // What the confirmation says will go: the own profile's, here every one of them.
    const count = async (query: string) => {
      const res = await client.get(`/api/user/encrypted-conversations/count?${query}`);
      return [res.statusCode, res.json()];
    };
    expect(await count('scope=individual')).toEqual([200, { count: 1 }]);
    expect(await count('scope=all')).toEqual([200, { count: 1 }]);
    expect(await count(`scope=organization&organization_pk=${crypto.randomUUID()}`)).toEqual([
      404,
      { detail: 'not_found' },
    ]);
    expect((await count('scope=organization'))[0]).toBe(400);
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    const disabled = await other.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DELETE',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().conversations_pending).toMatchObject({ to_delete: 1 });
    await e.runJobs();
    expect((await client.get(`/api/conversation/get/${pk}`)).statusCode).toBe(404);
    expect(await e.files.storedFiles(user.pk)).toEqual([]);
    expect((await e.status(client)).conversations_pending).toBeNull();
    expect(await count('scope=individual')).toEqual([200, { count: 0 }]);
  });
});

describe('removing the credential', () => {
  it('with DECRYPT opens every encrypted conversation, then forgets the key', async () => {
    const { client, user } = await e.proUser();
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    const pk = await e.conversationWith(client, 'REMOVE-MARK');

    const removed = await client.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DECRYPT',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      is_encryption_enabled: false,
      is_encryption_key_set: false,
      conversations_pending: { to_decrypt: 1 },
    });
    // Until the job ends, no new credential and no new encrypted conversation.
    const early = await client.post('/api/user/create-encryption-secrets', {
      encryption_key_type: 'PIN',
      encryption_key: '111111',
    });
    expect([early.statusCode, early.json().detail]).toEqual([409, 'encryption_in_progress']);
    expect((await e.keyRowOf(user.pk))?.removal).toBe('DECRYPT');

    await e.runJobs();
    expect(await e.keyRowOf(user.pk)).toBeUndefined();
    expect((await e.sealedState(pk)).conversation).toBe(false);
    expect(await e.status(client)).toMatchObject({
      is_encryption_key_set: false,
      is_decryption_unlocked: false,
      conversations_pending: null,
    });
    // A new credential makes a new key, and the session holds only that one.
    await e.setPin(client, '222222');
    expect((await e.status(client)).is_decryption_unlocked).toBe(true);
  });

  it('with DELETE works for a forgotten PIN: no unlock is needed', async () => {
    const { client, email, user } = await e.proUser();
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    const pk = await e.conversationWith(client, 'FORGOT-MARK');
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    const wrong = await other.post('/api/user/unlock-decryption', { encryption_key: '000000' });
    expect(wrong.json().detail).toBe('incorrect_decryption_password');

    const removed = await other.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DELETE',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await other.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DELETE',
    );
    expect([again.statusCode, again.json().detail]).toEqual([409, 'encryption_in_progress']);
    await e.runJobs();
    expect((await other.get(`/api/conversation/get/${pk}`)).statusCode).toBe(404);
    expect(await e.keyRowOf(user.pk)).toBeUndefined();
    // The first session's unlocked key went with it.
    expect((await e.status(client)).is_decryption_unlocked).toBe(false);
  });

  it('refuses DECRYPT from a locked session and a removal with no credential', async () => {
    const { client, email } = await e.proUser();
    const none = await client.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DELETE',
    );
    expect([none.statusCode, none.json().detail]).toEqual([400, 'encryption_key_missing']);
    await e.setPin(client);
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    const locked = await other.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=DECRYPT',
    );
    expect([locked.statusCode, locked.json().detail]).toEqual([403, 'decryption_locked']);
    const bad = await other.delete(
      '/api/user/delete-encryption-secrets?encrypted_conversations_action=KEEP',
    );
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'validation_error']);
  });
});

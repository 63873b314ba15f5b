import { beforeAll, describe, expect, it } from 'vitest';
import { Client, loginWithCode } from './accounts';
import { chatHarnessForFile } from './chat-harness';
import { encryptionHelpers, PIN } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';

// Locking a session again: it forgets its unlocked data key, the other sessions keep theirs.

const h = chatHarnessForFile({}, { startWorker: false });
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['An answer.'] }));
});

async function encryptedConversation() {
  const account = await e.proUser();
  await e.setPin(account.client);
  const enabled = await account.client.post('/api/user/enable-encryption', {});
  expect(enabled.statusCode, enabled.body).toBe(200);
  const pk = await e.conversationWith(account.client, 'LOCK-MARK');
  return { ...account, pk };
}

const conversation = async (client: Client, pk: string) =>
  (await client.get(`/api/conversation/get/${pk}`)).json() as {
    name: string;
    is_encrypted: boolean;
    is_locked: boolean;
  };

describe('locking the session', () => {
  it('locks its encrypted conversations until it unlocks again', async () => {
    const { client, pk } = await encryptedConversation();
    expect(await conversation(client, pk)).toMatchObject({
      name: 'Name LOCK-MARK',
      is_encrypted: true,
      is_locked: false,
    });

    const locked = await client.post('/api/user/lock-decryption');
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({
      is_encryption_key_set: true,
      is_decryption_unlocked: false,
    });
    expect((await e.status(client)).is_decryption_unlocked).toBe(false);
    expect(await conversation(client, pk)).toMatchObject({ name: '', is_locked: true });
    const messages = await client.get(`/api/conversation/messages/${pk}`);
    expect([messages.statusCode, messages.json().detail]).toEqual([403, 'decryption_locked']);

    const unlocked = await client.post('/api/user/unlock-decryption', { encryption_key: PIN });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await conversation(client, pk)).toMatchObject({ name: 'Name LOCK-MARK' });
  });

  it('leaves the other sessions of the user unlocked', async () => {
    const { client, email, pk } = await encryptedConversation();
    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    expect(
      (await other.post('/api/user/unlock-decryption', { encryption_key: PIN })).statusCode,
    ).toBe(200);

    expect((await client.post('/api/user/lock-decryption')).statusCode).toBe(200);

    expect((await e.status(other)).is_decryption_unlocked).toBe(true);
    expect(await conversation(other, pk)).toMatchObject({ is_locked: false });
  });

  it('answers a session without a credential with its plain status', async () => {
    const { client } = await e.proUser();
    const res = await client.post('/api/user/lock-decryption');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      is_encryption_key_set: false,
      is_decryption_unlocked: false,
    });
  });
});

import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatHarnessForFile } from './chat-harness';
import { encryptionHelpers, PIN } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';

// An encrypted conversation leaves as a file only from a session that has it unlocked, and
// the file is made in memory: nothing of it is written where the server keeps files.

const h = chatHarnessForFile({}, { startWorker: false });
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, { deltas: ['Zgodnie z art. 415 k.c. odpowiada sprawca.'] }),
  );
});

/** Every path under the data folder, to see that an export adds none. */
async function dataFiles(): Promise<string[]> {
  const entries = await readdir(h.t.dataDir, { recursive: true });
  return entries.filter((path) => !path.startsWith('pglite')).sort();
}

describe('exporting an encrypted conversation', () => {
  it('refuses a locked session, and unlocked writes the readable file in memory only', async () => {
    const { client } = await e.proUser();
    await e.setPin(client);
    expect((await client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    const pk = await e.conversationWith(client, 'SEALED-MARK');
    expect((await e.sealedState(pk)).parts.every(Boolean)).toBe(true);

    expect((await client.post('/api/user/lock-decryption')).statusCode).toBe(200);
    const locked = await client.get(`/api/conversation/export/${pk}?format=docx`);
    expect([locked.statusCode, locked.json().detail]).toEqual([403, 'decryption_locked']);

    const unlocked = await client.post('/api/user/unlock-decryption', {
      encryption_key_type: 'PIN',
      encryption_key: PIN,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const before = await dataFiles();
    for (const format of ['md', 'docx', 'pdf']) {
      const res = await client.get(`/api/conversation/export/${pk}?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      if (format === 'md') {
        expect(res.body).toContain('# Name SEALED-MARK');
        expect(res.body).toContain('Question SEALED-MARK');
        expect(res.body).toContain('Attachments: Lease SEALED-MARK.pdf');
        expect(res.body).toContain('Zgodnie z art. 415 k.c. odpowiada sprawca.');
      }
    }
    expect(await dataFiles()).toEqual(before);
    // And at rest it stays sealed.
    expect(await e.storedText(pk)).not.toContain('Question SEALED-MARK');
  });
});

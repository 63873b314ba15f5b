import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments, jobs, messages } from '../src/db/schema';
import { MIGRATIONS_DIR } from '../src/paths';
import { anotherInstance } from './app';
import {
  chatHarnessForFile,
  connectSocket,
  insertStreamingAnswer,
  sendFrame,
} from './chat-harness';
import { encryptionHelpers, PIN } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';

// The encryption sync job is durable: it survives a restart, waits for answers being
// written, and leaves every conversation whole when questions race it.

// Jobs run only when a test asks: the first instance still holds the unlocked key, and its
// background worker would otherwise race a "restarted" instance that has forgotten it.
const h = chatHarnessForFile({}, { startWorker: false });
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Answered.'] }));
});

/** A migration's statements after its first (its schema change), run again on today's rows. */
async function runLaterStatements(migration: string) {
  const text = await readFile(join(MIGRATIONS_DIR, migration), 'utf8');
  for (const statement of text.split('--> statement-breakpoint').slice(1)) {
    await h.t.database.db.execute(sql.raw(statement));
  }
}

/** Time passing for jobs that wait: every waiting sync job becomes due. */
const makeWaitingJobsDue = () =>
  h.t.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.type, 'encryption.sync'));

async function encryptedAccount(mark: string) {
  const account = await e.proUser();
  await e.setPin(account.client);
  expect((await account.client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
  const pk = await e.conversationWith(account.client, mark);
  return { ...account, pk };
}

describe('the encryption sync job', () => {
  it('deletes after a restart what was asked before it', async () => {
    const { client, pk } = await encryptedAccount('RESTART-DELETE');
    await client.post('/api/user/disable-encryption', { encrypted_conversations_action: 'DELETE' });
    const restarted = await anotherInstance(h.t, h.env);
    try {
      await restarted.ready();
      await restarted.jobs.runDueJobs();
      const gone = await client.onInstance(restarted).get(`/api/conversation/get/${pk}`);
      expect(gone.statusCode).toBe(404);
    } finally {
      await restarted.close();
    }
  });

  it('decrypts after a restart once the user unlocks again', async () => {
    const { client, pk } = await encryptedAccount('RESTART-DECRYPT');
    const disabled = await client.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DECRYPT',
    });
    expect(disabled.statusCode).toBe(200);
    // A restart with memory-held keys forgets every unlock: the job must wait for one.
    const restarted = await anotherInstance(h.t, h.env);
    try {
      await restarted.ready();
      const device = client.onInstance(restarted);
      await restarted.jobs.runDueJobs();
      expect((await e.sealedState(pk)).conversation).toBe(true);
      const status = (await device.get('/api/user/get')).json().encryption;
      expect(status).toMatchObject({
        is_decryption_unlocked: false,
        conversations_pending: { to_decrypt: 1 },
      });
      expect(
        (await device.post('/api/user/unlock-decryption', { encryption_key: PIN })).statusCode,
      ).toBe(200);
      await restarted.jobs.runDueJobs();
      expect(await e.sealedState(pk)).toEqual({
        conversation: false,
        parts: [false, false, false],
      });
    } finally {
      await restarted.close();
    }
  });

  it('leaves a conversation whose answer is being written until it is finished', async () => {
    const { client, user } = await e.proUser();
    const pk = await e.conversationWith(client, 'BUSY-MARK');
    const streaming = await insertStreamingAnswer(h.t, {
      conversationPk: pk,
      userId: user.pk,
      secondsAgo: 0,
    });
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    await e.runJobs();
    expect((await e.sealedState(pk)).conversation).toBe(false);
    expect((await e.status(client)).conversations_pending).toMatchObject({ to_encrypt: 1 });

    await h.t.database.db
      .update(messages)
      .set({ status: 'complete' })
      .where(eq(messages.id, streaming));
    await makeWaitingJobsDue();
    await e.runJobs();
    expect((await e.sealedState(pk)).parts.every(Boolean)).toBe(true);
    expect((await e.status(client)).conversations_pending).toBeNull();
  });

  it('reports a running job as pending while it has nothing left to count', async () => {
    const { client, pk } = await encryptedAccount('RUNNING-MARK');
    await e.runJobs();
    await client.post('/api/user/disable-encryption', { encrypted_conversations_action: 'DELETE' });
    const leaseJobs = (lockedUntil: ReturnType<typeof sql>) =>
      h.t.database.db.update(jobs).set({ lockedUntil }).where(eq(jobs.type, 'encryption.sync'));
    // A worker holds the job and has deleted the conversation, but has not finished: the page
    // must keep asking, or it would never learn that the conversation is gone.
    await leaseJobs(sql`now() + interval '1 minute'`);
    await h.t.database.db.execute(sql`delete from conversations where id = ${pk}`);
    expect((await e.status(client)).conversations_pending).toEqual({
      to_encrypt: 0,
      to_decrypt: 0,
      to_delete: 0,
    });
    // A lease that ran out is a worker that died: nothing runs, nothing is reported.
    await leaseJobs(sql`now() - interval '1 minute'`);
    expect((await e.status(client)).conversations_pending).toBeNull();
  });

  it('ends even when an attachment’s file was lost from the store', async () => {
    const { client, user } = await e.proUser();
    const pk = await e.conversationWith(client, 'LOST-MARK');
    const [file] = await e.files.storedFiles(user.pk);
    await rm(join(h.t.dataDir, 'files', 'users', user.pk, file!));
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    await e.runJobs();
    expect(await e.sealedState(pk)).toEqual({ conversation: true, parts: [true, true, true] });
    expect((await e.status(client)).conversations_pending).toBeNull();
  });

  it('keeps every conversation whole when questions race it', async () => {
    const { client } = await e.proUser();
    const pks: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      pks.push((await client.post('/api/conversation/create', { name: `Race ${i}` })).json().pk);
    }
    await e.setPin(client);
    await client.post('/api/user/enable-encryption', {});
    const tab = await connectSocket(h, client.jar.get('access'));
    const frames = pks.map((pk) => sendFrame(pk, { content: 'Racing question' }));
    const outcomes = frames.map((frame) =>
      Promise.race([
        tab.next('chat.done', (f) => f.conversation_pk === frame.conversation_pk),
        tab.next('error', (f) => f.request_id === frame.request_id),
      ]),
    );
    for (const frame of frames) tab.send(frame);
    await e.runJobs();
    const settled = await Promise.all(outcomes);
    tab.close();
    // A question that lost the race is refused whole, and may be sent again.
    for (const outcome of settled) {
      if (outcome.type === 'error') expect(outcome.detail).toBe('encryption_in_progress');
    }
    await makeWaitingJobsDue();
    await e.runJobs();
    for (const pk of pks) {
      const state = await e.sealedState(pk);
      expect(state.conversation).toBe(true);
      expect(state.parts.every(Boolean)).toBe(true);
    }
    expect((await e.status(client)).conversations_pending).toBeNull();
  });

  it('seals the names of files that were sealed before names were, at the next unlock', async () => {
    const { client, user, pk } = await encryptedAccount('legacy-name');
    const [file] = await e.files.rowsOf(user.pk);
    // As such a file was stored: the name plain beside the sealed file and text.
    await h.t.database.db
      .update(attachments)
      .set({ filename: 'Old lease.pdf', filenameSealed: false })
      .where(eq(attachments.id, file!.id));
    await runLaterStatements('0018_sealed_file_names.sql');
    await e.runJobs();
    const [sealed] = await e.files.rowsOf(user.pk);
    expect(sealed?.filenameSealed).toBe(true);
    expect(sealed?.filename.startsWith('enc:v1:')).toBe(true);
    expect((await e.status(client)).conversations_pending).toBeNull();
    const listed = (await client.get(`/api/conversation/messages/${pk}`)).json();
    expect(listed.items[0].attachments).toMatchObject([{ filename: 'Old lease.pdf' }]);
  });
});

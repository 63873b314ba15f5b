import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedLink } from '@themis/shared';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { runArchiveCommand } from '../src/operator/backup-commands';
import { startOperatorSocket } from '../src/operator/operator-socket';
import { testConfig } from './app';
import { startChatHarness, type ChatHarness } from './chat-harness';
import { encryptionHelpers } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';
import { listFiles } from './multipart';

// Text that was once stored plain and is sealed or removed since must not stay behind in the
// embedded database's files as old row versions, in its write-ahead log, or in a backup made
// afterwards. Markers are lower case, as the search index stores words.
//
// Always the embedded database, in a folder of its own: the engine's files are the subject.

const hex = () => randomBytes(6).toString('hex');
/** Written plain, shared while plain, then encrypted. */
const SEALED_LATER = `sealedlater${hex()}`;
/** Asked while the encryption was off and its conversations decrypted, then sealed again. */
const DECRYPT_PHASE = `decryptphase${hex()}`;
/** Only in the shared copy: asked after the link was made, shared again, then disabled. */
const SHARE_COPY = `sharecopy${hex()}`;
/** Another user's plain conversation: found wherever the search looks. */
const CONTROL = `plaincontrol${hex()}`;

let root: string;
let h: ChatHarness;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'themis-removed-text-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir: root });
  await runMigrations(database);
  h = await startChatHarness({}, { database });
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Noted.'] }));
});

afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

/** Every file of the embedded database folder as one buffer. */
async function databaseFiles(): Promise<Buffer> {
  const folder = join(root, 'pglite');
  const files = await listFiles(folder);
  return Buffer.concat(await Promise.all(files.map((file) => readFile(join(folder, file)))));
}

/** A backup through the running server's operator socket, unpacked. */
async function backup(name: string): Promise<Buffer> {
  const socket = await startOperatorSocket({
    app: h.t.app,
    config: h.t.config,
    database: h.t.database,
  });
  const archive = join(root, `${name}.tar.gz`);
  try {
    await runArchiveCommand({
      config: testConfig({ DATA_DIR: h.t.dataDir }),
      args: ['backup', archive],
      now: new Date(),
    });
  } finally {
    await socket.close();
  }
  return gunzipSync(await readFile(archive));
}

function markersIn(bytes: Buffer): string[] {
  return [SEALED_LATER, DECRYPT_PHASE, SHARE_COPY, CONTROL].filter((marker) =>
    bytes.includes(Buffer.from(marker)),
  );
}

describe('text sealed or removed since it was stored plain', () => {
  it('is nowhere in the database files, their WAL or a backup made afterwards', async () => {
    const e = encryptionHelpers(h);
    const { client } = await e.proUser();
    await e.setPin(client);
    const pk = await e.conversationWith(client, SEALED_LATER);
    // A link keeps the name it was shared under: this one holds no marker.
    const renamed = await client.put(`/api/conversation/rename/${pk}`, { name: 'Lease dispute' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const shared = await client.post(`/api/conversation/share/create/${pk}`, {});
    expect(shared.statusCode, shared.body).toBe(201);
    const link = shared.json() as SharedLink;
    await e.ask(client, pk, `Shared ${SHARE_COPY}`);
    expect((await client.post(`/api/conversation/share/create/${pk}`, {})).statusCode).toBe(200);
    const control = await e.proUser();
    await e.conversationWith(control.client, CONTROL);

    // Sealed later: everything of the conversation, its file's name and text included.
    expect((await client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    await e.runJobs();
    expect(await e.storedText(pk)).not.toContain(SEALED_LATER);

    // Opened again for a while, with a question asked meanwhile, then sealed again.
    const off = await client.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DECRYPT',
    });
    expect(off.statusCode, off.body).toBe(200);
    await e.runJobs();
    await e.ask(client, pk, `Meanwhile ${DECRYPT_PHASE}`);
    expect((await client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    await e.runJobs();
    expect(await e.storedText(pk)).not.toContain(DECRYPT_PHASE);

    // A disabled link's copy of the messages goes at once.
    const disabled = await client.post(`/api/conversation/share/disable/${link.pk}`, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    await e.runJobs();
    const archive = await backup('after');
    const files = Buffer.concat(
      await Promise.all(
        (await listFiles(join(h.t.dataDir, 'files'))).map((file) =>
          readFile(join(h.t.dataDir, 'files', file)),
        ),
      ),
    );
    // Closing writes out whatever the database still holds in memory.
    await h.close();

    expect(markersIn(await databaseFiles())).toEqual([CONTROL]);
    expect(markersIn(archive)).toEqual([CONTROL]);
    expect(markersIn(files)).toEqual([CONTROL]);
  });
});

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { runOperatorCommand } from '../src/operator/commands';
import { Client, signedUpClient } from './accounts';
import { pdfWithText } from './attachment-files';
import { startChatHarness, connectSocket, sendFrame, type ChatHarness } from './chat-harness';
import { adminUrl, databaseUrlFor } from './database-names';
import { streamOpenAiAnswer } from './llm-upstreams';
import { listFiles, multipartBody } from './multipart';
import { startFakeS3, type FakeS3 } from './storage-s3-server';

// One marker goes into everything an encrypted conversation holds: its name (from the
// question), the question, the answer, a pdf and its text, and a feedback comment. The raw
// database (PGlite's files, write-ahead log included, or a pg_dump of PostgreSQL), the S3
// bucket and the server log must not hold it anywhere. A plain conversation's control marker
// must be found in the same places, so the search itself is shown to work.

const PIN = '482913';
const SECRET = `SECRET-${randomBytes(4).toString('hex')}`;
const CONTROL = `CONTROL-${randomBytes(4).toString('hex')}`;
const BUCKET = 'themis-at-rest';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

let s3: FakeS3;
let h: ChatHarness;
let dataDir: string;
let postgresName: string | undefined;

async function createOwnDatabase(): Promise<void> {
  if (!TEST_DATABASE_URL) return;
  postgresName = `themis_at_rest_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(TEST_DATABASE_URL) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${postgresName}`);
  await admin.end();
}

const openOwnDatabase = (): Promise<DatabaseHandle> =>
  openDatabase({
    databaseUrl:
      TEST_DATABASE_URL && postgresName
        ? databaseUrlFor(TEST_DATABASE_URL, postgresName)
        : undefined,
    dataDir,
  });

/** The app on the test's own database, kept when the app closes. */
async function startApp(): Promise<ChatHarness> {
  const harness = await startChatHarness(s3.env(BUCKET), { database: await openOwnDatabase() });
  // The answer repeats the marker of the question it answers.
  harness.answerWith((request, res) => {
    const marker = JSON.stringify(request.body).includes(SECRET) ? SECRET : CONTROL;
    return streamOpenAiAnswer(request, res, { deltas: ['Answer about ', `${marker}.`] });
  });
  return harness;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'themis-at-rest-'));
  s3 = await startFakeS3();
  await s3.createBucket(BUCKET);
  await createOwnDatabase();
  const database = await openOwnDatabase();
  await runMigrations(database);
  await database.close();
  h = await startApp();
});

afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
  if (TEST_DATABASE_URL && postgresName) {
    const admin = new pg.Client({ connectionString: adminUrl(TEST_DATABASE_URL) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${postgresName}`);
    await admin.end();
  }
});

/** Everything a user puts into one conversation, each part carrying `marker`. */
async function fillConversation(client: Client, marker: string) {
  const pk = (await client.post('/api/conversation/create', {})).json().pk as string;
  const upload = await client.request({
    method: 'POST',
    url: `/api/conversation/attachment/upload/${pk}`,
    ...multipartBody([
      {
        name: 'file',
        data: pdfWithText([`Clause ${marker} of the lease`]),
        filename: `Lease ${marker}.pdf`,
      },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const tab = await connectSocket(h, client.jar.get('access'));
  tab.send(
    sendFrame(pk, { content: `What does ${marker} mean?`, attachment_pks: [upload.json().pk] }),
  );
  const done = await tab.next('chat.done', (f) => f.conversation_pk === pk, 15_000);
  tab.close();
  expect(done.message.content).toBe(`Answer about ${marker}.`);
  const rated = await client.post(`/api/message/feedback/${done.message.pk}`, {
    value: 'bad',
    reason: 'other',
    comment: `Wrong on ${marker}`,
  });
  expect(rated.statusCode, rated.body).toBe(200);
}

async function rawDatabase(): Promise<Buffer> {
  if (postgresName && TEST_DATABASE_URL) {
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      [databaseUrlFor(TEST_DATABASE_URL, postgresName)],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    return Buffer.from(stdout);
  }
  const folder = join(dataDir, 'pglite');
  const files = await listFiles(folder);
  return Buffer.concat(await Promise.all(files.map((file) => readFile(join(folder, file)))));
}

/**
 * Every object's bytes. The job queue discards replaced files in the background, so an
 * object listed may be gone when read: it holds nothing at rest any more.
 */
async function bucketBytes(): Promise<Buffer> {
  const keys = await s3.keys(BUCKET);
  const read = (key: string) =>
    s3.object(BUCKET, key).then(
      (object) => object.bytes,
      (error: unknown) => {
        if (error instanceof Error && error.name === 'NoSuchKey') return Buffer.alloc(0);
        throw error;
      },
    );
  return Buffer.concat(await Promise.all(keys.map(read)));
}

describe('an encrypted conversation at rest', () => {
  it('leaves no trace of its text in the database files, the bucket or the log, until decrypted', async () => {
    const secret = await signedUpClient(h.t);
    await runOperatorCommand({
      db: h.t.database.db,
      config: h.t.config,
      now: new Date(),
      args: ['user', 'set-plan', secret.email, 'pro'],
    });
    await secret.client.post('/api/user/create-encryption-secrets', {
      encryption_key_type: 'PIN',
      encryption_key: PIN,
    });
    expect((await secret.client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    await fillConversation(secret.client, SECRET);
    const plain = await signedUpClient(h.t);
    await fillConversation(plain.client, CONTROL);

    let logs = h.t.logs.join('');
    let bucket = await bucketBytes();
    // Closing writes everything the database holds in memory out to its files.
    await h.close();
    let raw = await rawDatabase();

    expect(raw.includes(Buffer.from(CONTROL)), 'the control is found in the database').toBe(true);
    expect(bucket.includes(Buffer.from(CONTROL)), 'the control is found in the bucket').toBe(true);
    expect(raw.includes(Buffer.from(SECRET)), 'the marker is in the database').toBe(false);
    expect(bucket.includes(Buffer.from(SECRET)), 'the marker is in the bucket').toBe(false);
    expect(logs.includes(SECRET), 'the marker is in the log').toBe(false);

    // DECRYPT puts the text back in plain, where the same search finds it.
    h = await startApp();
    const device = secret.client.onInstance(h.t.app);
    expect(
      (await device.post('/api/user/unlock-decryption', { encryption_key: PIN })).statusCode,
    ).toBe(200);
    const disabled = await device.post('/api/user/disable-encryption', {
      encrypted_conversations_action: 'DECRYPT',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await h.t.app.jobs.runDueJobs();
    logs = h.t.logs.join('');
    bucket = await bucketBytes();
    await h.close();
    raw = await rawDatabase();
    expect(raw.includes(Buffer.from(SECRET)), 'the decrypted marker is in the database').toBe(true);
    expect(bucket.includes(Buffer.from(SECRET)), 'the decrypted marker is in the bucket').toBe(
      true,
    );
    expect(logs.includes(SECRET), 'the marker is in the log').toBe(false);
  });
});

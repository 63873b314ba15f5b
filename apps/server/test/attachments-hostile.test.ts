import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import type { Client } from './accounts';
import { docxWithText, pdfWithText } from './attachment-files';
import { attachmentHelpers } from './attachment-setup';
import { hostile } from './hostile-files.mjs';
import { multipartBody } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { userWithConversation, storedFiles, rowsOf, upload, uploadFile } = attachmentHelpers(
  () => t,
);

async function expectTooLarge(client: Client, conversationId: string, data: Buffer, name: string) {
  const res = await upload(client, conversationId, [{ name: 'file', data, filename: name }]);
  expect(res.statusCode, name).toBe(400);
  expect(res.json(), name).toEqual({ detail: 'document_too_large' });
}

/** Nothing of the user's uploads is left: no row, no file, and no server error logged. */
async function expectNothingStored(userId: string) {
  expect(await rowsOf(userId)).toEqual([]);
  expect(await storedFiles(userId)).toEqual([]);
  expect(t.logs.join('\n')).not.toContain('"level":50');
}

/** Whether a document parser was ever loaded into this thread, the server's own. */
function parserLoadedHere(): boolean {
  const modules = Object.keys(createRequire(import.meta.url).cache);
  return (
    'pdfjsWorker' in globalThis ||
    modules.some((path) => /[\\/](mammoth|word-extractor)[\\/]/.test(path))
  );
}

// Bombs take a few seconds to build and to refuse on a busy machine.
describe('hostile documents', { timeout: 90_000 }, () => {
  it('refuses a pdf that inflates past the limit or holds too much text, keeping nothing', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    await expectTooLarge(client, conversationId, await hostile.inflatingPdf(), 'inflating.pdf');
    await expectTooLarge(client, conversationId, await hostile.wordyPdf(), 'wordy.pdf');
    await expectNothingStored(userId);

    // An ordinary pdf is read as before.
    const lines = Array.from({ length: 40 }, (_, i) => `Paragraf ${i + 1} umowy najmu`);
    const ordinary = await uploadFile(client, conversationId, pdfWithText(lines), 'umowa.pdf');
    expect(ordinary).toMatchObject({ media_type: 'application/pdf', has_text: true });
    expect((await rowsOf(userId))[0]!.extractedText).toBe(lines.join('\n'));
  });

  it('refuses a docx declaring a huge document.xml before inflating it, keeping nothing', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    await expectTooLarge(client, conversationId, await hostile.declaredDocx(), 'declared.docx');
    await expectNothingStored(userId);
  });

  it('refuses a docx inflating past what it declares or holding too much text', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    await expectTooLarge(client, conversationId, await hostile.lyingDocx(), 'lying.docx');
    await expectTooLarge(client, conversationId, await hostile.wordyDocx(), 'wordy.docx');
    await expectNothingStored(userId);

    // An ordinary docx is read as before.
    const paragraphs = Array.from({ length: 200 }, (_, i) => `Artykuł ${i + 1} kodeksu`);
    const docx = await docxWithText(paragraphs);
    const ordinary = await uploadFile(client, conversationId, docx, 'pismo.docx');
    expect(ordinary).toMatchObject({ has_text: true });
    expect((await rowsOf(userId))[0]!.extractedText).toBe(paragraphs.join('\n\n'));
  });

  it('keeps answering everyone else while hostile documents are being read', async () => {
    // Someone else using the app; their first pdf also has the parser loaded where it was kept.
    const other = await userWithConversation();
    const lines = ['Umowa najmu lokalu', 'Art. 659 Kodeksu cywilnego'];
    await uploadFile(other.client, other.conversationId, pdfWithText(lines), 'umowa.pdf');
    // Health is asked over a real connection, as a load balancer would.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const { client, userId, conversationId } = await userWithConversation();
    const files = [
      await hostile.inflatingPdf(),
      await hostile.wordyPdf(),
      await hostile.inflatingPdf(),
    ];
    const bodiesRead: Promise<unknown>[] = [];
    const answers = files.map((data, index) => {
      const { payload, headers } = multipartBody([{ name: 'file', data, filename: `${index}` }]);
      // Streamed, to know when the server has read the whole upload and moves on to it.
      const body = Readable.from([payload]);
      bodiesRead.push(once(body, 'end'));
      return client.request({
        method: 'POST',
        url: `/api/conversation/attachment/upload/${conversationId}`,
        headers,
        payload: body,
      });
    });
    let anyAnswered = false;
    void Promise.race(answers).then(() => {
      anyAnswered = true;
    });

    // From the moment the uploads are read until the first of them is answered, health
    // checks keep being answered one after another: the reading never holds the event loop.
    await Promise.all(bodiesRead);
    const docx = docxWithText(['Wypowiedzenie umowy', 'Termin trzech miesięcy']).then((data) =>
      uploadFile(other.client, other.conversationId, data, 'pismo.docx'),
    );
    let healthAnswers = 0;
    while (!anyAnswered) {
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (!anyAnswered) healthAnswers++;
    }
    expect(healthAnswers).toBeGreaterThanOrEqual(5);

    for (const res of await Promise.all(answers)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'document_too_large' });
    }
    await expectNothingStored(userId);
    // The other person's files were read as usual.
    expect(await docx).toMatchObject({ has_text: true });
    const texts = (await rowsOf(other.userId)).map((row) => row.extractedText).sort();
    expect(texts).toEqual([lines.join('\n'), 'Wypowiedzenie umowy\n\nTermin trzech miesięcy']);
    // Every document of this file, hostile or not, was parsed in a thread of its own.
    expect(parserLoadedHere()).toBe(false);
  });
});

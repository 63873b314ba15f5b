import { CHAT_FILES_MAX } from '@themis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAttachmentsForModel } from '../src/modules/attachments/attachments-for-model.service';
import { bindAttachments } from '../src/modules/attachments/attachments.service';
import { createTestApp, type TestApp } from './app';
import { docxWithText, pdfWithText, pngImage } from './attachment-files';
import { attachmentHelpers, testModel as model } from './attachment-setup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { storage, createConversation, userWithConversation, createQuestion, rowsOf, uploadFile } =
  attachmentHelpers(() => t);

describe('attachments for the model', () => {
  it('gives documents as text headed by their names and images as bytes', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const pdf = await uploadFile(client, conversationId, pdfWithText(['Czynsz najmu']), 'a.pdf');
    const docx = await uploadFile(client, conversationId, await docxWithText(['Kaucja']), 'b.docx');
    const pngBytes = await pngImage();
    const png = await uploadFile(client, conversationId, pngBytes, 'c.png');
    const base = { db: t.database.db, storage: storage(), userId, conversationId };

    const loaded = await loadAttachmentsForModel({
      ...base,
      attachmentIds: [pdf.pk, docx.pk, png.pk],
      model: model({ vision: true }),
    });
    expect(loaded.text).toBe(
      '--- Attached file: a.pdf ---\nCzynsz najmu\n\n--- Attached file: b.docx ---\nKaucja',
    );
    expect(loaded.images).toEqual([{ data: new Uint8Array(pngBytes), mediaType: 'image/png' }]);

    await expect(
      loadAttachmentsForModel({
        ...base,
        attachmentIds: [png.pk],
        model: model({ vision: false }),
      }),
    ).rejects.toMatchObject({ code: 'attachment_not_supported', status: 400 });
    expect(
      await loadAttachmentsForModel({
        ...base,
        attachmentIds: [],
        model: model({ vision: false }),
      }),
    ).toEqual({ text: '', images: [] });
  });

  it('refuses a document without text rather than dropping it', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const scan = await uploadFile(client, conversationId, pdfWithText([]), 'scan.pdf');
    await expect(
      loadAttachmentsForModel({
        db: t.database.db,
        storage: storage(),
        userId,
        conversationId,
        attachmentIds: [scan.pk],
        model: model({ vision: true }),
      }),
    ).rejects.toMatchObject({ code: 'document_without_text', status: 400 });
  });

  it('cuts long text to half the context window, with a note', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraf ${i} umowy najmu lokalu.`);
    const long = await uploadFile(client, conversationId, await docxWithText(paragraphs), 'l.docx');
    const short = await uploadFile(client, conversationId, pdfWithText(['Aneks nr 1']), 's.pdf');
    const contextWindow = 2000;
    const { text } = await loadAttachmentsForModel({
      db: t.database.db,
      storage: storage(),
      userId,
      conversationId,
      attachmentIds: [long.pk, short.pk],
      model: model({ vision: false, contextWindow }),
    });
    expect(text.length).toBeLessThanOrEqual((contextWindow / 2) * 4);
    expect(text).toContain('--- Attached file: l.docx ---\nParagraf 0 umowy');
    expect(text).toContain('[The file was cut here');
    expect(text).not.toContain('Paragraf 199');
    expect(text).toContain('--- Attached file: s.pdf ---\nAneks nr 1');
  });

  it("refuses another user's, another conversation's, sent or too many files", async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const pdf = pdfWithText(['x']);
    const mine = await uploadFile(owner.client, owner.conversationId, pdf, 'a.pdf');
    const theirs = await uploadFile(other.client, other.conversationId, pdf, 'b.pdf');
    const base = {
      db: t.database.db,
      storage: storage(),
      userId: owner.userId,
      conversationId: owner.conversationId,
      model: model({ vision: true }),
    };
    const otherConversation = await createConversation(owner.userId);
    for (const attempt of [
      { attachmentIds: [theirs.pk] },
      { attachmentIds: [mine.pk, theirs.pk] },
      { attachmentIds: ['not-a-uuid'] },
      { attachmentIds: [mine.pk], conversationId: otherConversation },
      { attachmentIds: [theirs.pk], userId: other.userId },
    ]) {
      await expect(loadAttachmentsForModel({ ...base, ...attempt })).rejects.toMatchObject({
        code: 'not_found',
        status: 404,
      });
    }
    const ids = Array.from(
      { length: CHAT_FILES_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-00000000000${i}`,
    );
    await expect(loadAttachmentsForModel({ ...base, attachmentIds: ids })).rejects.toMatchObject({
      code: 'too_many_files',
      status: 400,
    });

    const messageId = await createQuestion(owner.userId, owner.conversationId);
    await bindAttachments({ ...base, messageId, attachmentIds: [mine.pk] });
    await expect(
      loadAttachmentsForModel({ ...base, attachmentIds: [mine.pk] }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('binding attachments to a question', () => {
  it("sets the message of the user's unsent attachments, inside a transaction too", async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const pdf = pdfWithText(['x']);
    const a = await uploadFile(owner.client, owner.conversationId, pdf, 'a.pdf');
    const b = await uploadFile(owner.client, owner.conversationId, pdf, 'b.pdf');
    const theirs = await uploadFile(other.client, other.conversationId, pdf, 'c.pdf');
    const messageId = await createQuestion(owner.userId, owner.conversationId);
    const base = { userId: owner.userId, conversationId: owner.conversationId, messageId };

    // Someone else's file fails the whole binding: nothing is bound.
    await expect(
      t.database.db.transaction((tx) =>
        bindAttachments({ ...base, db: tx, attachmentIds: [a.pk, theirs.pk] }),
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect((await rowsOf(owner.userId)).every((row) => row.messageId === null)).toBe(true);

    await t.database.db.transaction((tx) =>
      bindAttachments({ ...base, db: tx, attachmentIds: [a.pk, b.pk] }),
    );
    expect((await rowsOf(owner.userId)).map((row) => row.messageId)).toEqual([
      messageId,
      messageId,
    ]);
    expect((await rowsOf(other.userId))[0]!.messageId).toBeNull();
    // Bound files no longer count against the next question's.
    await uploadFile(owner.client, owner.conversationId, pdf, 'd.pdf');
  });
});

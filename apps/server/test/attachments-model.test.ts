import { CHAT_FILES_MAX } from '@themis/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAttachmentsForModel } from '../src/modules/attachments/attachments-for-model';
import { AttachmentNotBound, storeExchange } from '../src/modules/chat/chat.repo';
import { monthKey } from '../src/modules/usage/allowance';
import { messages } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { docxWithText, pdfWithText, pngImage } from './attachment-files';
import { attachmentHelpers, questionToStore, testModel as model } from './attachment-setup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const {
  storage,
  createConversation,
  userWithConversation,
  createQuestion,
  bindToQuestion,
  rowsOf,
  uploadFile,
} = attachmentHelpers(() => t);

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
    await bindToQuestion(messageId, [mine.pk]);
    await expect(
      loadAttachmentsForModel({ ...base, attachmentIds: [mine.pk] }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('binding attachments to a question', () => {
  const ticket = (userId: string, conversationId: string) => ({
    conversationId,
    owner: { userId, organizationId: null },
    sealed: false,
    lastShownId: null,
    month: monthKey(new Date()),
  });
  const questionsIn = async (conversationId: string) =>
    t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));

  it("binds the user's unsent files to the question stored with them, or stores nothing", async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const pdf = pdfWithText(['x']);
    const a = await uploadFile(owner.client, owner.conversationId, pdf, 'a.pdf');
    const b = await uploadFile(owner.client, owner.conversationId, pdf, 'b.pdf');
    const theirs = await uploadFile(other.client, other.conversationId, pdf, 'c.pdf');
    const db = t.database.db;

    // Someone else's file fails the whole question: no message, nothing bound.
    await expect(
      storeExchange(
        db,
        ticket(owner.userId, owner.conversationId),
        questionToStore([a.pk, theirs.pk]),
      ),
    ).rejects.toBeInstanceOf(AttachmentNotBound);
    expect(await questionsIn(owner.conversationId)).toEqual([]);
    expect((await rowsOf(owner.userId)).every((row) => row.messageId === null)).toBe(true);

    const sent = questionToStore([b.pk, a.pk]);
    const stored = await storeExchange(db, ticket(owner.userId, owner.conversationId), sent);
    if ('refusal' in stored) throw new Error(`refused: ${stored.refusal}`);
    // In the order they were uploaded, as the message lists them.
    expect(stored.files.map((file) => file.id)).toEqual([a.pk, b.pk]);
    expect(stored.question).toMatchObject({ id: sent.questionId, role: 'user', parentId: null });
    expect(stored.answer).toMatchObject({ parentId: sent.questionId, status: 'streaming' });
    expect(stored.answer.createdAt).toBeInstanceOf(Date);
    expect((await rowsOf(owner.userId)).map((row) => row.messageId)).toEqual([
      sent.questionId,
      sent.questionId,
    ]);
    expect((await rowsOf(other.userId))[0]!.messageId).toBeNull();

    // The answer being written holds the conversation; once it has ended, a file sent
    // already is refused like someone else's.
    const after = { ...ticket(owner.userId, owner.conversationId), lastShownId: sent.answerId };
    expect(await storeExchange(db, after, questionToStore([]))).toEqual({
      refusal: 'conversation_busy',
    });
    await db.update(messages).set({ status: 'complete' }).where(eq(messages.id, sent.answerId));
    await expect(storeExchange(db, after, questionToStore([a.pk]))).rejects.toBeInstanceOf(
      AttachmentNotBound,
    );
    expect(await questionsIn(owner.conversationId)).toHaveLength(2);
    // Bound files no longer count against the next question's.
    await uploadFile(owner.client, owner.conversationId, pdf, 'd.pdf');
  });

  it('fails alone the question a batch cannot store, storing the others of its turn', async () => {
    const first = await userWithConversation();
    const second = await userWithConversation();
    const third = await userWithConversation();
    const db = t.database.db;
    const taken = questionToStore([]);
    await storeExchange(db, ticket(second.userId, second.conversationId), taken);
    await db.update(messages).set({ status: 'complete' }).where(eq(messages.id, taken.answerId));
    const sent = [
      questionToStore([]),
      // An id another message has already: the database refuses the whole statement.
      { ...questionToStore([]), questionId: taken.questionId },
      questionToStore([]),
    ];
    const tickets = [first, second, third].map((owner, i) => ({
      ...ticket(owner.userId, owner.conversationId),
      lastShownId: i === 1 ? taken.answerId : null,
    }));
    const [stored, failed, alsoStored] = await Promise.allSettled([
      storeExchange(db, tickets[0]!, sent[0]!),
      storeExchange(db, tickets[1]!, sent[1]!),
      storeExchange(db, tickets[2]!, sent[2]!),
    ]);

    expect(failed.status).toBe('rejected');
    expect(failed.status === 'rejected' && failed.reason).not.toBeInstanceOf(AttachmentNotBound);
    for (const [result, question] of [
      [stored, sent[0]!],
      [alsoStored, sent[2]!],
    ] as const) {
      expect(result).toMatchObject({
        status: 'fulfilled',
        value: { question: { id: question.questionId } },
      });
    }
    expect(await questionsIn(second.conversationId)).toHaveLength(2);
  });

  it('stores questions sent in the same turn together, refusing alone the one with a file not its own', async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const third = await userWithConversation();
    const pdf = pdfWithText(['x']);
    const mine = await uploadFile(owner.client, owner.conversationId, pdf, 'a.pdf');
    const theirs = await uploadFile(other.client, other.conversationId, pdf, 'b.pdf');
    const db = t.database.db;
    // Texts as people write them: quotes, braces, backslashes, a NULL that is a word, Polish.
    const written = 'Czy "{a,b}" \\ NULL – zażółć gęślą jaźń?';
    const sent = [
      { ...questionToStore([mine.pk], written), name: 'NULL' },
      questionToStore([theirs.pk]),
      { ...questionToStore([]), name: 'Umowa "najmu"' },
    ];
    const [first, refused, last] = await Promise.allSettled([
      storeExchange(db, ticket(owner.userId, owner.conversationId), sent[0]!),
      storeExchange(db, ticket(third.userId, third.conversationId), sent[1]!),
      storeExchange(db, ticket(other.userId, other.conversationId), sent[2]!),
    ]);

    expect(refused).toMatchObject({ status: 'rejected', reason: expect.any(AttachmentNotBound) });
    expect(await questionsIn(third.conversationId)).toEqual([]);
    expect((await rowsOf(other.userId))[0]!.messageId).toBeNull();
    if (first.status !== 'fulfilled' || 'refusal' in first.value) throw new Error('not stored');
    expect(first.value.question.content).toBe(written);
    expect(first.value.touched.name).toBe('NULL');
    expect(first.value.files.map((file) => file.id)).toEqual([mine.pk]);
    if (last.status !== 'fulfilled' || 'refusal' in last.value) throw new Error('not stored');
    expect(last.value.touched.name).toBe('Umowa "najmu"');
    expect((await questionsIn(other.conversationId)).map((row) => row.id).sort()).toEqual(
      [sent[2]!.questionId, sent[2]!.answerId].sort(),
    );
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FILES_MAX } from '@themis/shared';
import { attachments, messages } from '../src/db/schema';
import { streamOpenAiAnswer } from './llm-upstreams';
import { pdfWithText, pngImage } from './attachment-files';
import { attachmentHelpers } from './attachment-setup';
import { chatHarnessForFile, sendFrame, signedInTab } from './chat-harness';

// Refusals a person can cause by what they attach: each has its own code, answered before
// anything is stored or any model is called.

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Read it.'] }));
});

const { upload, uploadFile } = attachmentHelpers(() => h.t);

const messagesOf = (conversationPk: string) =>
  h.t.database.db.select().from(messages).where(eq(messages.conversationId, conversationPk));

const unsentOf = async (conversationPk: string) =>
  (
    await h.t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.conversationId, conversationPk))
  ).filter((row) => row.messageId === null);

/** A send that is refused with `code`: nothing stored, no model called, files still waiting. */
async function expectRefused(options: {
  tab: Awaited<ReturnType<typeof signedInTab>>['tab'];
  conversationPk: string;
  attachmentPks: string[];
  code: string;
}) {
  const { tab, conversationPk } = options;
  const requestsBefore = h.chatRequests().length;
  const waitingBefore = (await unsentOf(conversationPk)).length;
  const frame = sendFrame(conversationPk, { attachment_pks: options.attachmentPks });
  tab.send(frame);
  expect(await tab.next('error')).toEqual({
    type: 'error',
    detail: options.code,
    request_id: frame.request_id,
    conversation_pk: conversationPk,
  });
  expect(await messagesOf(conversationPk)).toEqual([]);
  expect(h.chatRequests()).toHaveLength(requestsBefore);
  expect(await unsentOf(conversationPk)).toHaveLength(waitingBefore);
}

describe('files the chat refuses', () => {
  it('answers a chat.send with more than 3 files with too_many_files, as the upload does', async () => {
    const { client, tab, conversationPk } = await signedInTab(h);
    const uploaded: string[] = [];
    for (let i = 0; i < CHAT_FILES_MAX; i++) {
      const pdf = pdfWithText([`Aneks nr ${i}`]);
      uploaded.push((await uploadFile(client, conversationPk, pdf, `a${i}.pdf`)).pk);
    }
    const fourth = await upload(client, conversationPk, [
      { name: 'file', data: pdfWithText(['Aneks nr 4']), filename: 'a4.pdf' },
    ]);
    expect(fourth.json()).toEqual({ detail: 'too_many_files' });

    await expectRefused({
      tab,
      conversationPk,
      attachmentPks: [...uploaded, randomUUID()],
      code: 'too_many_files',
    });
    // The same files, three of them, are fine.
    tab.send(sendFrame(conversationPk, { attachment_pks: uploaded }));
    expect((await tab.next('chat.accepted')).question.attachments).toHaveLength(3);
    await tab.next('chat.done');
    tab.close();
  });

  it('refuses a scanned document with document_without_text, before any model call', async () => {
    const { client, tab, conversationPk } = await signedInTab(h);
    const scan = await uploadFile(client, conversationPk, pdfWithText([]), 'scan.pdf');
    expect(scan.has_text).toBe(false);
    await expectRefused({
      tab,
      conversationPk,
      attachmentPks: [scan.pk],
      code: 'document_without_text',
    });
    tab.close();
  });

  it('refuses an image for a model without vision with attachment_not_supported', async () => {
    const { client, tab, conversationPk } = await signedInTab(h);
    const image = await uploadFile(client, conversationPk, await pngImage(), 'notice.png');
    await expectRefused({
      tab,
      conversationPk,
      attachmentPks: [image.pk],
      code: 'attachment_not_supported',
    });
    tab.close();
  });

  it('refuses an empty upload with file_empty', async () => {
    const { client, conversationPk } = await signedInTab(h);
    const res = await upload(client, conversationPk, [
      { name: 'file', data: Buffer.alloc(0), filename: 'umowa.pdf' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'file_empty' });
    expect(await unsentOf(conversationPk)).toEqual([]);
  });
});

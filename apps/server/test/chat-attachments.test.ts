import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments, messages } from '../src/db/schema';
import { streamOpenAiAnswer } from './llm-upstreams';
import { chatHarnessForFile, OPENAI_MODEL, sendFrame, signedInTab } from './chat-harness';

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Read it.'] }));
});

const rowsOf = (conversationPk: string) =>
  h.t.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationPk))
    .orderBy(messages.seq);

type SentMessage = { role: string; content: string };
const lastRequestMessages = () => h.chatRequests().at(-1)!.body.messages as SentMessage[];

/** A file row as the upload leaves it: stored, unsent, in the user's conversation. */
async function waitingFile(options: {
  userId: string;
  conversationPk: string;
  filename: string;
  mediaType: string;
  extractedText: string | null;
}) {
  const { userId, conversationPk, ...file } = options;
  const [row] = await h.t.database.db
    .insert(attachments)
    .values({
      userId,
      conversationId: conversationPk,
      storageKey: `users/${userId}/attachments/${file.filename}`,
      size: 1234,
      ...file,
    })
    .returning();
  return row!;
}

const regenerate = (conversationPk: string, requestId: string) => ({
  type: 'chat.regenerate',
  request_id: requestId,
  conversation_pk: conversationPk,
  model_id: OPENAI_MODEL,
  language: 'en',
});

describe('attachments in the chat', () => {
  it("appends a document's text to the question and binds it to the question", async () => {
    const { client, tab, conversationPk, user } = await signedInTab(h);
    const file = await waitingFile({
      userId: user.pk,
      conversationPk,
      filename: 'lease.pdf',
      mediaType: 'application/pdf',
      extractedText: 'The tenant pays a deposit of two months of rent.',
    });
    tab.send(sendFrame(conversationPk, { content: 'Is this lawful?', attachment_pks: [file.id] }));
    const accepted = await tab.next('chat.accepted');
    expect(accepted.question.attachments).toEqual([
      {
        pk: file.id,
        filename: 'lease.pdf',
        media_type: 'application/pdf',
        size: 1234,
        has_text: true,
      },
    ]);
    await tab.next('chat.done');
    expect(lastRequestMessages().at(-1)!.content).toContain('Is this lawful?');
    expect(lastRequestMessages().at(-1)!.content).toContain('two months of rent');
    const [bound] = await h.t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, file.id));
    expect(bound!.messageId).toBe(accepted.question.pk);

    tab.send(sendFrame(conversationPk, { attachment_pks: [file.id] }));
    expect((await tab.next('error')).detail).toBe('not_found');
    expect(await rowsOf(conversationPk)).toHaveLength(2);

    // Answered again, the question still comes with its document.
    tab.send(regenerate(conversationPk, 'regen-file'));
    await tab.next('chat.done');
    expect(lastRequestMessages().at(-1)!.content).toContain('two months of rent');

    // A follow-up without files: the earlier question still carries its document.
    tab.send(sendFrame(conversationPk, { content: 'And when is it returned?' }));
    await tab.next('chat.done');
    const followUp = lastRequestMessages();
    expect(followUp.at(-1)!.content).toBe('And when is it returned?');
    const earlier = followUp.find((message) => message.content.startsWith('Is this lawful?'));
    expect(earlier?.content).toContain('--- Attached file: lease.pdf ---');
    expect(earlier?.content).toContain('two months of rent');

    // Edited, the question keeps its document: shown with it, read with it, and a follow-up
    // in the new branch still reads it.
    tab.send({
      type: 'chat.edit',
      request_id: 'edit-file',
      conversation_pk: conversationPk,
      message_pk: accepted.question.pk,
      model_id: OPENAI_MODEL,
      language: 'en',
      content: 'Is this deposit lawful?',
    });
    const edited = await tab.next('chat.accepted', (f) => f.request_id === 'edit-file');
    expect(edited.question.attachments.map((a) => a.pk)).toEqual([file.id]);
    await tab.next('chat.done');
    expect(lastRequestMessages().at(-1)!.content).toContain('Is this deposit lawful?');
    expect(lastRequestMessages().at(-1)!.content).toContain('two months of rent');
    tab.send(sendFrame(conversationPk, { content: 'Who keeps it meanwhile?' }));
    await tab.next('chat.done');
    const branch = lastRequestMessages();
    expect(branch.find((m) => m.content.startsWith('Is this deposit lawful?'))?.content).toContain(
      'two months of rent',
    );
    const page = await client.get(`/api/conversation/messages/${conversationPk}`);
    const [shownQuestion] = (page.json() as { items: { attachments: { pk: string }[] }[] }).items;
    expect(shownQuestion!.attachments.map((a) => a.pk)).toEqual([file.id]);
    tab.close();
  });

  it('refuses to answer again with a model that cannot read the question’s image', async () => {
    const { tab, conversationPk, user } = await signedInTab(h);
    tab.send(sendFrame(conversationPk, { content: 'What does this photo show?' }));
    const accepted = await tab.next('chat.accepted');
    await tab.next('chat.done');
    // The image was sent earlier with a model that had vision; this one has none.
    const image = await waitingFile({
      userId: user.pk,
      conversationPk,
      filename: 'notice.png',
      mediaType: 'image/png',
      extractedText: null,
    });
    await h.t.database.db
      .update(attachments)
      .set({ messageId: accepted.question.pk })
      .where(eq(attachments.id, image.id));
    const before = await rowsOf(conversationPk);
    const requestsBefore = h.chatRequests().length;

    tab.send(regenerate(conversationPk, 'regen-image'));
    expect((await tab.next('error')).detail).toBe('attachment_not_supported');
    tab.send({
      type: 'chat.edit',
      request_id: 'edit-image',
      conversation_pk: conversationPk,
      model_id: OPENAI_MODEL,
      language: 'en',
      content: 'What does the notice say?',
    });
    expect((await tab.next('error')).detail).toBe('attachment_not_supported');
    expect(await rowsOf(conversationPk)).toEqual(before);
    expect(h.chatRequests()).toHaveLength(requestsBefore);
    tab.close();
  });
});

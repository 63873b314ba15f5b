import type { MessageRow } from '../../db/schema';
import type { LlmContentPart, LlmMessage, LlmModel } from '../../platform/llm/llm';
import { estimateInputTokens } from '../../platform/llm/usage-estimate';
import type { AttachmentsForModel } from '../attachments';

/** Share of the context window left for the answer itself. */
const ANSWER_SHARE = 0.25;

const ATTACHMENT_HEADING = '\n\n--- Attached documents ---\n';

/** A question's text followed by its documents' text (already cut to fit). */
const withDocuments = (content: string, documents: string | undefined) =>
  documents ? `${content}${ATTACHMENT_HEADING}${documents}` : content;

/** The question with its files: documents' text appended, images as parts. */
function composeQuestion(options: { content: string; files: AttachmentsForModel }): LlmMessage {
  const { content, files } = options;
  const text = withDocuments(content, files.text);
  if (files.images.length === 0) return { role: 'user', content: text };
  const parts: LlmContentPart[] = [
    { type: 'text', text },
    ...files.images.map((image) => ({
      type: 'image' as const,
      data: image.data,
      mediaType: image.mediaType,
    })),
  ];
  return { role: 'user', content: parts };
}

/**
 * The conversation as the model gets it: every earlier question (with its documents' text)
 * and answer that has text, then the question with its files. The oldest turns go first
 * when it would not fit.
 */
export function buildModelMessages(options: {
  history: MessageRow[];
  /** Earlier questions' documents as text, by message id (see documentsText). */
  earlierDocuments: ReadonlyMap<string, string>;
  question: string;
  files: AttachmentsForModel;
  model: LlmModel;
  system: string;
}): LlmMessage[] {
  const { history, earlierDocuments, model, system } = options;
  const earlier: LlmMessage[] = history
    .filter((row) => row.content.length > 0)
    .map((row) => ({
      role: row.role,
      content:
        row.role === 'user'
          ? withDocuments(row.content, earlierDocuments.get(row.id))
          : row.content,
    }));
  const last = composeQuestion({ content: options.question, files: options.files });
  const budget = Math.floor(model.context_window * (1 - ANSWER_SHARE));
  while (
    earlier.length > 0 &&
    estimateInputTokens({ system, messages: [...earlier, last] }) > budget
  ) {
    earlier.shift();
  }
  // Providers expect the conversation to open with a question.
  while (earlier[0]?.role === 'assistant') earlier.shift();
  return [...earlier, last];
}

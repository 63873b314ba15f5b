/**
 * Conversations, messages and attachments as the API sends them: one place for the
 * conversations, chat and attachments modules alike.
 */
import {
  BAD_FEEDBACK_REASONS,
  type Attachment,
  type Conversation,
  type Message,
} from '@themis/shared';
import type { AttachmentRow, MessageRow } from '../db/schema';

/** The columns a conversation is presented from, with whether an answer is being written. */
export interface ConversationView {
  id: string;
  /** Readable: opened by the service when the conversation is encrypted. */
  name: string;
  encrypted: boolean;
  /** Encrypted and not unlocked in the asking session: `name` is then empty. */
  locked?: boolean;
  createdAt: Date;
  updatedAt: Date;
  isStreaming: boolean;
}

export type AttachmentView = Pick<
  AttachmentRow,
  'id' | 'messageId' | 'filename' | 'mediaType' | 'size'
> & { hasText: boolean };

/** A message row with which of its versions it is ("2 / 3"). */
export type MessageView = Omit<MessageRow, 'search'> & { version: number; versions: number };

export function presentConversation(row: ConversationView): Conversation {
  return {
    pk: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_streaming: row.isStreaming,
    is_encrypted: row.encrypted,
    is_locked: row.locked ?? false,
  };
}

/** The view of a stored attachment row. */
export function attachmentView(row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    messageId: row.messageId,
    filename: row.filename,
    mediaType: row.mediaType,
    size: row.size,
    // A scanned pdf yields empty text: it has none a model could read.
    hasText: Boolean(row.extractedText),
  };
}

export function presentAttachment(row: AttachmentView): Attachment {
  return {
    pk: row.id,
    filename: row.filename,
    media_type: row.mediaType,
    size: row.size,
    has_text: row.hasText,
  };
}

export function presentMessage(row: MessageView, attachments: AttachmentView[]): Message {
  // Usage is only known once the provider (or the estimate) has recorded tokens.
  const hasUsage = row.inputTokens !== null || row.outputTokens !== null;
  return {
    pk: row.id,
    conversation_pk: row.conversationId,
    seq: row.seq,
    parent_pk: row.parentId,
    role: row.role,
    content: row.content,
    status: row.status,
    error_code: row.errorCode,
    model_id: row.modelId,
    attachments: attachments.map(presentAttachment),
    feedback: row.feedback
      ? {
          value: row.feedback,
          reason: row.feedback === 'bad' ? presentReason(row.feedbackReason) : null,
          comment: row.feedbackComment,
        }
      : null,
    usage: hasUsage
      ? {
          input_tokens: row.inputTokens ?? 0,
          output_tokens: row.outputTokens ?? 0,
          estimated: row.tokensEstimated,
        }
      : null,
    created_at: row.createdAt.toISOString(),
    version: row.version,
    versions: row.versions,
  };
}

const BAD_REASONS = new Set<string>(BAD_FEEDBACK_REASONS);
type Reason = NonNullable<Message['feedback']>['reason'];

// The column is plain text; only reasons the contract knows are sent.
function presentReason(value: string | null): Reason {
  return BAD_REASONS.has(value ?? '') ? (value as Reason) : null;
}

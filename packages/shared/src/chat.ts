import { z } from 'zod';
import {
  BAD_FEEDBACK_REASONS,
  CHAT_INPUT_MAX,
  CONVERSATION_NAME_MAX,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_VALUES,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
  MESSAGE_ROLES,
  MESSAGE_STATUSES,
  SEARCH_QUERY_MAX,
} from './chat-rules';
import { LANGUAGES } from './constants';

const ZIsoDate = z.iso.datetime({ offset: true });

/** A file attached to a question, uploaded before the question is sent. */
export const ZAttachment = z
  .object({
    pk: z.string(),
    filename: z.string(),
    media_type: z.string(),
    size: z.number().int(),
    /** Text pages were extracted from it (pdf, doc, docx); images have none. */
    has_text: z.boolean(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof ZAttachment>;

export const ZMessageFeedback = z
  .object({
    value: z.enum(FEEDBACK_VALUES),
    reason: z.enum(BAD_FEEDBACK_REASONS).nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'MessageFeedback' });
export type MessageFeedback = z.infer<typeof ZMessageFeedback>;

export const ZTokenUsage = z
  .object({
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    /** Counted by Themis because the provider did not report it. */
    estimated: z.boolean(),
  })
  .meta({ id: 'TokenUsage' });

export const ZMessage = z
  .object({
    pk: z.string(),
    conversation_pk: z.string(),
    /** Increases along the conversation; pages and resumes are keyed by it. */
    seq: z.number().int(),
    /** The message this one follows (an answer its question); null for a first question. */
    parent_pk: z.string().nullable(),
    role: z.enum(MESSAGE_ROLES),
    content: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    /** Set when status is 'error': why the answer stopped. */
    error_code: z.enum(['message_generating_error']).nullable(),
    model_id: z.string().nullable(),
    attachments: z.array(ZAttachment),
    feedback: ZMessageFeedback.nullable(),
    usage: ZTokenUsage.nullable(),
    created_at: ZIsoDate,
    /**
     * Which of its versions this is ("2 / 3"): the answers written again for one question,
     * or the questions edited in one place. The conversation shows one version of each step.
     */
    version: z.number().int().min(1),
    versions: z.number().int().min(1),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof ZMessage>;

export const ZConversation = z
  .object({
    pk: z.string(),
    name: z.string(),
    created_at: ZIsoDate,
    /** The last question or answer; the history panel groups and sorts by it. */
    updated_at: ZIsoDate,
    /** An answer is being written right now. */
    is_streaming: z.boolean(),
    /** Stored sealed under its owner's data key. */
    is_encrypted: z.boolean(),
    /** Encrypted and not unlocked in this session: `name` is empty, messages are refused. */
    is_locked: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ZConversation>;

export const ZConversationCreateRequest = z
  .object({ name: z.string().trim().max(CONVERSATION_NAME_MAX).optional() })
  .meta({ id: 'ConversationCreateRequest' });

export const ZConversationRenameRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(CONVERSATION_NAME_MAX, 'validation.conversationNameMax'),
  })
  .meta({ id: 'ConversationRenameRequest' });

/** GET /conversation/list?cursor=&limit=: newest activity first. */
export const ZConversationPage = z
  .object({ items: z.array(ZConversation), next_cursor: z.string().nullable() })
  .meta({ id: 'ConversationPage' });
export type ConversationPage = z.infer<typeof ZConversationPage>;

/**
 * GET /conversation/messages/{pk}: a page of messages, oldest first. Without a key it is the
 * latest page; `before_seq` pages back, `after_seq` forward, and `around_seq` opens the page
 * holding that message (a search hit at any depth). At most one key is given.
 */
export const ZMessagePageQuery = z
  .object({
    before_seq: z.coerce.number().int().min(1).optional(),
    after_seq: z.coerce.number().int().min(0).optional(),
    around_seq: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
  })
  .refine(
    (query) =>
      [query.before_seq, query.after_seq, query.around_seq].filter((key) => key !== undefined)
        .length <= 1,
    { message: 'validation.invalid', path: ['around_seq'] },
  );
export type MessagePageQuery = z.input<typeof ZMessagePageQuery>;

export const ZMessagePage = z
  .object({
    items: z.array(ZMessage),
    /** Older messages exist before the first item. */
    has_more: z.boolean(),
    /** Newer messages exist after the last item (a page opened by `around_seq` or paged back). */
    has_newer: z.boolean(),
  })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof ZMessagePage>;

/**
 * POST /conversation/switch-version/{pk}: shows another version of a shown message, and
 * below it the newest branch that follows it. Answers the latest page of the new branch.
 */
export const ZSwitchVersionRequest = z
  .object({ message_pk: z.uuid(), version: z.number().int().min(1) })
  .meta({ id: 'SwitchVersionRequest' });
export type SwitchVersionRequest = z.infer<typeof ZSwitchVersionRequest>;

export const ZSearchQuery = z.object({
  q: z.string().trim().min(1, 'validation.required').max(SEARCH_QUERY_MAX),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** One hit: a conversation by its name, or a message in it (jump to `message_seq`). */
export const ZSearchHit = z
  .object({
    conversation_pk: z.string(),
    conversation_name: z.string(),
    message_pk: z.string().nullable(),
    message_seq: z.number().int().nullable(),
    /** Plain text around the match; the web app highlights the query itself. */
    snippet: z.string(),
    updated_at: ZIsoDate,
  })
  .meta({ id: 'SearchHit' });
export const ZSearchResult = z.object({ items: z.array(ZSearchHit) }).meta({ id: 'SearchResult' });
export type SearchHit = z.infer<typeof ZSearchHit>;

export const ZMessageFeedbackRequest = z
  .object({
    value: z.enum(FEEDBACK_VALUES),
    reason: z.enum(BAD_FEEDBACK_REASONS).optional(),
    comment: z.string().trim().max(FEEDBACK_COMMENT_MAX, 'validation.messageMax').optional(),
  })
  .refine((body) => body.value === 'good' || body.reason !== undefined, {
    message: 'validation.required',
    path: ['reason'],
  })
  .meta({ id: 'MessageFeedbackRequest' });
export type MessageFeedbackRequest = z.infer<typeof ZMessageFeedbackRequest>;

/** GET /usage/current: this calendar month's tokens against the plan's limit. */
export const ZUsageResponse = z
  .object({
    month: z.string(),
    used_tokens: z.number().int(),
    limit_tokens: z.number().int(),
  })
  .meta({ id: 'Usage' });
export type UsageResponse = z.infer<typeof ZUsageResponse>;

/** The question typed in the chat input, as the web form and the server check it. */
export const ZChatInput = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(CHAT_INPUT_MAX, 'validation.chatInputMax');

const ZRequestId = z.string().min(1).max(64);
const ZPk = z.uuid();

/** What the browser sends on /ws for the chat (joined into ZClientMessage). */
export const ZChatClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chat.send'),
    request_id: ZRequestId,
    conversation_pk: ZPk,
    content: ZChatInput,
    // Empty is answered with no_model_selected rather than a validation error.
    model_id: z.string().max(200),
    // More than CHAT_FILES_MAX is answered with too_many_files, as the upload route does.
    attachment_pks: z.array(ZPk).default([]),
    language: z.enum(LANGUAGES),
  }),
  /** Writes a shown answer again (the last one by default) as its new version. */
  z.object({
    type: z.literal('chat.regenerate'),
    request_id: ZRequestId,
    conversation_pk: ZPk,
    message_pk: ZPk.optional(),
    // Empty is answered with no_model_selected rather than a validation error.
    model_id: z.string().max(200),
    language: z.enum(LANGUAGES),
  }),
  /**
   * Asks a shown question (the last one by default) again in other words: a new version of
   * it, and the conversation goes on from there; what followed the old one stays a version.
   */
  z.object({
    type: z.literal('chat.edit'),
    request_id: ZRequestId,
    conversation_pk: ZPk,
    message_pk: ZPk.optional(),
    content: ZChatInput,
    // Empty is answered with no_model_selected rather than a validation error.
    model_id: z.string().max(200),
    language: z.enum(LANGUAGES),
  }),
  z.object({ type: z.literal('chat.stop'), conversation_pk: ZPk }),
  /**
   * Follows a conversation: an answer being written is sent from `from_offset` (characters
   * this tab already has) and then as it grows: how a reload or a second tab resumes.
   */
  z.object({
    type: z.literal('chat.subscribe'),
    conversation_pk: ZPk,
    from_offset: z.number().int().min(0).default(0),
  }),
  z.object({ type: z.literal('chat.unsubscribe'), conversation_pk: ZPk }),
]);
export type ChatClientMessage = z.infer<typeof ZChatClientMessage>;

/** What the server sends on /ws for the chat (joined into ZServerMessage). */
export const ZChatServerMessage = z.discriminatedUnion('type', [
  /**
   * The question is stored and its answer has started (status 'streaming'). Sent to every tab
   * following the conversation; a regenerate or edit keeps the question's pk.
   */
  z.object({
    type: z.literal('chat.accepted'),
    request_id: ZRequestId,
    conversation_pk: z.string(),
    question: ZMessage,
    answer: ZMessage,
  }),
  /** `text` continues the answer at character `offset`; a resumed tab skips what it has. */
  z.object({
    type: z.literal('chat.delta'),
    conversation_pk: z.string(),
    message_pk: z.string(),
    offset: z.number().int(),
    text: z.string(),
  }),
  /** The answer is final: complete, cancelled (stopped) or error (what was written is kept). */
  z.object({ type: z.literal('chat.done'), conversation_pk: z.string(), message: ZMessage }),
  z.object({ type: z.literal('conversation.updated'), conversation: ZConversation }),
  /**
   * Another version was shown (POST /conversation/switch-version): a tab that does not show
   * `message_pk` loads the branch now shown.
   */
  z.object({
    type: z.literal('conversation.branch_changed'),
    conversation_pk: z.string(),
    message_pk: z.string(),
  }),
]);
export type ChatServerMessage = z.infer<typeof ZChatServerMessage>;

/**
 * Limits and kinds of the chat, free of zod so pages can use them without the schemas.
 */

/** Characters a question may have ('Max chat input length exceeded ({length})'). */
export const CHAT_INPUT_MAX = 10_000;
/** Files attached to one message. */
export const CHAT_FILES_MAX = 3;
/** Bytes of one attached file ('Files exceed max size!'). */
export const CHAT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Attachment types, checked by content on the server (spec §3 accepted upload types). */
export const CHAT_FILE_TYPES = {
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
} as const;
export type ChatFileType = keyof typeof CHAT_FILE_TYPES;

export const CONVERSATION_NAME_MAX = 100;
export const CONVERSATION_PAGE_SIZE = 30;
export const MESSAGE_PAGE_SIZE = 50;
/** The most messages one page request may ask for. */
export const MESSAGE_PAGE_MAX = 200;
export const SEARCH_QUERY_MAX = 200;

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
/** streaming: being written; the others are final. */
export const MESSAGE_STATUSES = ['streaming', 'complete', 'cancelled', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const FEEDBACK_VALUES = ['good', 'bad'] as const;
/** Reasons offered for a bad answer; 'other' asks for the free text. */
export const BAD_FEEDBACK_REASONS = [
  'inaccurate',
  'outdated_law',
  'missing_source',
  'not_helpful',
  'wrong_language',
  'other',
] as const;
export const FEEDBACK_COMMENT_MAX = 2000;

import { z } from 'zod';
import { LANGUAGES } from './constants';

/** What a conversation exports to: the format firms edit, the one they file, and plain text. */
export const EXPORT_FORMATS = ['docx', 'pdf', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
};

/** An IANA time zone the runtime knows ("Europe/Warsaw"), for the export's dates. */
export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /conversation/export/{conversation_pk} and /conversation/share/export/{secret}: the
 * conversation as a file in the reader's language (the page's; the account's when none is
 * given), dated in their time zone (UTC when none is given).
 */
// No schema id: the API description inlines a querystring's fields.
export const ZExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS),
  time_zone: z.string().max(64).refine(isKnownTimeZone, 'validation.invalid').default('UTC'),
  lang: z.enum(LANGUAGES).optional(),
});
export type ExportQuery = z.input<typeof ZExportQuery>;

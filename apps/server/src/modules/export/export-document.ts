import type { CheckedLegalSource, Language, LegalSourceMode } from '@themis/shared';
import { KNOWN_ACTS, findCitations, officialLink, sourceKey } from '@themis/shared/citations';
import { describeSource, EXPORT_COPY, type ExportCopy } from './export-copy';

/** A source an answer cites, as its list names it. */
export interface ExportSource {
  key: string;
  /** The citation as the answer first wrote it. */
  cited: string;
  /** The act's title (the register's, or the table's), else what it is and its number. */
  name: string;
  url: string;
  /** What its check found; null when checking is off. */
  state: CheckedLegalSource['state'] | null;
  repealedOn: string | null;
  repealedBy: string | null;
}

export interface ExportMessage {
  role: 'user' | 'assistant';
  /** A question as typed; an answer in Markdown. */
  content: string;
  status: 'complete' | 'cancelled' | 'error' | 'streaming';
  createdAt: string;
  model: string | null;
  attachments: string[];
  sources: ExportSource[];
}

/** Everything an exported file shows, in the reader's language; each format lays it out. */
export interface ExportDocument {
  language: Language;
  copy: ExportCopy;
  title: string;
  /** The organization's name and logo (PNG), or the user's name. */
  letterhead: { name: string; logo: Buffer | null };
  exportedBy: string;
  exportedAt: string;
  models: string[];
  /** Taken from a shared link's copy rather than the reader's own conversation. */
  shared: boolean;
  messages: ExportMessage[];
}

export interface ExportMessageInput {
  role: 'user' | 'assistant';
  content: string;
  status: ExportMessage['status'];
  createdAt: Date;
  modelId: string | null;
  attachments: string[];
}

const TITLES = new Map(KNOWN_ACTS.map((act) => [sourceKey(act.ref), act.title]));

/** pl: `04.12.2026, 19:40`; en: `4 December 2026 at 19:40`; in the reader’s time zone. */
function exportDateFormatter(language: Language, timeZone: string): (date: Date) => string {
  const format =
    language === 'pl'
      ? new Intl.DateTimeFormat('pl-PL', {
          timeZone,
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })
      : new Intl.DateTimeFormat('en-GB', {
          timeZone,
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        });
  return (date) => format.format(date);
}

/** The sources an answer cites, once each, in the order it first cites them. */
function sourcesOf(options: {
  answer: string;
  language: Language;
  mode: LegalSourceMode;
  checks: ReadonlyMap<string, CheckedLegalSource>;
  copy: ExportCopy;
}): ExportSource[] {
  if (options.mode === 'off') return [];
  const seen = new Map<string, ExportSource>();
  for (const citation of findCitations(options.answer)) {
    const key = sourceKey(citation.source);
    if (seen.has(key)) continue;
    const check = options.checks.get(key);
    const known = TITLES.get(key);
    seen.set(key, {
      key,
      cited: citation.text,
      name:
        check?.title ?? known?.[options.language] ?? describeSource(citation.source, options.copy),
      url: check?.url ?? officialLink(citation.source, options.language),
      state: options.mode === 'verify' ? (check?.state ?? 'not_checked') : null,
      repealedOn: check?.repealed_on ?? null,
      repealedBy: check?.repealed_by ?? null,
    });
  }
  return [...seen.values()];
}

/** The keys of every source the answers cite, to read their checks in one go. */
export function citedKeys(messages: readonly { role: string; content: string }[]): string[] {
  const keys = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const citation of findCitations(message.content)) keys.add(sourceKey(citation.source));
  }
  return [...keys];
}

export function buildExportDocument(options: {
  language: Language;
  timeZone: string;
  now: Date;
  title: string;
  letterhead: ExportDocument['letterhead'];
  exportedBy: string;
  shared: boolean;
  mode: LegalSourceMode;
  checks: ReadonlyMap<string, CheckedLegalSource>;
  modelName: (modelId: string) => string;
  messages: readonly ExportMessageInput[];
}): ExportDocument {
  const { language } = options;
  const copy = EXPORT_COPY[language];
  const formatDate = exportDateFormatter(language, options.timeZone);
  const messages = options.messages.map((message): ExportMessage => ({
    role: message.role,
    content: message.content,
    status: message.status,
    createdAt: formatDate(message.createdAt),
    model: message.modelId && options.modelName(message.modelId),
    attachments: message.attachments,
    sources:
      message.role === 'assistant'
        ? sourcesOf({
            answer: message.content,
            language,
            mode: options.mode,
            checks: options.checks,
            copy,
          })
        : [],
  }));
  const models = [
    ...new Set(messages.flatMap((message) => (message.model ? [message.model] : []))),
  ];
  return {
    language,
    copy,
    title: options.title || copy.untitled,
    letterhead: options.letterhead,
    exportedBy: options.exportedBy,
    exportedAt: formatDate(options.now),
    models,
    shared: options.shared,
    messages,
  };
}

import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  MONTH_LABEL_FORMAT,
  type DateFormatName,
  type Language,
} from '@themis/shared';
import { format as formatWithPattern, parseISO, type Locale } from 'date-fns';
import { enUS, pl } from 'date-fns/locale';
import { reportError } from './reporting';

const TIME_SUFFIX = ' HH:mm:ss';
const INVALID_DATE_TEXT = '-';

export type DateInput = Date | string | number;

export interface WeekOptions {
  weekStartsOn: 0 | 1;
  firstWeekContainsDate: 1 | 4;
}

const LOCALES: Record<Language, Locale> = { en: enUS, pl };

const WEEK_OPTIONS: Record<Language, WeekOptions> = {
  en: { weekStartsOn: 0, firstWeekContainsDate: 1 },
  pl: { weekStartsOn: 1, firstWeekContainsDate: 4 },
};

export function dateLocale(language: Language = DEFAULT_LANGUAGE): Locale {
  return LOCALES[language];
}

export function weekOptions(language: Language = DEFAULT_LANGUAGE): WeekOptions {
  return WEEK_OPTIONS[language];
}

function toDate(value: DateInput): Date {
  return typeof value === 'string' ? parseISO(value) : new Date(value);
}

function safeFormat(value: DateInput, pattern: string, language: Language): string {
  try {
    return formatWithPattern(toDate(value), pattern, {
      locale: dateLocale(language),
      ...weekOptions(language),
    });
  } catch (error) {
    void reportError(error, { dateValue: String(value), datePattern: pattern });
    return INVALID_DATE_TEXT;
  }
}

export interface FormatDateOptions {
  withTime?: boolean;
  language?: Language;
}

/** Formats a date with one of the product's formats; an invalid date gives '-' and is reported. */
export function formatDate(
  value: DateInput,
  format: DateFormatName = DEFAULT_DATE_FORMAT,
  { withTime = false, language = DEFAULT_LANGUAGE }: FormatDateOptions = {},
): string {
  const pattern = DATE_FORMATS[format] + (withTime ? TIME_SUFFIX : '');
  return safeFormat(value, pattern, language);
}

/** A month heading such as 'November 2025' or 'listopad 2025'. */
export function formatMonthLabel(value: DateInput, language: Language = DEFAULT_LANGUAGE): string {
  return safeFormat(value, MONTH_LABEL_FORMAT, language);
}

import { LOGGED_URL_LENGTH } from '@themis/shared';

export const RECENT_LOG_SIZE = 50;

export interface LogEntry {
  at: string;
  level: 'info' | 'warn' | 'error';
  message: string;
}

const entries: LogEntry[] = [];

/** Cuts a URL so the log never carries long paths or query strings (tokens, secrets). */
export function truncateUrl(url: string): string {
  return url.length > LOGGED_URL_LENGTH ? url.slice(0, LOGGED_URL_LENGTH) : url;
}

/** Path and query of a URL, cut to the logged length. */
export function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    return truncateUrl(parsed.pathname + parsed.search);
  } catch {
    return truncateUrl(url);
  }
}

export function logEvent(level: LogEntry['level'], message: string): void {
  entries.push({ at: new Date().toISOString(), level, message });
  if (entries.length > RECENT_LOG_SIZE) entries.splice(0, entries.length - RECENT_LOG_SIZE);
}

/** A copy of the recent entries, oldest first, attached to error reports. */
export function recentLog(): LogEntry[] {
  return entries.slice();
}

export function clearLog(): void {
  entries.length = 0;
}

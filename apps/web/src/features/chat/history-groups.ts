import type { Conversation } from '@themis/shared';

export type HistoryGroup = 'today' | 'yesterday' | 'lastWeek' | 'earlier';

export type HistoryRow =
  { kind: 'header'; group: HistoryGroup } | { kind: 'conversation'; conversation: Conversation };

const DAY_MS = 86_400_000;

/** The calendar day of a moment in the browser's time zone, counted in days since 1970. */
const calendarDay = (date: Date) =>
  Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;

/** The group of a conversation by its last activity, in the browser's time zone. */
export function historyGroup(updatedAt: string, now: Date): HistoryGroup {
  const days = calendarDay(now) - calendarDay(new Date(updatedAt));
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days <= 7) return 'lastWeek';
  return 'earlier';
}

/** Flat rows for the virtual list: a header before the first conversation of each group. */
export function historyRows(conversations: Conversation[], now: Date): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let previous: HistoryGroup | undefined;
  for (const conversation of conversations) {
    const group = historyGroup(conversation.updated_at, now);
    if (group !== previous) rows.push({ kind: 'header', group });
    previous = group;
    rows.push({ kind: 'conversation', conversation });
  }
  return rows;
}

import type { Conversation } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { historyGroup, historyRows } from './history-groups';

// Local times, so the test holds in any time zone.
const now = new Date(2026, 10, 22, 9, 30);
const at = (day: number, hour = 12) => new Date(2026, 10, day, hour).toISOString();

function conversation(pk: string, updatedAt: string): Conversation {
  return {
    pk,
    name: pk,
    created_at: updatedAt,
    updated_at: updatedAt,
    is_streaming: false,
    is_encrypted: false,
    is_locked: false,
  };
}

describe('history groups', () => {
  it('groups by calendar day in the local time zone', () => {
    expect(historyGroup(new Date(2026, 10, 22, 0, 5).toISOString(), now)).toBe('today');
    expect(historyGroup(new Date(2026, 10, 21, 23, 55).toISOString(), now)).toBe('yesterday');
    expect(historyGroup(at(20), now)).toBe('lastWeek');
    expect(historyGroup(at(15), now)).toBe('lastWeek');
    expect(historyGroup(at(14), now)).toBe('earlier');
    expect(historyGroup(new Date(2025, 10, 22).toISOString(), now)).toBe('earlier');
    // A clock slightly ahead of the browser's still counts as today.
    expect(historyGroup(new Date(2026, 10, 22, 10).toISOString(), now)).toBe('today');
  });

  it('counts calendar days across a month and a year', () => {
    const newYear = new Date(2027, 0, 1, 0, 30);
    expect(historyGroup(new Date(2026, 11, 31, 23, 59).toISOString(), newYear)).toBe('yesterday');
    expect(historyGroup(new Date(2026, 11, 25, 1).toISOString(), newYear)).toBe('lastWeek');
    expect(historyGroup(new Date(2026, 11, 24, 23).toISOString(), newYear)).toBe('earlier');
    // A month of 28 days: the first of March is the day after the 28th of February.
    const march = new Date(2027, 2, 1, 8);
    expect(historyGroup(new Date(2027, 1, 28, 20).toISOString(), march)).toBe('yesterday');
  });

  it('puts one header before each group that has conversations', () => {
    const rows = historyRows(
      [conversation('a', at(22, 8)), conversation('b', at(22, 7)), conversation('c', at(10))],
      now,
    );
    expect(rows.map((row) => (row.kind === 'header' ? row.group : row.conversation.pk))).toEqual([
      'today',
      'a',
      'b',
      'earlier',
      'c',
    ]);
  });
});

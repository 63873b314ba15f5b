import { TERMS_DATE_SHOWN } from '@themis/shared';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatMonthLabel, weekOptions } from './dates';
import { reportError } from './reporting';

vi.mock('./reporting', () => ({ reportError: vi.fn(() => Promise.resolve()) }));

const date = new Date(2025, 10, 7, 14, 3, 9);

describe('formatDate', () => {
  it('uses the EU format by default', () => {
    expect(formatDate(date)).toBe('07.11.2025');
  });

  it('supports the ISO and US formats, with or without time', () => {
    expect(formatDate(date, 'ISO')).toBe('2025-11-07');
    expect(formatDate(date, 'US')).toBe('11/07/2025');
    expect(formatDate(date, 'EU', { withTime: true })).toBe('07.11.2025 14:03:09');
    expect(formatDate(date, 'ISO', { withTime: true, language: 'pl' })).toBe('2025-11-07 14:03:09');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDate('2025-11-07')).toBe('07.11.2025');
    expect(formatDate(date.getTime(), 'US')).toBe('11/07/2025');
  });

  it("returns '-' for an invalid date and reports it", () => {
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(Number.NaN)).toBe('-');
    expect(reportError).toHaveBeenCalledTimes(2);
  });
});

describe('the terms date', () => {
  it('is shown in the format of every other date', () => {
    expect(TERMS_DATE_SHOWN).toBe(formatDate(new Date(2025, 4, 19)));
  });
});

describe('formatMonthLabel', () => {
  it('names the month in the language', () => {
    expect(formatMonthLabel(date, 'en')).toBe('November 2025');
    expect(formatMonthLabel(date, 'pl')).toBe('listopad 2025');
  });
});

describe('weekOptions', () => {
  it('starts the Polish week on Monday with the first-four-days rule', () => {
    expect(weekOptions('pl')).toEqual({ weekStartsOn: 1, firstWeekContainsDate: 4 });
    expect(weekOptions('en')).toEqual({ weekStartsOn: 0, firstWeekContainsDate: 1 });
  });
});

import { LOGGED_URL_LENGTH } from '@themis/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_LOG_SIZE, clearLog, logEvent, loggableUrl, recentLog, truncateUrl } from './log';

beforeEach(() => clearLog());

describe('recent log', () => {
  it('keeps only the newest entries', () => {
    for (let index = 0; index < RECENT_LOG_SIZE + 5; index += 1) logEvent('info', `entry ${index}`);
    const entries = recentLog();
    expect(entries).toHaveLength(RECENT_LOG_SIZE);
    expect(entries[0]?.message).toBe('entry 5');
    expect(entries.at(-1)?.message).toBe(`entry ${RECENT_LOG_SIZE + 4}`);
  });

  it('returns a copy', () => {
    logEvent('warn', 'one');
    recentLog().pop();
    expect(recentLog()).toHaveLength(1);
  });

  it('cuts URLs to the logged length and drops the origin', () => {
    const long = `/conversation/share/list-messages/${'x'.repeat(60)}`;
    expect(truncateUrl(long)).toHaveLength(LOGGED_URL_LENGTH);
    expect(truncateUrl('/short')).toBe('/short');
    expect(loggableUrl('https://api.example.com/api/user/get?x=1')).toBe('/api/user/get?x=1');
    expect(loggableUrl(`https://api.example.com${long}`)).toHaveLength(LOGGED_URL_LENGTH);
  });
});

import type { ErrorEvent } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubMessage } from './scrub-event';

describe('scrubEvent', () => {
  it('keeps the error, the method, the URL without its query, the user agent and the user id', () => {
    const event: ErrorEvent = {
      type: undefined,
      environment: 'production',
      transaction: 'POST /api/user/update',
      request: {
        method: 'POST',
        url: 'https://themis.example/api/user/update?token=secret#part',
        data: { password: 'Correct-Horse-9' },
        query_string: 'token=secret',
        cookies: { access: 'jwt' },
        env: { REMOTE_ADDR: '198.51.100.7' },
        headers: {
          'User-Agent': 'Firefox',
          authorization: 'Bearer secret',
          cookie: 'access=jwt',
          'x-forwarded-for': '198.51.100.7',
        },
      },
      user: { id: 'b3c1', email: 'ada@example.com', ip_address: '198.51.100.7', username: 'ada' },
      breadcrumbs: [{ message: 'ada@example.com signed in' }],
      extra: { body: 'anything' },
      exception: { values: [{ type: 'Error', value: 'no plan for ada@example.com' }] },
    };
    expect(scrubEvent(event)).toEqual({
      type: undefined,
      environment: 'production',
      transaction: 'POST /api/user/update',
      request: {
        method: 'POST',
        url: 'https://themis.example/api/user/update',
        headers: { 'user-agent': 'Firefox' },
      },
      user: { id: 'b3c1' },
      exception: { values: [{ type: 'Error', value: 'no plan for [email]' }] },
    });
  });

  it('drops a user without an id, and the headers when there is no user agent', () => {
    const scrubbed = scrubEvent({
      type: undefined,
      user: { email: 'ada@example.com' },
      request: { headers: { cookie: 'a=b' } },
      message: 'mail to ada@example.com failed',
    });
    expect(scrubbed).toEqual({ type: undefined, request: {}, message: 'mail to [email] failed' });
  });
});

describe('scrubMessage', () => {
  it("replaces a failed query's text and parameters", () => {
    const message = 'Failed query: select * from users where email = $1\nparams: ada@example.com';
    expect(scrubMessage(message)).toBe('database query failed');
  });

  it('leaves a message without an address as it is', () => {
    expect(scrubMessage('relation "jobs" does not exist')).toBe('relation "jobs" does not exist');
  });
});

import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './logger';

describe('redactUrl', () => {
  it('hides secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/reset?token=abc&lang=pl')).toBe('/api/reset?token=[Redacted]&lang=pl');
    expect(redactUrl('/cb?state=s1&code=123456')).toBe('/cb?state=[Redacted]&code=[Redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides the secret segment of every route that carries one in its path', () => {
    const cases: [string, string][] = [
      ['/reset-password/tok_1-A', '/reset-password/[Redacted]'],
      ['/reset-password/tok?lang=pl', '/reset-password/[Redacted]?lang=pl'],
      ['/api/auth/password-reset/verify/tok', '/api/auth/password-reset/verify/[Redacted]'],
      ['/chat/share/s3cret/', '/chat/share/[Redacted]/'],
      ['/api/conversation/share/verify/s3cret', '/api/conversation/share/verify/[Redacted]'],
      [
        '/api/conversation/share/list-messages/s3cret?page=2',
        '/api/conversation/share/list-messages/[Redacted]?page=2',
      ],
      ['/Reset-Password/tok', '/Reset-Password/[Redacted]'],
      ['//reset-password//tok', '//reset-password//[Redacted]'],
      ['https://app.example/reset-password/tok', 'https://app.example/reset-password/[Redacted]'],
    ];
    for (const [url, redacted] of cases) expect(redactUrl(url), url).toBe(redacted);
  });

  it('leaves paths without a secret alone', () => {
    for (const url of [
      '/reset-password',
      '/reset-password/',
      '/api/conversation/share/list',
      '/api/user/session/delete/0b6f7c9e-1d2a-4c3b-8e9f-0a1b2c3d4e5f',
      '/chat/5b1c',
      '/x/reset-password/tok',
    ]) {
      expect(redactUrl(url), url).toBe(url);
    }
  });
});

describe('serializeError', () => {
  it("keeps a failed query's kind, code and place, never its parameters or row values", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (email)=(anna@example.com) already exists.',
    });
    const failed = Object.assign(
      new Error('Failed query: update users set name = $1\nparams: Anna Kowalska,anna@example.com'),
      { query: 'update users set name = $1', params: ['Anna Kowalska', 'anna@example.com'], cause },
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).not.toContain('Anna');
    expect(logged).not.toContain('anna@example.com');
    expect(serializeError(failed)).toMatchObject({
      message: 'database query failed',
      cause: { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    });
    expect(serializeError(failed).stack).toMatch(/^\s+at /);
  });

  it('keeps an ordinary error as it is', () => {
    const error = new Error('provider refused');
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'provider refused' });
  });
});

import { APP_VERSION, DEFAULT_RUNTIME_CONFIG } from '@themis/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLog, logEvent } from './log';
import { createErrorReporter } from './reporting';

beforeEach(() => {
  clearLog();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function fakeSentry() {
  return { init: vi.fn(), captureException: vi.fn(), captureFeedback: vi.fn() };
}

describe('error reporter', () => {
  it('only logs to the console without a DSN', async () => {
    const loadSentry = vi.fn(async () => fakeSentry());
    const reporter = createErrorReporter({ config: () => DEFAULT_RUNTIME_CONFIG, loadSentry });
    const error = new Error('boom');
    await reporter.report(error);
    reporter.start();
    expect(loadSentry).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(error, '');
  });

  it('loads the SDK once and sends the error with the recent log attached', async () => {
    const sentry = fakeSentry();
    const loadSentry = vi.fn(async () => sentry);
    const reporter = createErrorReporter({
      config: () => ({
        ...DEFAULT_RUNTIME_CONFIG,
        sentryDsn: 'https://k@s.test/1',
        environment: 'qa',
      }),
      loadSentry,
    });
    logEvent('info', 'request GET /api/user/get');
    const error = new Error('boom');
    await reporter.report(error, { during: 'test' });
    await reporter.report(new Error('again'));

    expect(loadSentry).toHaveBeenCalledOnce();
    expect(sentry.init).toHaveBeenCalledExactlyOnceWith(
      // The release is the application's version.
      expect.objectContaining({
        dsn: 'https://k@s.test/1',
        environment: 'qa',
        release: APP_VERSION,
      }),
    );
    const [sent, hint] = sentry.captureException.mock.calls[0] as [unknown, Record<string, never>];
    expect(sent).toBe(error);
    expect(hint).toMatchObject({
      attachments: [{ filename: 'recent-log.json', contentType: 'application/json' }],
      captureContext: { extra: { during: 'test' } },
    });
    expect(JSON.stringify(hint)).toContain('request GET /api/user/get');
  });

  it('survives an SDK that fails to load', async () => {
    const reporter = createErrorReporter({
      config: () => ({ ...DEFAULT_RUNTIME_CONFIG, sentryDsn: 'https://k@s.test/1' }),
      loadSentry: () => Promise.reject(new Error('chunk failed')),
    });
    await expect(reporter.report(new Error('boom'))).resolves.toBeUndefined();
  });

  it('sends user feedback only when a DSN is set', async () => {
    const feedback = {
      message: 'Great',
      email: 'a@example.com',
      name: 'Anna',
      tags: { type: 'info' },
    };
    const silent = fakeSentry();
    await createErrorReporter({
      config: () => DEFAULT_RUNTIME_CONFIG,
      loadSentry: async () => silent,
    }).feedback(feedback);
    expect(silent.captureFeedback).not.toHaveBeenCalled();

    const sentry = fakeSentry();
    const reporter = createErrorReporter({
      config: () => ({ ...DEFAULT_RUNTIME_CONFIG, sentryDsn: 'https://k@s.test/1' }),
      loadSentry: async () => sentry,
    });
    await reporter.feedback(feedback);
    expect(sentry.captureFeedback).toHaveBeenCalledWith(feedback);
  });
});

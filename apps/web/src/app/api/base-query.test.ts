import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { DEFAULT_RUNTIME_CONFIG, LOGGED_URL_LENGTH, type RuntimeConfig } from '@themis/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLog, recentLog } from '../log';
import { createErrorReporter } from '../reporting';
import { setSessionEnding } from '../session';
import { createSessionBaseQuery, loginRedirectUrl, parseRetryAfter } from './base-query';
import { errorMessageKey } from './error-message';

const REFRESH_URL = 'http://api.test/api/auth/token/refresh';
const config: RuntimeConfig = {
  ...DEFAULT_RUNTIME_CONFIG,
  protocol: 'http',
  apiHost: 'api.test',
  tokenRefreshUrl: REFRESH_URL,
};

type Reply = Response | Error | Promise<Response>;

/** A scripted fetch: API and refresh calls each take the next reply from their own queue. */
function scriptedFetch({ api = [], refresh = [] }: { api?: Reply[]; refresh?: Reply[] }) {
  const calls: string[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const isRefresh = url === REFRESH_URL;
    calls.push(isRefresh ? 'refresh' : 'api');
    if (isRefresh) expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    else expect((input as Request).credentials).toBe('include');
    const reply = (isRefresh ? refresh : api).shift();
    if (!reply) throw new Error(`unscripted ${url}`);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return { fetchFn, calls };
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const unauthorized = () => json(401, { detail: 'invalid_credentials' });

function baseQueryApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: vi.fn(),
    dispatch: vi.fn(),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

function setup(fetchFn: ReturnType<typeof scriptedFetch>['fetchFn'], report = vi.fn()) {
  const redirect = vi.fn();
  const baseQuery = createSessionBaseQuery({
    config,
    fetchFn,
    redirect,
    currentPath: () => '/chat/42?tab=files',
    report,
  });
  const run = (url = '/user/get', loginRedirect?: boolean) =>
    baseQuery(url, baseQueryApi(), { loginRedirect });
  return { run, redirect, report };
}

beforeEach(() => clearLog());

describe('session base query', () => {
  it('returns data of a successful call without refreshing', async () => {
    const { fetchFn, calls } = scriptedFetch({ api: [json(200, { pk: 1 })] });
    const { run } = setup(fetchFn);
    await expect(run()).resolves.toMatchObject({ data: { pk: 1 } });
    expect(calls).toEqual(['api']);
    expect(String((fetchFn.mock.calls[0]?.[0] as Request).url)).toBe(
      'http://api.test/api/user/get',
    );
  });

  it('refreshes after a 401 and repeats the call once', async () => {
    const { fetchFn, calls } = scriptedFetch({
      api: [unauthorized(), json(200, { pk: 1 })],
      refresh: [new Response(null, { status: 200 })],
    });
    const { run, redirect } = setup(fetchFn);
    await expect(run()).resolves.toMatchObject({ data: { pk: 1 } });
    expect(calls).toEqual(['api', 'refresh', 'api']);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not refresh again when the repeated call is still unauthorized', async () => {
    const { fetchFn, calls } = scriptedFetch({
      api: [unauthorized(), unauthorized()],
      refresh: [new Response(null, { status: 200 })],
    });
    const { run } = setup(fetchFn);
    await expect(run()).resolves.toMatchObject({ error: { status: 401 } });
    expect(calls).toEqual(['api', 'refresh', 'api']);
  });

  it('sends the browser to login with the current page when the refresh is refused', async () => {
    const { fetchFn, calls } = scriptedFetch({
      api: [unauthorized()],
      refresh: [new Response(null, { status: 401 })],
    });
    const { run, redirect } = setup(fetchFn);
    await expect(run()).resolves.toMatchObject({ error: { status: 401 } });
    expect(calls).toEqual(['api', 'refresh']);
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/login?from=%2Fchat%2F42%3Ftab%3Dfiles');
    expect(loginRedirectUrl('/chat/42?tab=files')).toBe('/login?from=%2Fchat%2F42%3Ftab%3Dfiles');
  });

  it('leads to the bare login page while the session is ended on purpose', () => {
    setSessionEnding(true);
    try {
      expect(loginRedirectUrl('/chat')).toBe('/login');
    } finally {
      setSessionEnding(false);
    }
    expect(loginRedirectUrl('/chat')).toBe('/login?from=%2Fchat');
  });

  it('retries a refresh that throws, then repeats the call', async () => {
    const { fetchFn, calls } = scriptedFetch({
      api: [unauthorized(), json(200, { pk: 1 })],
      refresh: [new TypeError('Failed to fetch'), new Response(null, { status: 200 })],
    });
    const { run, report } = setup(fetchFn);
    await expect(run()).resolves.toMatchObject({ data: { pk: 1 } });
    expect(calls).toEqual(['api', 'refresh', 'refresh', 'api']);
    expect(report).not.toHaveBeenCalled();
  });

  it('reports a refresh that throws twice, with the recent log attached', async () => {
    const captureException = vi.fn();
    const reporter = createErrorReporter({
      config: () => ({ ...config, sentryDsn: 'https://key@sentry.test/1' }),
      loadSentry: async () => ({ init: vi.fn(), captureException, captureFeedback: vi.fn() }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const networkError = new TypeError('Failed to fetch');
    const longPath = '/conversation/share/list-messages/a-very-long-share-secret-0123456789';
    const { fetchFn, calls } = scriptedFetch({
      api: [unauthorized()],
      refresh: [new TypeError('Failed to fetch'), networkError],
    });
    const report = vi.fn((error: unknown, context?: Record<string, unknown>) =>
      reporter.report(error, context),
    );
    const { run, redirect } = setup(fetchFn, report);

    await expect(run(longPath)).resolves.toMatchObject({ error: { status: 401 } });
    expect(calls).toEqual(['api', 'refresh', 'refresh']);
    expect(redirect).not.toHaveBeenCalled();
    expect(report).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(captureException).toHaveBeenCalledOnce());

    const [reported, hint] = captureException.mock.calls[0] as [
      unknown,
      { attachments: { filename: string; data: string }[] },
    ];
    expect(reported).toBe(networkError);
    const attachment = hint.attachments[0];
    expect(attachment?.filename).toBe('recent-log.json');
    const attachedLog = JSON.parse(attachment?.data ?? '[]') as { message: string }[];
    expect(attachedLog.length).toBeGreaterThanOrEqual(4);

    const loggedUrls = recentLog().flatMap(({ message }) => {
      const match = /^(?:request|response \d+|failed) [A-Z]+ (\S+)/.exec(message);
      return match?.[1] ? [match[1]] : [];
    });
    expect(loggedUrls.length).toBeGreaterThanOrEqual(4);
    for (const url of loggedUrls) expect(url.length).toBeLessThanOrEqual(LOGGED_URL_LENGTH);
    expect(JSON.stringify(attachedLog)).not.toContain(longPath);
  });

  it('lets concurrent 401s share one refresh', async () => {
    let finishRefresh: (response: Response) => void = () => undefined;
    const refreshReply = new Promise<Response>((resolve) => (finishRefresh = resolve));
    const { fetchFn, calls } = scriptedFetch({
      api: [
        unauthorized(),
        unauthorized(),
        unauthorized(),
        json(200, { n: 1 }),
        json(200, { n: 2 }),
        json(200, { n: 3 }),
      ],
      refresh: [refreshReply],
    });
    const { run } = setup(fetchFn);
    const pending = Promise.all([run('/a'), run('/b'), run('/c')]);
    await vi.waitFor(() => expect(calls).toEqual(['api', 'api', 'api', 'refresh']));
    finishRefresh(new Response(null, { status: 200 }));
    const results = await pending;
    expect(calls.filter((call) => call === 'refresh')).toHaveLength(1);
    expect(results.map((result) => result.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('passes error bodies through as {status, data: {detail}}', async () => {
    const { fetchFn } = scriptedFetch({ api: [json(400, { detail: 'code_invalid' })] });
    const { run } = setup(fetchFn);
    const result = await run();
    expect(result.error).toEqual({ status: 400, data: { detail: 'code_invalid' } });
    expect(errorMessageKey(result.error)).toBe('errors:codes.code_invalid');
  });

  it('leaves the redirect to the caller that asks for it', async () => {
    const { fetchFn } = scriptedFetch({
      api: [unauthorized()],
      refresh: [new Response(null, { status: 401 })],
    });
    const { run, redirect } = setup(fetchFn);
    await expect(run('/auth/verify', false)).resolves.toMatchObject({ error: { status: 401 } });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('redirects once when concurrent calls are refused', async () => {
    const { fetchFn } = scriptedFetch({
      api: [unauthorized(), unauthorized()],
      refresh: [new Response(null, { status: 401 })],
    });
    const { run, redirect } = setup(fetchFn);
    await Promise.all([run('/a'), run('/b')]);
    expect(redirect).toHaveBeenCalledOnce();
  });

  it('adds the Retry-After delay to an error', async () => {
    const limited = Response.json(
      { detail: 'rate_limited' },
      { status: 429, headers: { 'Retry-After': '42' } },
    );
    const { fetchFn } = scriptedFetch({ api: [limited] });
    const { run } = setup(fetchFn);
    const result = await run();
    expect(result.error).toEqual({
      status: 429,
      data: { detail: 'rate_limited' },
      retryAfterSeconds: 42,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-11-07T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Fri, 07 Nov 2025 10:00:09 GMT', now)).toBe(9);
    expect(parseRetryAfter('Fri, 07 Nov 2025 09:00:00 GMT', now)).toBe(1);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

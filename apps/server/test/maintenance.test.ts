import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZMaintenanceStatusResponse } from '@themis/shared';
import { runOperatorCommand, OperatorCommandError } from '../src/operator/commands';
import {
  operatorSocketPath,
  sendToRunningServer,
  startOperatorSocket,
} from '../src/operator/operator-socket';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const operator = (args: string) =>
  runOperatorCommand({
    db: t.database.db,
    config: t.config,
    now: new Date(),
    args: args.split(' '),
  });
const status = async () => {
  const res = await t.app.inject('/api/maintenance/status');
  expect(res.statusCode).toBe(200);
  return ZMaintenanceStatusResponse.parse(res.json());
};

afterEach(async () => {
  await operator('maintenance off');
  await operator('maintenance cancel');
});

describe('maintenance mode', () => {
  it('is off on a new installation', async () => {
    expect(await status()).toEqual({
      is_during_maintenance: false,
      maintenance_start_time: null,
      maintenance_end_time: null,
      message: { en: '', pl: '' },
    });
  });

  it('turns on with messages per language and an end time, then off', async () => {
    await runOperatorCommand({
      db: t.database.db,
      config: t.config,
      now: new Date(),
      args: [
        'maintenance',
        'on',
        '--until',
        '+2h',
        '--message-en',
        'Upgrading the database',
        '--message-pl',
        'Aktualizujemy bazę danych',
      ],
    });
    const on = await status();
    expect(on.is_during_maintenance).toBe(true);
    expect(on.message).toEqual({ en: 'Upgrading the database', pl: 'Aktualizujemy bazę danych' });
    const end = Date.parse(on.maintenance_end_time!);
    expect(end - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(end - Date.now()).toBeLessThanOrEqual(120 * 60_000);

    const result = await operator('maintenance off');
    expect(result.output).toBe('Maintenance is off.');
    expect((await status()).is_during_maintenance).toBe(false);
  });

  it('answers 503 service_under_maintenance on the rest of the API while on, with Retry-After', async () => {
    await operator('maintenance on --until +10m');
    const res = await t.app.inject({ method: 'GET', url: '/api/some/feature' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'service_under_maintenance' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
    for (const open of [
      '/api/health',
      '/api/ready',
      '/api/maintenance/status',
      '/api/runtime-config',
    ]) {
      expect((await t.app.inject(open)).statusCode, open).toBe(200);
    }
    await operator('maintenance off');
    expect((await t.app.inject('/api/some/feature')).statusCode).toBe(404);
  });

  it('reports a scheduled window without being in maintenance, and cancel removes it', async () => {
    const result = await runOperatorCommand({
      db: t.database.db,
      config: t.config,
      now: new Date(),
      args: [
        'maintenance',
        'schedule',
        '--start',
        '+1d',
        '--end',
        '+25h',
        '--message-pl',
        'Przerwa techniczna',
      ],
    });
    expect(result.output).toContain('scheduled');
    const scheduled = await status();
    expect(scheduled.is_during_maintenance).toBe(false);
    expect(Date.parse(scheduled.maintenance_start_time!)).toBeGreaterThan(Date.now());
    expect(
      Date.parse(scheduled.maintenance_end_time!) - Date.parse(scheduled.maintenance_start_time!),
    ).toBe(3_600_000);
    expect(scheduled.message).toEqual({ en: '', pl: 'Przerwa techniczna' });
    expect((await t.app.inject('/api/some/feature')).statusCode).toBe(404);

    expect((await operator('maintenance cancel')).output).toBe('Removed 1 scheduled window(s).');
    expect((await status()).maintenance_start_time).toBeNull();
  });

  it('ends by itself at its end time', async () => {
    const past = new Date(Date.now() - 60_000);
    await runOperatorCommand({
      db: t.database.db,
      config: t.config,
      now: new Date(past.getTime() - 60_000),
      args: ['maintenance', 'on', '--until', past.toISOString()],
    });
    expect((await status()).is_during_maintenance).toBe(false);
  });

  it('refuses bad operator input with a clear message and changes nothing', async () => {
    const bad = [
      'maintenance schedule --start +1h',
      'maintenance schedule --start +2h --end +1h',
      'maintenance schedule --start 2020-01-01T00:00:00Z --end +1h',
      'maintenance on --until yesterday',
      'maintenance on --until 2026-13-45T99:00',
      'maintenance on --colour red',
      'maintenance explode',
      'something else',
    ];
    for (const args of bad) {
      await expect(operator(args), args).rejects.toBeInstanceOf(OperatorCommandError);
    }
    await expect(
      runOperatorCommand({
        db: t.database.db,
        config: t.config,
        now: new Date(),
        args: ['maintenance', 'on', '--message-en', 'x'.repeat(501)],
      }),
    ).rejects.toThrow(/at most 500/);
    expect(await status()).toMatchObject({
      is_during_maintenance: false,
      maintenance_start_time: null,
    });
  });
});

describe('operator socket of a server on the embedded database', () => {
  let dataDir: string;
  let socket: { close(): Promise<void> };
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'themis-op-'));
    socket = await startOperatorSocket({
      app: t.app,
      config: { ...t.config, dataDir },
      database: t.database,
    });
  });
  afterAll(async () => {
    await socket.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is readable by the server user only', async () => {
    expect((await stat(operatorSocketPath({ dataDir }))).mode & 0o077).toBe(0);
  });

  it('runs commands inside the server and its status changes at once', async () => {
    const cached = await createTestApp({ maintenanceCacheMs: 60_000 });
    const cachedSocketDir = await mkdtemp(join(tmpdir(), 'themis-op-'));
    const cachedSocket = await startOperatorSocket({
      app: cached.app,
      config: { ...cached.config, dataDir: cachedSocketDir },
      database: cached.database,
    });
    try {
      expect(
        (await cached.app.inject('/api/maintenance/status')).json().is_during_maintenance,
      ).toBe(false);
      const answer = await sendToRunningServer({ dataDir: cachedSocketDir }, [
        'maintenance',
        'on',
        '--message-en',
        'Back soon',
      ]);
      expect(answer).toMatchObject({ status: 200 });
      expect(answer?.output).toContain('Maintenance is ON');
      const res = await cached.app.inject('/api/maintenance/status');
      expect(res.json()).toMatchObject({
        is_during_maintenance: true,
        message: { en: 'Back soon', pl: '' },
      });
      const refused = await sendToRunningServer({ dataDir: cachedSocketDir }, [
        'maintenance',
        'bogus',
      ]);
      expect(refused).toMatchObject({ status: 400, error: expect.stringContaining('bogus') });
    } finally {
      await cachedSocket.close();
      await cached.close();
      await rm(cachedSocketDir, { recursive: true, force: true });
    }
  });

  it('is reported absent when no server listens', async () => {
    expect(
      await sendToRunningServer({ dataDir: join(dataDir, 'nowhere') }, ['maintenance', 'status']),
    ).toBeUndefined();
  });
});

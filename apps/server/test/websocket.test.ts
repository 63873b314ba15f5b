import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_MAX_PAYLOAD } from '@themis/shared';
import { signedUpClient } from './accounts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';

let t: TestApp;
let url: string;
let access: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
  const { client } = await signedUpClient(t);
  access = client.jar.get('access')!;
});
afterAll(() => t.close());

function connect(origin = TEST_ORIGIN): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin, headers: { cookie: `access=${access}` } });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
const nextMessage = (socket: WebSocket) =>
  new Promise<unknown>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)))),
  );
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

describe('WebSocket /ws', () => {
  it('answers a ping with a pong', async () => {
    const socket = await connect();
    socket.send(JSON.stringify({ type: 'ping', id: 'a1' }));
    expect(await nextMessage(socket)).toEqual({ type: 'pong', id: 'a1' });
    socket.close();
  });

  it('answers malformed and unknown frames with an error frame and stays open', async () => {
    const socket = await connect();
    socket.send('{not json');
    expect(await nextMessage(socket)).toEqual({ type: 'error', detail: 'invalid_json' });
    socket.send(JSON.stringify({ type: 'launch-missiles' }));
    expect(await nextMessage(socket)).toEqual({ type: 'error', detail: 'validation_error' });
    socket.send(JSON.stringify({ type: 'ping', id: 'x'.repeat(65) }));
    expect(await nextMessage(socket)).toEqual({ type: 'error', detail: 'validation_error' });
    socket.send(Buffer.from([1, 2, 3]));
    expect(await nextMessage(socket)).toEqual({ type: 'error', detail: 'unsupported_media_type' });
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await nextMessage(socket)).toEqual({ type: 'pong' });
    socket.close();
  });

  it('closes a connection that sends an oversized frame, and keeps serving others', async () => {
    const other = await connect();
    const socket = await connect();
    const code = closed(socket);
    socket.send('x'.repeat(WS_MAX_PAYLOAD + 1));
    expect(await code).toBe(1009);
    other.send(JSON.stringify({ type: 'ping' }));
    expect(await nextMessage(other)).toEqual({ type: 'pong' });
    other.close();
  });

  it('refuses a connection from another origin', async () => {
    const socket = await connect('https://evil.example');
    expect(await closed(socket)).toBe(1008);
  });
});

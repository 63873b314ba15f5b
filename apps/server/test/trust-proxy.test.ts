import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loginWithCode, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';

// Behind a reverse proxy every request comes from the proxy: TRUST_PROXY names the proxies
// whose X-Forwarded-For gives the browser's address (sessions' list, per-address limits);
// anyone else's header is ignored, so a client cannot pick its own address.

let behindProxy: TestApp;
let direct: TestApp;

beforeAll(async () => {
  [behindProxy, direct] = await Promise.all([
    createTestApp({ env: { TRUST_PROXY: 'loopback' } }),
    createTestApp(),
  ]);
});
afterAll(() => Promise.all([behindProxy.close(), direct.close()]));

/** A device whose requests say they were forwarded for `forwardedFor`. */
class ForwardedClient extends Client {
  constructor(
    t: TestApp,
    readonly forwardedFor: string,
    peer?: string,
  ) {
    super(t, peer);
  }

  override request(options: Parameters<Client['request']>[0]) {
    return super.request({
      ...options,
      headers: { 'x-forwarded-for': this.forwardedFor, ...options.headers },
    });
  }
}

/** Signs in from a device that says it is `forwardedFor`; the address its session shows. */
async function addressShown(t: TestApp, forwardedFor: string, peer?: string) {
  const { email, client } = await signedUpClient(t);
  const device = new ForwardedClient(t, forwardedFor, peer);
  await loginWithCode(t, device, email, false);
  const sessions = (await client.get('/api/user/session/list')).json() as {
    is_current: boolean;
    ip: string;
  }[];
  return { shown: sessions.find((session) => !session.is_current)!.ip, device };
}

describe('TRUST_PROXY', () => {
  it("takes the browser's address from a trusted proxy's X-Forwarded-For", async () => {
    const { shown } = await addressShown(behindProxy, '198.51.100.7');
    expect(shown).toBe('198.51.100.7');
  });

  it('ignores the header from a peer that is not a trusted proxy', async () => {
    const { shown } = await addressShown(behindProxy, '198.51.100.8', '203.0.113.9');
    expect(shown).toBe('203.0.113.9');
  });

  it('ignores the header when no proxy is trusted (the default)', async () => {
    const { shown, device } = await addressShown(direct, '198.51.100.9');
    expect(shown).toBe(device.ip);
  });
});

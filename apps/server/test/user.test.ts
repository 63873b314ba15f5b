import { ZUserResponse } from '@themis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalAccounts } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, signedUpClient, uniqueEmail } from './accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the current user', () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/get'],
      ['PUT', '/api/user/update'],
      ['GET', '/api/user/session/list'],
    ] as const) {
      const res = await new Client(t).request({ method, url, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'unauthorized' });
    }
  });

  it('returns every User field of the spec, on the Free plan', async () => {
    const { client, email, user } = await signedUpClient(t);
    const me = (await client.get('/api/user/get')).json();
    const free = (await new Client(t).get('/api/plan/list'))
      .json()
      .find((p: { code: string }) => p.code === 'free');
    // Strict: the response holds the contract's fields and nothing more.
    expect(ZUserResponse.strict().parse(me)).toEqual({
      pk: user.pk,
      name: null,
      surname: null,
      email,
      avatar_url: null,
      phone_prefix: null,
      phone_number: null,
      has_personal_info_set: false,
      has_password: true,
      user_type: 'INTERNAL',
      language: 'en',
      customer: { plan: { product_name: 'Free', pk: free.pk, is_free: true } },
      encryption: expect.any(Object),
    });
    // Encryption is a plan feature: the user's plan has none, so it is not on.
    expect(free.has_encryption).toBe(false);
    expect(me.encryption.is_encryption_enabled).toBe(false);
  });

  it('saves personal details by the shared rules and marks them set', async () => {
    const { client } = await signedUpClient(t);
    const bad = await client.put('/api/user/update', {
      name: 'x'.repeat(51),
      surname: '',
      phone_number: '12345678',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: ['validation.nameMax'],
      surname: ['validation.required'],
      phone_number: ['validation.phoneInvalid'],
    });
    expect((await client.get('/api/user/get')).json().has_personal_info_set).toBe(false);

    const ok = await client.put('/api/user/update', {
      name: 'Anna',
      surname: 'Kowalska',
      phone_prefix: '+48',
      phone_number: '600700800',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      name: 'Anna',
      surname: 'Kowalska',
      phone_prefix: '+48',
      phone_number: '600700800',
      has_personal_info_set: true,
    });
    expect((await client.get('/api/auth/verify')).json().has_personal_info_set).toBe(true);
  });

  it('lists the plans publicly', async () => {
    const plans = (await new Client(t).get('/api/plan/list')).json() as {
      pk: string;
      code: string;
      is_free: boolean;
      monthly_token_limit: number;
      has_encryption: boolean;
      scope: string;
    }[];
    expect(plans.map((p) => p.code)).toEqual([
      'free',
      'pro',
      'expert',
      'organization_free',
      'team',
      'business',
    ]);
    const team = plans[4]!;
    expect(team).toMatchObject({ scope: 'organization', has_encryption: true });
    expect(plans[0]).toMatchObject({
      is_free: true,
      monthly_token_limit: 100_000,
      has_encryption: false,
    });
    expect(plans[1]).toMatchObject({
      is_free: false,
      monthly_token_limit: 2_000_000,
      has_encryption: true,
    });
  });

  it('lists the password as the system connected service, and linked providers', async () => {
    const { client, user } = await signedUpClient(t);
    expect((await client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'system' },
    ]);
    await t.database.db.insert(externalAccounts).values({
      userId: user.pk,
      provider: 'google',
      subject: `sub-${user.pk}`,
      email: 'a@gmail.example',
    });
    expect((await client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'google' },
      { provider_name: 'system' },
    ]);
    const other = await signedUpClient(t);
    expect((await other.client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'system' },
    ]);
    expect((await new Client(t).get('/api/user/external-provider/list')).statusCode).toBe(401);
  });

  it("never shows or changes another user's record", async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await bob.client.put('/api/user/update', { name: 'Bob', surname: 'Nowak' });
    const aliceMe = (await alice.client.get('/api/user/get')).json();
    expect(aliceMe.email).toBe(alice.email);
    expect(aliceMe.name).toBeNull();
    const bobBefore = (await bob.client.get('/api/user/get')).json();
    expect(bobBefore).toMatchObject({ email: bob.email, name: 'Bob' });

    // Naming Bob in the body changes Alice's own record only, and never an e-mail.
    const update = await alice.client.put('/api/user/update', {
      pk: bob.user.pk,
      email: bob.email,
      name: 'Mallory',
      surname: 'Evil',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ pk: alice.user.pk, email: alice.email, name: 'Mallory' });
    expect((await bob.client.get('/api/user/get')).json()).toEqual(bobBefore);
    const renamed = await alice.client.put('/api/user/update', {
      email: uniqueEmail('taken'),
      name: 'Alice',
      surname: 'Nowak',
    });
    expect(renamed.json()).toMatchObject({ pk: alice.user.pk, email: alice.email, name: 'Alice' });
    expect((await alice.client.get('/api/auth/verify')).json().email).toBe(alice.email);
  });

  it('takes a phone number of 9 to 12 digits, typed with separators, or none', async () => {
    const { client } = await signedUpClient(t);
    const details = { name: 'Anna', surname: 'Kowalska', phone_prefix: '+48' };
    const stored: [string, string][] = [
      ['600700800', '600700800'],
      ['600 700 800', '600700800'],
      ['+48 600-700-800', '600700800'],
      ['(22) 628.12.34', '226281234'],
      ['+44 7700 900123', '+447700900123'],
      ['600700800123', '600700800123'],
    ];
    for (const [typed, digits] of stored) {
      const ok = await client.put('/api/user/update', { ...details, phone_number: typed });
      expect(ok.statusCode, typed).toBe(200);
      expect(ok.json().phone_number, typed).toBe(digits);
    }
    for (const phone of ['60070080', '6007008001234', '600_700_800', '60070080a', '48+600700800']) {
      const bad = await client.put('/api/user/update', { ...details, phone_number: phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().errors, phone).toEqual({ phone_number: ['validation.phoneInvalid'] });
    }
    expect((await client.get('/api/user/get')).json().phone_number).toBe('600700800123');
    const cleared = await client.put('/api/user/update', { ...details, phone_number: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().phone_number).toBeNull();
  });
});

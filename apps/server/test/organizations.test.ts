import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Membership, Organization } from '@themis/shared';
import { memberships, organizations, users } from '../src/db/schema';
import { CONTEXT_CHANGED_CLOSE } from '../src/platform/realtime/websocket';
import { signedUpClient, type Client } from './accounts';
import { TEST_ORIGIN, createTestApp, type TestApp } from './app';
import { png } from './avatar-fixtures';
import { connectSocket } from './chat-harness';
import { multipartBody } from './multipart';
import { createOrganization } from './organization-fixtures';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const LOGO_URL = new RegExp(`^${TEST_ORIGIN}/api/organization/logo/([0-9a-f]{32})$`);

const current = (client: Client) => client.get('/api/organization/get-current');
const switchTo = (client: Client, pk: string | null) =>
  client.post('/api/organization/switch-organization', { organization_pk: pk });
const myMemberships = async (client: Client) =>
  (await client.get('/api/organization/membership/user-list')).json() as Membership[];
const conversationNames = async (client: Client) =>
  ((await client.get('/api/conversation/list')).json() as { items: { name: string }[] }).items.map(
    (item) => item.name,
  );

describe('creating an organization', () => {
  it('makes the creator its owner and switches them into it', async () => {
    const { client } = await signedUpClient(t);
    expect((await current(client)).json()).toEqual({ detail: 'no_current_organization' });
    expect((await current(client)).statusCode).toBe(400);

    const pk = await createOrganization(client, '  Kancelaria Nowak  ');
    const organization = (await current(client)).json() as Organization;
    expect(organization).toEqual({
      pk,
      name: 'Kancelaria Nowak',
      avatar_url: null,
      co_members_count: 0,
      role: 'OWNER',
      setting_visibility: { invitation_panel_visible: true, settings_panel_visible: true },
      is_encryption_forced: false,
      is_sharing_outside_allowed: false,
      is_export_allowed: true,
      allowed_models: null,
    });
    expect(await myMemberships(client)).toEqual([
      {
        pk: expect.any(String),
        organization,
        role: 'OWNER',
        is_encryption_enabled: false,
        is_encryption_forced: false,
      },
    ]);
  });

  it('refuses a name out of range or with a NUL, and writes nothing', async () => {
    const { client, user } = await signedUpClient(t);
    for (const name of ['A', ' A ', 'x'.repeat(51), 'Nowak\u0000']) {
      const res = await client.post('/api/organization/create', { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
    expect(await myMemberships(client)).toEqual([]);
    const [row] = await t.database.db
      .select({ current: users.currentOrganizationId })
      .from(users)
      .where(eq(users.id, user.pk));
    expect(row!.current).toBeNull();
  });

  it('takes a logo from a form, shown to members only', async () => {
    const { client } = await signedUpClient(t);
    const form = multipartBody([
      { name: 'name', value: 'Kancelaria z logo' },
      { name: 'avatar', data: await png(), filename: 'logo.png', contentType: 'image/png' },
    ]);
    const res = await client.request({ method: 'POST', url: '/api/organization/create', ...form });
    expect(res.statusCode, res.body).toBe(201);
    const organization = (await current(client)).json() as Organization;
    const fileId = LOGO_URL.exec(organization.avatar_url ?? '')?.[1];
    expect(fileId).toBeDefined();
    const logo = await client.get(`/api/organization/logo/${fileId}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');

    const { client: stranger } = await signedUpClient(t);
    expect((await stranger.get(`/api/organization/logo/${fileId}`)).statusCode).toBe(404);
  });

  it('refuses a logo that is not a picture, and creates nothing', async () => {
    const { client } = await signedUpClient(t);
    const form = multipartBody([
      { name: 'name', value: 'Kancelaria' },
      { name: 'avatar', data: Buffer.from('%PDF-1.4\n'), filename: 'logo.png' },
    ]);
    const res = await client.request({ method: 'POST', url: '/api/organization/create', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'invalid_file_type' });
    expect(await myMemberships(client)).toEqual([]);
  });
});

describe('switching the context', () => {
  it('shows each context its own conversations and usage', async () => {
    const { client } = await signedUpClient(t);
    await client.post('/api/conversation/create', { name: 'Mine' });
    const pk = await createOrganization(client);
    await client.post('/api/conversation/create', { name: 'The firm’s' });
    expect(await conversationNames(client)).toEqual(['The firm’s']);
    // The organization's pool: the organization Free plan's limit until it buys one.
    expect((await client.get('/api/usage/current')).json()).toMatchObject({
      used_tokens: 0,
      limit_tokens: 1_000_000,
    });

    const back = await switchTo(client, null);
    expect(back.json()).toEqual({ organization: null });
    expect(await conversationNames(client)).toEqual(['Mine']);
    expect((await client.get('/api/usage/current')).json()).toMatchObject({
      limit_tokens: 100_000,
    });
    expect((await current(client)).json()).toEqual({ detail: 'no_current_organization' });

    const again = await switchTo(client, pk);
    expect(again.statusCode).toBe(200);
    expect(again.json().organization).toMatchObject({ pk, role: 'OWNER' });
    expect(await conversationNames(client)).toEqual(['The firm’s']);
  });

  it('keeps a conversation of one context out of reach from the other', async () => {
    const { client } = await signedUpClient(t);
    const mine = (await client.post('/api/conversation/create', { name: 'Mine' })).json().pk;
    await createOrganization(client);
    expect((await client.get(`/api/conversation/get/${mine}`)).statusCode).toBe(404);
    expect((await client.put(`/api/conversation/rename/${mine}`, { name: 'X' })).statusCode).toBe(
      404,
    );
    await switchTo(client, null);
    expect((await client.get(`/api/conversation/get/${mine}`)).json().name).toBe('Mine');
  });

  it('refuses an organization the user is not a member of, changing nothing', async () => {
    const { client: owner } = await signedUpClient(t);
    const theirs = await createOrganization(owner);
    const { client } = await signedUpClient(t);
    for (const pk of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await switchTo(client, pk);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
    expect((await switchTo(client, 'not-a-uuid')).statusCode).toBe(400);
    expect((await current(client)).json()).toEqual({ detail: 'no_current_organization' });
  });

  it('falls back to the individual context when the organization is no longer active', async () => {
    const { client } = await signedUpClient(t);
    const pk = await createOrganization(client);
    await t.database.db
      .update(organizations)
      .set({ status: 'deleted' })
      .where(eq(organizations.id, pk));
    expect((await current(client)).json()).toEqual({ detail: 'no_current_organization' });
    expect(await myMemberships(client)).toEqual([]);
    expect((await switchTo(client, pk)).statusCode).toBe(404);
  });

  it('reopens the user’s sockets in the new context, in every tab', async () => {
    const { client } = await signedUpClient(t);
    const tab = await connectSocket({ wsUrl }, client.jar.get('access'));
    await createOrganization(client);
    expect(await tab.closed).toBe(CONTEXT_CHANGED_CLOSE);
    const next = await connectSocket({ wsUrl }, client.jar.get('access'));
    await switchTo(client, null);
    expect(await next.closed).toBe(CONTEXT_CHANGED_CLOSE);
    // Someone else's switch leaves this user's tab alone.
    const still = await connectSocket({ wsUrl }, client.jar.get('access'));
    const { client: other } = await signedUpClient(t);
    await createOrganization(other);
    still.send({ type: 'ping', id: 'alive' });
    expect(await still.next('pong', (frame) => frame.id === 'alive')).toMatchObject({
      id: 'alive',
    });
    still.close();
  });

  it('has one owner per organization, whatever is written at once', async () => {
    const { client } = await signedUpClient(t);
    const pk = await createOrganization(client);
    const { user: other } = await signedUpClient(t);
    await expect(
      t.database.db
        .insert(memberships)
        .values({ organizationId: pk, userId: other.pk, role: 'OWNER' }),
    ).rejects.toThrow();
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SharedLink, SharedLinkPage } from '@themis/shared';
import { conversationShares } from '../src/db/schema';
import { Client, loginWithCode, signedUpClient } from './accounts';
import { pathOf, png, signedUpWithPicture, uploadPicture } from './avatar-fixtures';
import { chatHarnessForFile } from './chat-harness';
import { encryptionHelpers, PIN } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';
import { firm, join, membershipOf } from './organization-fixtures';
import { secretOf } from './sharing-fixtures';

// Sharing as organizations and encryption shape it: observers do not share, a firm may keep
// its links to its members, and an encrypted conversation is shared only as a readable copy
// its owner agreed to.

const MARKER = 'SH-MARKER-5521';
const h = chatHarnessForFile();
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, { deltas: ['Article 6 ', `${MARKER} answer.`] }),
  );
});

const create = (client: Client, conversationPk: string, body: object = {}) =>
  client.post(`/api/conversation/share/create/${conversationPk}`, body);

async function newConversation(client: Client) {
  const res = await client.post('/api/conversation/create', { name: 'Spór o czynsz' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pk as string;
}

async function sharedBy(client: Client) {
  const res = await create(client, await newConversation(client));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SharedLink;
}

const disable = async (client: Client, link: SharedLink) => {
  const res = await client.post(`/api/conversation/share/disable/${link.pk}`);
  expect(res.statusCode, res.body).toBe(200);
};
const enable = (client: Client, link: SharedLink, body: object = {}) =>
  client.post(`/api/conversation/share/enable/${link.pk}`, body);

const setSharingOutside = async (client: Client, organizationId: string, allowed: boolean) => {
  const res = await client.put(`/api/organization/update/${organizationId}`, {
    is_sharing_outside_allowed: allowed,
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('sharing in an organization', () => {
  it('is refused to observers and allowed to every other role', async () => {
    const f = await firm(h.t, ['ADMIN', 'MEMBER', 'OBSERVER']);
    for (const [who, status] of [
      [f.owner, 201],
      [f.admin, 201],
      [f.member, 201],
      [f.observer, 403],
    ] as const) {
      const res = await create(who.client, await newConversation(who.client));
      expect([who.email, res.statusCode]).toEqual([who.email, status]);
      if (status === 403) expect(res.json()).toEqual({ detail: 'forbidden' });
    }
    const observed = await h.t.database.db
      .select()
      .from(conversationShares)
      .where(eq(conversationShares.userId, f.observer.user.pk));
    expect(observed).toEqual([]);
  });

  it("opens a firm's links to members only, unless it allows sharing outside", async () => {
    const f = await firm(h.t, ['OBSERVER']);
    const outsider = await signedUpClient(h.t);
    const secret = secretOf(await sharedBy(f.owner.client));
    const opens = async (client: Client) =>
      [
        (await client.get(`/api/conversation/share/verify/${secret}`)).statusCode,
        (await client.get(`/api/conversation/share/list-messages/${secret}`)).statusCode,
      ] as const;

    expect(await opens(f.observer.client)).toEqual([200, 200]);
    expect(await opens(outsider.client)).toEqual([404, 404]);
    const copy = await outsider.client.post(`/api/conversation/share/continue/${secret}`, {});
    expect([copy.statusCode, copy.json()]).toEqual([404, { detail: 'not_found' }]);

    await setSharingOutside(f.owner.client, f.organizationId, true);
    expect(await opens(outsider.client)).toEqual([200, 200]);
    await setSharingOutside(f.owner.client, f.organizationId, false);
    expect(await opens(outsider.client)).toEqual([404, 404]);
  });

  it('lists and manages links in the context they were made in', async () => {
    const f = await firm(h.t);
    const link = await sharedBy(f.owner.client);
    const listOf = async () =>
      ((await f.owner.client.get('/api/conversation/share/list')).json() as SharedLinkPage).items;
    expect((await listOf()).map((l) => l.pk)).toEqual([link.pk]);

    await f.owner.client.post('/api/organization/switch-organization', { organization_pk: null });
    expect(await listOf()).toEqual([]);
    const refused = await f.owner.client.post(`/api/conversation/share/disable/${link.pk}`);
    expect([refused.statusCode, refused.json()]).toEqual([404, { detail: 'not_found' }]);
    // Opening a link is not bound to a context.
    expect(
      (await f.owner.client.get(`/api/conversation/share/verify/${secretOf(link)}`)).statusCode,
    ).toBe(200);
  });

  it('enables a link again only where its owner may still share, in its own context', async () => {
    const f = await firm(h.t, ['MEMBER']);
    const link = await sharedBy(f.member.client);
    await disable(f.member.client, link);
    const outsider = await signedUpClient(h.t);
    await setSharingOutside(f.owner.client, f.organizationId, true);

    // Not the owner of the link: the firm's owner neither.
    const other = await enable(f.owner.client, link);
    expect([other.statusCode, other.json()]).toEqual([404, { detail: 'not_found' }]);
    await f.member.client.post('/api/organization/switch-organization', { organization_pk: null });
    const elsewhere = await enable(f.member.client, link);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, { detail: 'not_found' }]);
    await f.member.client.post('/api/organization/switch-organization', {
      organization_pk: f.organizationId,
    });

    const { pk: membership } = await membershipOf(f.owner.client, f.organizationId, f.member.email);
    const demote = async (role: string) => {
      const res = await f.owner.client.put(`/api/organization/membership/update/${membership}`, {
        role,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await demote('OBSERVER');
    const observer = await enable(f.member.client, link);
    expect([observer.statusCode, observer.json()]).toEqual([403, { detail: 'forbidden' }]);
    expect(
      (await outsider.client.get(`/api/conversation/share/verify/${secretOf(link)}`)).statusCode,
    ).toBe(404);

    await demote('MEMBER');
    expect((await enable(f.member.client, link)).statusCode).toBe(200);
    const opens = () => outsider.client.get(`/api/conversation/share/verify/${secretOf(link)}`);
    expect((await opens()).statusCode).toBe(200);
    // Enabled again, it still follows the firm's rule for outsiders.
    await setSharingOutside(f.owner.client, f.organizationId, false);
    expect((await opens()).statusCode).toBe(404);
  });

  it('copies into the visitor’s current context', async () => {
    const f = await firm(h.t);
    const secret = secretOf(await sharedBy(f.owner.client));
    const visitor = await join(
      f.owner.client,
      f.organizationId,
      await signedUpClient(h.t),
      'MEMBER',
    );
    const res = await visitor.client.post(`/api/conversation/share/continue/${secret}`, {});
    expect(res.statusCode, res.body).toBe(201);
    const inFirm = (await visitor.client.get('/api/conversation/list')).json().items as {
      pk: string;
    }[];
    expect(inFirm.map((c) => c.pk)).toContain(res.json().conversation_pk);
    await visitor.client.post('/api/organization/switch-organization', { organization_pk: null });
    const own = (await visitor.client.get('/api/conversation/list')).json().items as {
      pk: string;
    }[];
    expect(own.map((c) => c.pk)).not.toContain(res.json().conversation_pk);
  });
});

describe('pictures of the people of a link', () => {
  it('shows the owner to its visitors and the visitors to the owner, and no one else', async () => {
    const owner = await signedUpWithPicture(h.t);
    const visitor = await signedUpClient(h.t);
    const visitorUrl = await uploadPicture(visitor.client, await png(), 'visitor.png');
    const stranger = await signedUpClient(h.t);
    const link = await sharedBy(owner.client);

    expect((await stranger.client.get(pathOf(owner.url))).statusCode).toBe(404);
    const opened = await visitor.client.get(`/api/conversation/share/verify/${secretOf(link)}`);
    expect(opened.json().owner).toEqual({ full_name: 'Anna Kowalska', avatar_url: owner.url });
    expect((await visitor.client.get(pathOf(owner.url))).statusCode).toBe(200);

    const listed = (
      await owner.client.get('/api/conversation/share/list')
    ).json() as SharedLinkPage;
    expect(listed.items[0]!.users).toEqual([
      { full_name: 'Anna Kowalska', avatar_url: visitorUrl },
    ]);
    expect((await owner.client.get(pathOf(visitorUrl))).statusCode).toBe(200);
    expect((await stranger.client.get(pathOf(visitorUrl))).statusCode).toBe(404);
  });
});

describe('sharing an encrypted conversation', () => {
  it('needs the owner’s consent and an unlocked key, then shares a readable copy', async () => {
    const owner = await e.proUser();
    await e.setPin(owner.client);
    expect((await owner.client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    const pk = await e.conversationWith(owner.client, MARKER);
    expect((await e.sealedState(pk)).conversation).toBe(true);

    const unconfirmed = await create(owner.client, pk);
    expect([unconfirmed.statusCode, unconfirmed.json()]).toEqual([
      409,
      { detail: 'share_decryption_unconfirmed' },
    ]);
    // Another device of the owner's, its session not unlocked.
    const device = new Client(h.t);
    await loginWithCode(h.t, device, owner.email, false);
    const locked = await create(device, pk, { decrypt_confirmed: true });
    expect([locked.statusCode, locked.json()]).toEqual([403, { detail: 'decryption_locked' }]);
    expect(
      await h.t.database.db
        .select()
        .from(conversationShares)
        .where(eq(conversationShares.conversationId, pk)),
    ).toEqual([]);

    const shared = await create(owner.client, pk, { decrypt_confirmed: true });
    expect(shared.statusCode, shared.body).toBe(201);
    const link = shared.json() as SharedLink;
    expect(link.conversation_name).toBe(`Name ${MARKER}`);
    const visitor = await signedUpClient(h.t);
    const page = await visitor.client.get(
      `/api/conversation/share/list-messages/${secretOf(link)}`,
    );
    expect(page.body).toContain(`Question ${MARKER}`);
    expect(page.body).toContain(`${MARKER} answer.`);
    expect(page.body).toContain(`Lease ${MARKER}.pdf`);
    // The conversation itself stays sealed: only the copy is readable.
    expect(await e.sealedState(pk)).toEqual({
      conversation: true,
      parts: expect.not.arrayContaining([false]),
    });
    expect(await e.storedText(pk)).not.toContain(MARKER);
  });

  it('enables a disabled link again only as sharing would: consent and an unlocked key', async () => {
    const owner = await e.proUser();
    await e.setPin(owner.client);
    expect((await owner.client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    const pk = await e.conversationWith(owner.client, MARKER);
    const link = (await create(owner.client, pk, { decrypt_confirmed: true })).json() as SharedLink;
    await disable(owner.client, link);
    const visitor = await signedUpClient(h.t);
    const read = () =>
      visitor.client.get(`/api/conversation/share/list-messages/${secretOf(link)}`);
    expect((await read()).statusCode).toBe(404);

    const unconfirmed = await enable(owner.client, link);
    expect([unconfirmed.statusCode, unconfirmed.json()]).toEqual([
      409,
      { detail: 'share_decryption_unconfirmed' },
    ]);
    const device = new Client(h.t);
    await loginWithCode(h.t, device, owner.email, false);
    const locked = await enable(device, link, { decrypt_confirmed: true });
    expect([locked.statusCode, locked.json()]).toEqual([403, { detail: 'decryption_locked' }]);
    expect((await read()).statusCode).toBe(404);

    const enabled = await enable(owner.client, link, { decrypt_confirmed: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const page = await read();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Question ${MARKER}`);
    expect(await e.storedText(pk)).not.toContain(MARKER);
  });

  it('seals the copy a visitor continues in an encrypting context', async () => {
    const owner = await signedUpClient(h.t);
    const pk = await newConversation(owner.client);
    await e.ask(owner.client, pk, `Question ${MARKER}`);
    const link = (await create(owner.client, pk)).json() as SharedLink;

    const visitor = await e.proUser();
    await e.setPin(visitor.client, PIN);
    expect((await visitor.client.post('/api/user/enable-encryption', {})).statusCode).toBe(200);
    const res = await visitor.client.post(`/api/conversation/share/continue/${secretOf(link)}`, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().conversation_pk as string;
    expect(await e.sealedState(copy)).toEqual({ conversation: true, parts: [true, true] });
    expect(await e.storedText(copy)).not.toContain(MARKER);
    const read = await visitor.client.get(`/api/conversation/messages/${copy}`);
    expect(read.body).toContain(`Question ${MARKER}`);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipStats } from '@themis/shared';
import { memberships } from '../src/db/schema';
import { signedUpClient, type Client } from './accounts';
import { createTestApp, type TestApp } from './app';
import { png, uploadPicture } from './avatar-fixtures';
import { firm, members, membershipOf, ROLES } from './organization-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setRole = (client: Client, membershipPk: string, role: string) =>
  client.put(`/api/organization/membership/update/${membershipPk}`, { role });

describe('co-workers', () => {
  it('lists the members with role, usage, date added and latest activity to owners and admins', async () => {
    const { organizationId, owner, admin, member, observer } = await firm(t, ROLES);
    const list = await members(owner.client, organizationId);
    expect(list.map((m) => [m.user.email, m.role]).sort()).toEqual(
      [
        [owner.email, 'OWNER'],
        [admin.email, 'ADMIN'],
        [member.email, 'MEMBER'],
        [observer.email, 'OBSERVER'],
      ].sort(),
    );
    for (const entry of list) {
      expect(entry.usage).toBe(0);
      expect(Date.parse(entry.date_added)).not.toBeNaN();
      // Everyone entered the organization: creating it or accepting the invitation.
      expect(entry.latest_activity).not.toBeNull();
    }
    expect(await members(admin.client, organizationId)).toHaveLength(4);
    const found = await members(
      owner.client,
      organizationId,
      // Part of the address, one only this member's has (the counter in it grows per worker).
      `?search=${member.email.split('@')[0]}`,
    );
    expect(found.map((m) => m.user.email)).toEqual([member.email]);
    expect(await members(owner.client, organizationId, '?search=%25')).toEqual([]);

    for (const person of [member, observer]) {
      const res = await person.client.get(`/api/organization/membership/list/${organizationId}`);
      expect([res.statusCode, res.json()]).toEqual([403, { detail: 'forbidden' }]);
    }
    const stranger = await signedUpClient(t);
    const res = await stranger.client.get(`/api/organization/membership/list/${organizationId}`);
    expect([res.statusCode, res.json()]).toEqual([404, { detail: 'not_found' }]);
  });

  it('shows co-workers each other’s pictures, and no one else', async () => {
    const { organizationId, owner, observer } = await firm(t, ROLES);
    await uploadPicture(observer.client, await png());
    const listed = await membershipOf(owner.client, organizationId, observer.email);
    const picture = new URL(listed.user.avatar_url!).pathname;
    expect((await owner.client.get(picture)).statusCode).toBe(200);
    const stranger = await signedUpClient(t);
    expect((await stranger.client.get(picture)).statusCode).toBe(404);
    // Once they no longer work together, the picture is private again.
    await owner.client.delete(`/api/organization/membership/delete/${listed.pk}`);
    expect((await owner.client.get(picture)).statusCode).toBe(404);
  });

  it('counts members per role and the pooled tokens', async () => {
    const { organizationId, owner, member } = await firm(t, ROLES);
    const stats = (
      await owner.client.get(`/api/organization/membership/stats/${organizationId}`)
    ).json() as MembershipStats;
    expect(stats).toMatchObject({
      members_count: 4,
      roles: { OWNER: 1, ADMIN: 1, MEMBER: 1, OBSERVER: 1 },
      used_tokens: 0,
      limit_tokens: 1_000_000,
    });
    const refused = await member.client.get(`/api/organization/membership/stats/${organizationId}`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('changing roles', () => {
  it('lets the owner change any role but the owner’s, never to OWNER', async () => {
    const { organizationId, owner, admin, member } = await firm(t, ROLES);
    const target = await membershipOf(owner.client, organizationId, member.email);
    const changed = await setRole(owner.client, target.pk, 'ADMIN');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ pk: target.pk, role: 'ADMIN' });
    const current = (await member.client.get('/api/organization/get-current')).json();
    expect(current.setting_visibility).toEqual({
      invitation_panel_visible: true,
      settings_panel_visible: true,
    });

    const toOwner = await setRole(owner.client, target.pk, 'OWNER');
    expect([toOwner.statusCode, toOwner.json().detail]).toEqual([400, 'validation_error']);
    const ownerships = await membershipOf(owner.client, organizationId, owner.email);
    for (const client of [owner.client, admin.client]) {
      const res = await setRole(client, ownerships.pk, 'OBSERVER');
      expect([res.statusCode, res.json()]).toEqual([403, { detail: 'forbidden' }]);
    }
    expect((await membershipOf(owner.client, organizationId, owner.email)).role).toBe('OWNER');
  });

  it('lets an admin manage members and observers, not another admin; members manage no one', async () => {
    const { organizationId, owner, admin, member, observer } = await firm(t, ROLES);
    const other = await membershipOf(owner.client, organizationId, observer.email);
    expect((await setRole(admin.client, other.pk, 'MEMBER')).statusCode).toBe(200);
    await setRole(owner.client, other.pk, 'ADMIN');
    const onAdmin = await setRole(admin.client, other.pk, 'OBSERVER');
    expect([onAdmin.statusCode, onAdmin.json()]).toEqual([403, { detail: 'forbidden' }]);
    const target = await membershipOf(owner.client, organizationId, member.email);
    const byMember = await setRole(member.client, target.pk, 'ADMIN');
    expect([byMember.statusCode, byMember.json()]).toEqual([403, { detail: 'forbidden' }]);
    const byStranger = await setRole((await signedUpClient(t)).client, target.pk, 'ADMIN');
    expect([byStranger.statusCode, byStranger.json()]).toEqual([404, { detail: 'not_found' }]);
    expect((await membershipOf(owner.client, organizationId, member.email)).role).toBe('MEMBER');
  });

  it('keeps one of two changes made at once, and one membership', async () => {
    const { organizationId, owner, admin, member } = await firm(t, ROLES);
    const target = await membershipOf(owner.client, organizationId, member.email);
    const answers = await Promise.all([
      setRole(owner.client, target.pk, 'OBSERVER'),
      setRole(admin.client, target.pk, 'ADMIN'),
    ]);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, target.pk));
    expect(rows).toHaveLength(1);
    expect(['OBSERVER', 'ADMIN']).toContain(rows[0]!.role);
  });
});

describe('removing members', () => {
  it('removes a member, who falls back to their own context at once', async () => {
    const { organizationId, owner, observer } = await firm(t, ROLES);
    const target = await membershipOf(owner.client, organizationId, observer.email);
    const res = await owner.client.delete(`/api/organization/membership/delete/${target.pk}`);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await observer.client.get('/api/organization/get-current')).json()).toEqual({
      detail: 'no_current_organization',
    });
    expect((await observer.client.get('/api/organization/membership/user-list')).json()).toEqual(
      [],
    );
    const again = await owner.client.delete(`/api/organization/membership/delete/${target.pk}`);
    expect(again.statusCode).toBe(404);
  });

  it('never removes the owner; anyone else may leave', async () => {
    const { organizationId, owner, admin, member } = await firm(t, ROLES);
    const ownership = await membershipOf(owner.client, organizationId, owner.email);
    for (const client of [owner.client, admin.client]) {
      const res = await client.delete(`/api/organization/membership/delete/${ownership.pk}`);
      expect([res.statusCode, res.json()]).toEqual([403, { detail: 'forbidden' }]);
    }
    const own = await membershipOf(owner.client, organizationId, member.email);
    const left = await member.client.delete(`/api/organization/membership/delete/${own.pk}`);
    expect(left.statusCode).toBe(200);
    expect(await members(owner.client, organizationId)).toHaveLength(3);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/db/schema';
import { verifyAuditLog } from '../src/modules/audit';
import { PASSWORD, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { insertConversation, insertMessages } from './conversations-fixtures';
import { createOrganization, invitation, join, membershipPk } from './organization-fixtures';

// What members do that an organization's audit log records: each action one entry, with who
// (as they were), from where, on what, and the before and after of a setting, never a secret.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entriesOf = (organizationId: string) =>
  t.database.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.organizationId, organizationId))
    .orderBy(auditEntries.id);

async function firmOwner() {
  const owner = await signedUpClient(t);
  await owner.client.put('/api/user/update', { name: 'Anna', surname: 'Żak' });
  const organizationId = await createOrganization(owner.client, 'Kancelaria Żak');
  return { ...owner, organizationId };
}

describe('the audit log of an organization', () => {
  it('records a settings change once, with each setting before and after', async () => {
    const owner = await firmOwner();
    const changed = await owner.client.put(`/api/organization/update/${owner.organizationId}`, {
      name: 'Kancelaria Żak i Wspólnicy',
      is_export_allowed: false,
      is_sharing_outside_allowed: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry, ...more] = await entriesOf(owner.organizationId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorUserId: owner.user.pk,
      actorName: 'Anna Żak',
      actorEmail: owner.email,
      action: 'organization.settings_changed',
      targetType: 'organization',
      targetId: owner.organizationId,
      ip: owner.client.ip,
      device: 'Chrome on Linux',
      // Sharing outside was off already: not a change.
      details: {
        name: { before: 'Kancelaria Żak', after: 'Kancelaria Żak i Wspólnicy' },
        is_export_allowed: { before: true, after: false },
      },
    });
    // The same values again change nothing, and write nothing.
    await owner.client.put(`/api/organization/update/${owner.organizationId}`, {
      is_export_allowed: false,
    });
    expect(await entriesOf(owner.organizationId)).toHaveLength(1);
  });

  it('records a member’s export by its format, and nothing of an individual’s', async () => {
    const owner = await firmOwner();
    const conversation = await insertConversation(t, owner.user.pk, {
      name: 'Poufne',
      organizationId: owner.organizationId,
    });
    await insertMessages(t, conversation, [{ role: 'user', content: 'TAJNE-PYTANIE' }]);
    const exported = await owner.client.get(
      `/api/conversation/export/${conversation.id}?format=md`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const [entry, ...more] = await entriesOf(owner.organizationId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'conversation.exported',
      targetType: 'conversation',
      targetId: conversation.id,
      details: { format: 'md' },
    });
    expect(JSON.stringify(entry)).not.toContain('TAJNE');

    const individual = await signedUpClient(t);
    const own = await insertConversation(t, individual.user.pk, { name: 'Moje' });
    await insertMessages(t, own, [{ role: 'user', content: 'Pytanie' }]);
    expect(
      (await individual.client.get(`/api/conversation/export/${own.id}?format=md`)).statusCode,
    ).toBe(200);
    const all = await t.database.db.select().from(auditEntries);
    expect(all.filter((row) => row.actorUserId === individual.user.pk)).toEqual([]);
  });

  it('records a member’s link shared, shared again, disabled, enabled and deleted', async () => {
    const owner = await firmOwner();
    const conversation = await insertConversation(t, owner.user.pk, {
      name: 'Udostępniana',
      organizationId: owner.organizationId,
    });
    await insertMessages(t, conversation, [{ role: 'user', content: 'Pytanie' }]);
    const share = () => owner.client.post(`/api/conversation/share/create/${conversation.id}`, {});
    const created = await share();
    expect(created.statusCode, created.body).toBe(201);
    const pk = created.json().pk as string;
    expect((await share()).statusCode).toBe(200);
    expect((await owner.client.post(`/api/conversation/share/disable/${pk}`)).statusCode).toBe(200);
    const enabled = await owner.client.post(`/api/conversation/share/enable/${pk}`, {});
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await owner.client.delete(`/api/conversation/share/delete/${pk}`)).statusCode).toBe(
      200,
    );
    const entries = await entriesOf(owner.organizationId);
    expect(entries.map((entry) => [entry.action, entry.targetType, entry.targetId])).toEqual(
      ['link.shared', 'link.updated', 'link.disabled', 'link.enabled', 'link.deleted'].map(
        (action) => [action, 'shared_link', pk],
      ),
    );
    // Refused: nothing recorded.
    expect((await owner.client.post(`/api/conversation/share/disable/${pk}`)).statusCode).toBe(404);
    expect(await entriesOf(owner.organizationId)).toHaveLength(5);
  });

  it('records each step of invitations: sent, resent, revoked, accepted and declined', async () => {
    const owner = await firmOwner();
    const [accepting, declining] = [await signedUpClient(t), await signedUpClient(t)];
    const toAccept = await invitation(
      owner.client,
      owner.organizationId,
      accepting.email,
      'MEMBER',
    );
    const toDecline = await invitation(
      owner.client,
      owner.organizationId,
      declining.email,
      'OBSERVER',
    );
    const revoked = await invitation(
      owner.client,
      owner.organizationId,
      'gone@example.com',
      'ADMIN',
    );
    const resent = await owner.client.post(
      `/api/organization/invitation/resend-email/EMAIL/${revoked.pk}`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const revoke = await owner.client.delete(
      `/api/organization/invitation/delete/EMAIL/${revoked.pk}`,
    );
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(
      (await accepting.client.post(`/api/organization/invitation/accept/${toAccept.pk}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await declining.client.post(`/api/organization/invitation/decline/${toDecline.pk}`))
        .statusCode,
    ).toBe(200);
    const entries = await entriesOf(owner.organizationId);
    expect(
      entries.map((entry) => [entry.action, entry.actorUserId, entry.targetId, entry.details]),
    ).toEqual([
      ['invitation.sent', owner.user.pk, toAccept.pk, { email: accepting.email, role: 'MEMBER' }],
      [
        'invitation.sent',
        owner.user.pk,
        toDecline.pk,
        { email: declining.email, role: 'OBSERVER' },
      ],
      ['invitation.sent', owner.user.pk, revoked.pk, { email: 'gone@example.com', role: 'ADMIN' }],
      [
        'invitation.resent',
        owner.user.pk,
        revoked.pk,
        { email: 'gone@example.com', role: 'ADMIN' },
      ],
      [
        'invitation.revoked',
        owner.user.pk,
        revoked.pk,
        { email: 'gone@example.com', role: 'ADMIN' },
      ],
      [
        'invitation.accepted',
        accepting.user.pk,
        toAccept.pk,
        { email: accepting.email, role: 'MEMBER' },
      ],
      [
        'invitation.declined',
        declining.user.pk,
        toDecline.pk,
        { email: declining.email, role: 'OBSERVER' },
      ],
    ]);
  });

  it('records a member’s role changed, a member removed and one who left', async () => {
    const owner = await firmOwner();
    const [changed, removed, leaving] = [
      await join(owner.client, owner.organizationId, await signedUpClient(t), 'MEMBER'),
      await join(owner.client, owner.organizationId, await signedUpClient(t), 'OBSERVER'),
      await join(owner.client, owner.organizationId, await signedUpClient(t), 'MEMBER'),
    ];
    const before = (await entriesOf(owner.organizationId)).length;
    const pkOf = (account: { user: { pk: string } }) =>
      membershipPk(t, owner.organizationId, account.user.pk);
    const role = await owner.client.put(
      `/api/organization/membership/update/${await pkOf(changed)}`,
      { role: 'ADMIN' },
    );
    expect(role.statusCode, role.body).toBe(200);
    const removal = await owner.client.delete(
      `/api/organization/membership/delete/${await pkOf(removed)}`,
    );
    expect(removal.statusCode, removal.body).toBe(200);
    const leave = await leaving.client.delete(
      `/api/organization/membership/delete/${await pkOf(leaving)}`,
    );
    expect(leave.statusCode, leave.body).toBe(200);
    const entries = (await entriesOf(owner.organizationId)).slice(before);
    expect(entries.map((entry) => [entry.action, entry.actorUserId, entry.details])).toEqual([
      [
        'member.role_changed',
        owner.user.pk,
        { member: changed.email, role: { before: 'MEMBER', after: 'ADMIN' } },
      ],
      ['member.removed', owner.user.pk, { member: removed.email, role: 'OBSERVER' }],
      ['member.left', leaving.user.pk, { member: leaving.email, role: 'MEMBER' }],
    ]);
  });

  it('holds no password, code or token, and its chain holds', async () => {
    const owner = await firmOwner();
    await owner.client.put(`/api/organization/update/${owner.organizationId}`, { name: 'Nowa' });
    const text = JSON.stringify(await entriesOf(owner.organizationId));
    for (const secret of [PASSWORD, owner.code, owner.client.jar.get('access')]) {
      expect(secret && text.includes(secret)).toBeFalsy();
    }
    expect(await verifyAuditLog(t.database.db, { organizationId: owner.organizationId })).toEqual({
      entries: 1,
      broken: null,
    });
  });
});

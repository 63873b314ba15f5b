import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/db/schema';
import { verifyAuditLog } from '../src/modules/audit';
import { PASSWORD, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { insertConversation, insertMessages } from './conversations-fixtures';
import { createOrganization } from './organization-fixtures';

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

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '@themis/shared';
import {
  attachments,
  conversations,
  jobs,
  memberships,
  organizations,
  verificationCodes,
} from '../src/db/schema';
import { PURGE_JOB } from '../src/modules/organizations/organization-deletion.service';
import { OperatorCommandError, runOperatorCommand } from '../src/operator/commands';
import { createFileStorage } from '../src/platform/storage/create-storage';
import { lastCodeTo, lastMailTo, signedUpClient, type Client } from './accounts';
import { createTestApp, type TestApp } from './app';
import { insertAttachment, insertMessages } from './conversations-fixtures';
import { createOrganization, firm, members, membershipOf } from './organization-fixtures';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const transfer = (client: Client, body: object) =>
  client.put('/api/organization/membership/transfer-ownership', body);

const operator = (args: string) =>
  runOperatorCommand({ db: t.database.db, config: t.config, now: clock, args: args.split(' ') });

describe('transferring the ownership', () => {
  it('takes the e-mailed code; the member becomes owner and the owner admin', async () => {
    const { organizationId, owner, member } = await firm(t, ['ADMIN', 'MEMBER']);
    const target = await membershipOf(owner.client, organizationId, member.email);
    const asked = await transfer(owner.client, { membership_pk: target.pk });
    expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'accepted' }]);
    const code = await lastCodeTo(t, owner.email);

    const wrong = await transfer(owner.client, {
      membership_pk: target.pk,
      verification_code: code === '000000' ? '111111' : '000000',
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { detail: 'code_invalid' }]);
    const done = await transfer(owner.client, {
      membership_pk: target.pk,
      verification_code: code,
    });
    expect([done.statusCode, done.json()]).toEqual([200, { status: 'ok' }]);

    const roles = Object.fromEntries(
      (await members(member.client, organizationId)).map((m) => [m.user.email, m.role]),
    );
    expect(roles[member.email]).toBe('OWNER');
    expect(roles[owner.email]).toBe('ADMIN');
    // The code is spent, and the former owner may transfer no more.
    const again = await transfer(owner.client, {
      membership_pk: target.pk,
      verification_code: code,
    });
    expect([again.statusCode, again.json()]).toEqual([403, { detail: 'forbidden' }]);
  });

  it('is the owner’s alone, to another member, with a code that has not expired', async () => {
    const { organizationId, owner, admin, member } = await firm(t, ['ADMIN', 'MEMBER']);
    const target = await membershipOf(owner.client, organizationId, member.email);
    const byAdmin = await transfer(admin.client, { membership_pk: target.pk });
    expect([byAdmin.statusCode, byAdmin.json()]).toEqual([403, { detail: 'forbidden' }]);
    const stranger = await signedUpClient(t);
    const byStranger = await transfer(stranger.client, { membership_pk: target.pk });
    expect([byStranger.statusCode, byStranger.json()]).toEqual([404, { detail: 'not_found' }]);
    const own = await membershipOf(owner.client, organizationId, owner.email);
    const toSelf = await transfer(owner.client, { membership_pk: own.pk });
    expect([toSelf.statusCode, toSelf.json().detail]).toEqual([400, 'validation_error']);

    await transfer(owner.client, { membership_pk: target.pk });
    const code = await lastCodeTo(t, owner.email);
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(clock.getTime() - 1) })
      .where(eq(verificationCodes.kind, 'ORGANIZATION_OWNERSHIP_TRANSFER'));
    const late = await transfer(owner.client, {
      membership_pk: target.pk,
      verification_code: code,
    });
    expect([late.statusCode, late.json()]).toEqual([400, { detail: 'code_expired' }]);
    expect((await membershipOf(owner.client, organizationId, owner.email)).role).toBe('OWNER');
  });
});

describe('deleting an organization', () => {
  const remove = (client: Client, organizationId: string, code?: string) =>
    client.delete(
      `/api/organization/delete/${organizationId}${code ? `?verification_code=${code}` : ''}`,
    );

  it('turns it inactive at once with the owner’s code; support can restore it in the window', async () => {
    const { organizationId, owner, admin, member } = await firm(t, ['ADMIN', 'MEMBER']);
    const conversation = (await member.client.post('/api/conversation/create', {})).json().pk;
    const byAdmin = await remove(admin.client, organizationId);
    expect([byAdmin.statusCode, byAdmin.json()]).toEqual([403, { detail: 'forbidden' }]);

    expect((await remove(owner.client, organizationId)).statusCode).toBe(202);
    const code = await lastCodeTo(t, owner.email);
    const wrong = await remove(
      owner.client,
      organizationId,
      code === '000000' ? '111111' : '000000',
    );
    expect(wrong.json()).toEqual({ detail: 'code_invalid' });
    expect((await remove(owner.client, organizationId, code)).json()).toEqual({ status: 'ok' });

    for (const person of [owner, member]) {
      expect((await person.client.get('/api/organization/get-current')).json()).toEqual({
        detail: 'no_current_organization',
      });
      expect((await person.client.get('/api/organization/membership/user-list')).json()).toEqual(
        [],
      );
    }
    expect((await member.client.get(`/api/conversation/get/${conversation}`)).statusCode).toBe(404);
    const back = await member.client.post('/api/organization/switch-organization', {
      organization_pk: organizationId,
    });
    expect(back.statusCode).toBe(404);

    expect((await operator('organization pending-deletions')).output).toContain(organizationId);
    expect((await operator(`organization cancel-deletion ${organizationId}`)).output).toContain(
      'active again',
    );
    await expect(operator(`organization cancel-deletion ${organizationId}`)).rejects.toThrow(
      OperatorCommandError,
    );
    const restored = await member.client.post('/api/organization/switch-organization', {
      organization_pk: organizationId,
    });
    expect(restored.statusCode).toBe(200);
    expect((await member.client.get(`/api/conversation/get/${conversation}`)).statusCode).toBe(200);
  });

  it('purges it with its conversations and files after the grace period, not before', async () => {
    const { organizationId, owner, member } = await firm(t, ['ADMIN', 'MEMBER']);
    const conversation = (await member.client.post('/api/conversation/create', {})).json().pk;
    const [question] = await insertMessages(t, { id: conversation, userId: member.user.pk }, [
      { role: 'user', content: 'Question' },
    ]);
    const storage = await createFileStorage(t.config);
    const file = await insertAttachment(t, storage, question!);
    await t.database.db
      .update(attachments)
      .set({ organizationId })
      .where(eq(attachments.id, file.id));
    await remove(owner.client, organizationId);
    await remove(owner.client, organizationId, await lastCodeTo(t, owner.email));

    // The queue runs on the database's clock: the job is made due, as if the time had come.
    const makeDue = () =>
      t.database.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.type, PURGE_JOB));
    await makeDue();
    await t.app.jobs.runDueJobs();
    // Within the grace period nothing goes.
    expect(
      await t.database.db.select().from(organizations).where(eq(organizations.id, organizationId)),
    ).toHaveLength(1);
    expect(await storage.get(file.storageKey)).not.toBeNull();

    const start = clock;
    clock = new Date(start.getTime() + 31 * 24 * 60 * 60_000);
    try {
      await t.database.db.insert(jobs).values({
        type: PURGE_JOB,
        payload: { organization_id: organizationId },
        runAt: new Date(0),
      });
      await t.app.jobs.runDueJobs();
    } finally {
      clock = start;
    }
    expect(
      await t.database.db.select().from(organizations).where(eq(organizations.id, organizationId)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(conversations).where(eq(conversations.id, conversation)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(memberships)
        .where(eq(memberships.organizationId, organizationId)),
    ).toEqual([]);
    expect(await storage.get(file.storageKey)).toBeNull();
    expect((await operator('organization pending-deletions')).output).not.toContain(organizationId);
  });
});

describe('an owner’s code', () => {
  it('confirms only the transfer it was sent for, and its e-mail names the firm and the new owner', async () => {
    const { organizationId, owner, admin, member } = await firm(
      t,
      ['ADMIN', 'MEMBER'],
      'Kancelaria Lis',
    );
    const toMember = await membershipOf(owner.client, organizationId, member.email);
    const toAdmin = await membershipOf(owner.client, organizationId, admin.email);
    expect((await transfer(owner.client, { membership_pk: toMember.pk })).statusCode).toBe(202);
    const mail = await lastMailTo(t, owner.email, (m) => /\b\d{6}\b/.test(m.text));
    expect(mail.text).toContain('Kancelaria Lis');
    expect(mail.text).toContain(`New owner: ${displayName(toMember.user)}`);
    const code = await lastCodeTo(t, owner.email);

    const elsewhere = await transfer(owner.client, {
      membership_pk: toAdmin.pk,
      verification_code: code,
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([400, { detail: 'code_invalid' }]);
    expect((await membershipOf(owner.client, organizationId, owner.email)).role).toBe('OWNER');
    const meant = await transfer(owner.client, {
      membership_pk: toMember.pk,
      verification_code: code,
    });
    expect(meant.statusCode, meant.body).toBe(200);
  });

  it('deletes only the organization it was sent for', async () => {
    const first = await firm(t, [], 'Kancelaria Pierwsza');
    const second = await createOrganization(first.owner.client, 'Kancelaria Druga');
    const remove = (organizationId: string, code?: string) =>
      first.owner.client.delete(
        `/api/organization/delete/${organizationId}${code ? `?verification_code=${code}` : ''}`,
      );
    expect((await remove(first.organizationId)).statusCode).toBe(202);
    const mail = await lastMailTo(t, first.owner.email, (m) => /\b\d{6}\b/.test(m.text));
    expect(mail.text).toContain('Organization: Kancelaria Pierwsza');
    const code = await lastCodeTo(t, first.owner.email);
    const other = await remove(second, code);
    expect([other.statusCode, other.json()]).toEqual([400, { detail: 'code_invalid' }]);
    const [left] = await t.database.db
      .select({ status: organizations.status })
      .from(organizations)
      .where(eq(organizations.id, second));
    expect(left?.status).toBe('active');
    expect((await remove(first.organizationId, code)).statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, InvitationPage, Organization, ReceivedInvitation } from '@themis/shared';
import { devOutbox, invitations, memberships } from '../src/db/schema';
import { lastMailTo, signedUpClient, uniqueEmail, type Client } from './accounts';
import { TEST_ORIGIN, createTestApp, type TestApp } from './app';
import { firm, invitation as invited, ROLES } from './organization-fixtures';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const invite = (client: Client, organizationId: string, body: object) =>
  client.post(`/api/organization/invitation/create/${organizationId}`, body);

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

const invitationCount = async (organizationId: string) =>
  (
    await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.organizationId, organizationId))
  ).length;

describe('inviting by e-mail', () => {
  it('mails an account holder the invitation page, and a new address the sign-up form', async () => {
    const { owner, organizationId } = await firm(t, [], 'Kancelaria Nowak');
    const holder = await signedUpClient(t);
    const newcomer = uniqueEmail('newcomer');
    const res = await invite(owner.client, organizationId, {
      user_emails: [holder.email.toUpperCase(), newcomer],
      role: 'MEMBER',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Invitation[];
    expect(created.map((i) => [i.email, i.role, i.status])).toEqual([
      [holder.email, 'MEMBER', 'sent'],
      [newcomer, 'MEMBER', 'sent'],
    ]);

    const toHolder = await lastMailTo(t, holder.email);
    expect(toHolder.subject).toBe('You are invited to Kancelaria Nowak in Themis');
    expect(linkIn(toHolder.text)).toBe(
      `${TEST_ORIGIN}/organizations/invitation?invitation_type=EMAIL&invitation_pk=${created[0]!.pk}`,
    );
    // The sign-up goes on to the invitation once the account exists.
    const toNewcomer = await lastMailTo(t, newcomer);
    const invitationPage = `/organizations/invitation?invitation_type=EMAIL&invitation_pk=${created[1]!.pk}`;
    expect(linkIn(toNewcomer.text)).toBe(
      `${TEST_ORIGIN}/register?${new URLSearchParams({ email: newcomer, from: invitationPage })}`,
    );
    await owner.client.put('/api/user/update', { name: 'Anna', surname: 'Nowak' });

    // Someone who signs up later finds the invitation waiting.
    const later = await signedUpClient(t, newcomer);
    const waiting = (await later.client.get('/api/organization/invitation/list')).json();
    expect(waiting).toEqual([
      {
        pk: created[1]!.pk,
        invitation_type: 'EMAIL',
        organization: { pk: organizationId, name: 'Kancelaria Nowak' },
        role: 'MEMBER',
        email: newcomer,
        invited_by: 'Anna Nowak',
        is_for_current_user: true,
      },
    ]);
  });

  it('gives an address a role of its own, the rest the common one', async () => {
    const { owner, organizationId } = await firm(t);
    const [partner, clerk, trainee] = ['partner', 'clerk', 'trainee'].map(uniqueEmail);
    const res = await invite(owner.client, organizationId, {
      user_emails: [partner!, clerk!, trainee!],
      role: 'OBSERVER',
      // Written as typed: the addresses are compared as the list's are, trimmed, lower case.
      user_roles: { [` ${partner!.toUpperCase()}`]: 'ADMIN', [clerk!]: 'MEMBER' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Invitation[]).map((i) => [i.email, i.role])).toEqual([
      [partner, 'ADMIN'],
      [clerk, 'MEMBER'],
      [trainee, 'OBSERVER'],
    ]);
    expect((await lastMailTo(t, partner!)).text).toContain('as an administrator');
  });

  it('refuses bad requests with their own codes, writing nothing', async () => {
    const { owner, organizationId } = await firm(t);
    const member = await signedUpClient(t);
    const invitation = await invited(owner.client, organizationId, member.email);
    await member.client.post(`/api/organization/invitation/accept/${invitation.pk}`);
    const waiting = uniqueEmail('waiting');
    await invited(owner.client, organizationId, waiting);
    const before = await invitationCount(organizationId);
    const fresh = uniqueEmail('fresh');
    const cases: [object, number, string][] = [
      [{ user_emails: ['not-an-address'] }, 400, 'validation_error'],
      [{ user_emails: [] }, 400, 'validation_error'],
      [{ user_emails: [fresh, fresh.toUpperCase()] }, 400, 'validation_error'],
      [{ user_emails: [fresh], role: 'OWNER' }, 400, 'validation_error'],
      [{ user_emails: [fresh], user_roles: { [fresh]: 'OWNER' } }, 400, 'validation_error'],
      [{ user_emails: [fresh], user_roles: { [waiting]: 'ADMIN' } }, 400, 'validation_error'],
      [{ user_emails: [fresh, owner.email] }, 400, 'cannot_invite_self'],
      [{ user_emails: [fresh, member.email] }, 409, 'already_member'],
      [{ user_emails: [fresh, waiting] }, 409, 'invitation_pending'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await invite(owner.client, organizationId, body);
      expect([JSON.stringify(body), res.statusCode, res.json().detail]).toEqual([
        JSON.stringify(body),
        status,
        detail,
      ]);
    }
    expect(await invitationCount(organizationId)).toBe(before);
    const mails = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, fresh));
    expect(mails).toEqual([]);
  });

  it('answers invitation_pending to the loser of two managers inviting one address at once', async () => {
    const { owner, admin, organizationId } = await firm(t, ['ADMIN']);
    const address = uniqueEmail('raced');
    for (let round = 0; round < 3; round += 1) {
      const email = `${round}.${address}`;
      const answers = await Promise.all(
        [owner, admin].map((who) => invite(who.client, organizationId, { user_emails: [email] })),
      );
      const outcomes = answers.map((res) => [
        res.statusCode,
        res.statusCode === 201 ? null : res.json().detail,
      ]);
      expect(outcomes.sort()).toEqual([
        [201, null],
        [409, 'invitation_pending'],
      ]);
    }
  });

  it('defaults the role to observer', async () => {
    const { owner, organizationId } = await firm(t);
    const res = await invite(owner.client, organizationId, { user_emails: [uniqueEmail()] });
    expect((res.json() as Invitation[])[0]!.role).toBe('OBSERVER');
  });

  it('lets owners and admins invite; members and observers get 403, strangers 404', async () => {
    const { organizationId, admin, member, observer } = await firm(t, ROLES);
    const body = () => ({ user_emails: [uniqueEmail()] });
    expect((await invite(admin.client, organizationId, body())).statusCode).toBe(201);
    for (const [role, person] of [
      ['MEMBER', member],
      ['OBSERVER', observer],
    ] as const) {
      const res = await invite(person.client, organizationId, body());
      expect([role, res.statusCode, res.json()]).toEqual([role, 403, { detail: 'forbidden' }]);
    }
    const stranger = await signedUpClient(t);
    const res = await invite(stranger.client, organizationId, body());
    expect([res.statusCode, res.json()]).toEqual([404, { detail: 'not_found' }]);
    const list = await stranger.client.get(`/api/organization/invitation/list/${organizationId}`);
    expect(list.statusCode).toBe(404);
  });
});

describe('answering an invitation', () => {
  it('accepts into the organization with the invited role, once', async () => {
    const { owner, organizationId } = await firm(t);
    const person = await signedUpClient(t);
    const invitation = await invited(owner.client, organizationId, person.email, 'MEMBER');
    const shown = await person.client.get(
      `/api/organization/invitation/get/EMAIL/${invitation.pk}`,
    );
    // Without a name of their own, the inviter is named by address.
    expect(shown.json() as ReceivedInvitation).toMatchObject({
      is_for_current_user: true,
      invited_by: owner.email,
    });

    const url = `/api/organization/invitation/accept/${invitation.pk}`;
    expect((await person.client.post(url)).json()).toEqual({ status: 'ok' });
    const current = (
      await person.client.get('/api/organization/get-current')
    ).json() as Organization;
    expect(current).toMatchObject({
      pk: organizationId,
      role: 'MEMBER',
      co_members_count: 1,
      setting_visibility: { invitation_panel_visible: false, settings_panel_visible: false },
    });
    const again = await person.client.post(url);
    expect([again.statusCode, again.json()]).toEqual([404, { detail: 'invitation_not_found' }]);
    const rows = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId));
    expect(rows).toHaveLength(2);
  });

  it('shows another account the mismatch and refuses it, changing nothing', async () => {
    const { owner, organizationId } = await firm(t);
    const invitedEmail = uniqueEmail('invited');
    const invitation = await invited(owner.client, organizationId, invitedEmail);
    const other = await signedUpClient(t);
    const shown = await other.client.get(`/api/organization/invitation/get/EMAIL/${invitation.pk}`);
    expect(shown.json()).toMatchObject({ email: invitedEmail, is_for_current_user: false });
    for (const answer of ['accept', 'decline']) {
      const res = await other.client.post(
        `/api/organization/invitation/${answer}/${invitation.pk}`,
      );
      expect([res.statusCode, res.json()]).toEqual([403, { detail: 'invitation_wrong_account' }]);
    }
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.pk));
    expect(row!.status).toBe('sent');
  });

  it('declines without joining', async () => {
    const { owner, organizationId } = await firm(t);
    const person = await signedUpClient(t);
    const invitation = await invited(owner.client, organizationId, person.email);
    const res = await person.client.post(`/api/organization/invitation/decline/${invitation.pk}`);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await person.client.get('/api/organization/membership/user-list')).json()).toEqual([]);
    expect((await person.client.get('/api/organization/invitation/list')).json()).toEqual([]);
  });

  it('shows a revoked, expired or unknown invitation as not found, alike', async () => {
    const { owner, organizationId } = await firm(t);
    const person = await signedUpClient(t);
    const revoked = await invited(owner.client, organizationId, person.email);
    const deleted = await owner.client.delete(
      `/api/organization/invitation/delete/EMAIL/${revoked.pk}`,
    );
    expect(deleted.json()).toEqual({ status: 'ok' });

    const second = await firm(t, [], 'Kancelaria Kowalski');
    const expiring = await invited(second.owner.client, second.organizationId, person.email);
    // Past its expiry (the clock is not moved: the session would expire with it).
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(clock.getTime() - 1) })
      .where(eq(invitations.id, expiring.pk));
    for (const pk of [revoked.pk, expiring.pk, '00000000-0000-4000-8000-000000000000', 'x']) {
      const shown = await person.client.get(`/api/organization/invitation/get/EMAIL/${pk}`);
      expect([pk, shown.statusCode, shown.json()]).toEqual([
        pk,
        404,
        { detail: 'invitation_not_found' },
      ]);
      const accepted = await person.client.post(`/api/organization/invitation/accept/${pk}`);
      expect(accepted.statusCode).toBe(404);
    }
    expect((await person.client.get('/api/organization/invitation/list')).json()).toEqual([]);
  });
});

describe("an organization's invitations", () => {
  it('resends an open invitation once a minute, renewing it, and lists by e-mail and date', async () => {
    const { owner, organizationId } = await firm(t);
    const email = uniqueEmail('resent');
    const invitation = await invited(owner.client, organizationId, email);
    await lastMailTo(t, email);
    const url = `/api/organization/invitation/resend-email/EMAIL/${invitation.pk}`;
    const start = clock;
    clock = new Date(start.getTime() + 61_000);
    try {
      const resent = await owner.client.post(url);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(new Date(resent.json().expires_at).getTime()).toBeGreaterThan(
        new Date(invitation.expires_at).getTime(),
      );
      const early = await owner.client.post(url);
      expect([early.statusCode, early.json()]).toEqual([429, { detail: 'rate_limited' }]);
    } finally {
      clock = start;
    }
    // The first invitation and the one resend: the refused resend mailed nothing.
    await t.app.jobs.runDueJobs();
    const mails = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    expect(mails).toHaveLength(2);

    clock = new Date(clock.getTime() + 1000);
    const other = await invited(owner.client, organizationId, uniqueEmail('other'));
    const list = async (query: string) =>
      (
        (
          await owner.client.get(`/api/organization/invitation/list/${organizationId}${query}`)
        ).json() as InvitationPage
      ).items.map((i) => i.pk);
    expect(await list('')).toEqual([other.pk, invitation.pk]);
    expect(await list(`?search=${encodeURIComponent('RESENT')}`)).toEqual([invitation.pk]);
    expect(await list('?search=%25')).toEqual([]);
    const today = clock.toISOString().slice(0, 10);
    expect(await list(`?create_date_from=${today}&create_date_to=${today}`)).toHaveLength(2);
    expect(await list('?create_date_to=2000-01-01')).toEqual([]);
  });
});

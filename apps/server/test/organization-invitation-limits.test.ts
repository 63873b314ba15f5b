import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_EMAILS_MAX } from '@themis/shared';
import {
  INVITATION_MAILS_PER_ADDRESS,
  INVITATION_MAILS_PER_ORGANIZATION,
} from '../src/modules/organizations/invitations.service';
import { uniqueEmail, type Client } from './accounts';
import { createTestApp, type TestApp } from './app';
import { firm } from './organization-fixtures';

// Invitations cannot be used to flood a mailbox: invitation e-mails are counted by address
// (from every organization) and by organization, per hour, and revoking does not reset them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invite = (client: Client, organizationId: string, emails: string[]) =>
  client.post(`/api/organization/invitation/create/${organizationId}`, {
    user_emails: emails,
    role: 'MEMBER',
  });

const revoke = (client: Client, pk: string) =>
  client.delete(`/api/organization/invitation/delete/EMAIL/${pk}`);

describe('invitation e-mails', () => {
  it('reach one address a few times an hour, however often it is revoked and invited again', async () => {
    const { owner, organizationId } = await firm(t);
    const other = await firm(t, [], 'Kancelaria Kowalski');
    const target = uniqueEmail('target');
    for (let sent = 0; sent < INVITATION_MAILS_PER_ADDRESS.limit; sent += 1) {
      const res = await invite(owner.client, organizationId, [target]);
      expect(res.statusCode, res.body).toBe(201);
      expect((await revoke(owner.client, res.json()[0].pk)).statusCode).toBe(200);
    }
    const again = await invite(owner.client, organizationId, [target]);
    expect([again.statusCode, again.json().detail]).toEqual([429, 'rate_limited']);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Nor from another organization, and nothing is left open to resend.
    const elsewhere = await invite(other.owner.client, other.organizationId, [target]);
    expect([elsewhere.statusCode, elsewhere.json().detail]).toEqual([429, 'rate_limited']);
    const open = await owner.client.get(`/api/organization/invitation/list/${organizationId}`);
    const statuses = (open.json().items as { status: string }[]).map((each) => each.status);
    expect(statuses).not.toContain('sent');
    // A request naming that address invites none of the others with it.
    const fresh = uniqueEmail('fresh');
    const mixed = await invite(owner.client, organizationId, [fresh, target]);
    expect(mixed.statusCode).toBe(429);
    const first = await invite(other.owner.client, other.organizationId, [fresh]);
    expect(first.statusCode, first.body).toBe(201);
  });

  it("stop at the organization's hourly count, whoever they go to", async () => {
    const { owner, organizationId } = await firm(t);
    const requests = INVITATION_MAILS_PER_ORGANIZATION.limit / INVITATION_EMAILS_MAX;
    for (let request = 0; request < requests; request += 1) {
      const emails = Array.from({ length: INVITATION_EMAILS_MAX }, () => uniqueEmail('colleague'));
      const res = await invite(owner.client, organizationId, emails);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await invite(owner.client, organizationId, [uniqueEmail('one-more')]);
    expect([over.statusCode, over.json().detail]).toEqual([429, 'rate_limited']);
    // Another organization is not affected.
    const other = await firm(t);
    const elsewhere = await invite(other.owner.client, other.organizationId, [uniqueEmail()]);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });
});

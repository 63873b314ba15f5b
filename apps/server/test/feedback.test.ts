import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, signedUpClient } from './accounts';
import { createOrganization } from './organization-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('feedback', () => {
  it('stores the message with the sender, plan and type (info by default)', async () => {
    const { client, email, user } = await signedUpClient(t);
    await client.put('/api/user/update', { name: 'Anna', surname: 'Kowalska' });
    const res = await client.post('/api/feedback/create', {
      message: '  The answer cited an old statute.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, res.json().pk));
    expect(row).toMatchObject({
      userId: user.pk,
      type: 'info',
      message: 'The answer cited an old statute.',
      email,
      name: 'Anna Kowalska',
      tags: { userId: user.pk, product: 'Free', organization: '', organizationId: '' },
    });
  });

  it('names the organization the sender acts in', async () => {
    const { client } = await signedUpClient(t);
    const organizationId = await createOrganization(client, 'Kancelaria Nowak');
    const res = await client.post('/api/feedback/create', { message: 'Firm-wide question.' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, res.json().pk));
    expect(row?.tags).toMatchObject({ organization: 'Kancelaria Nowak', organizationId });
  });

  it('takes the sender from the session, never from the request', async () => {
    const { client, email } = await signedUpClient(t);
    const res = await client.post('/api/feedback/create', {
      type: 'error',
      message: 'Crash',
      email: 'ceo@example.com',
      name: 'Someone Else',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, res.json().pk));
    expect(row).toMatchObject({ type: 'error', email, name: email });
  });

  it('refuses an empty message, an unknown type, and anonymous senders', async () => {
    const { client } = await signedUpClient(t);
    expect(
      (await client.post('/api/feedback/create', { message: '   ' })).json().errors.message,
    ).toContain('validation.required');
    expect(
      (await client.post('/api/feedback/create', { type: 'rant', message: 'x' })).json().detail,
    ).toBe('validation_error');
    expect(
      (await client.post('/api/feedback/create', { message: 'x'.repeat(5001) })).json().errors
        .message,
    ).toContain('validation.messageMax');
    expect((await new Client(t).post('/api/feedback/create', { message: 'hi' })).statusCode).toBe(
      401,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorCommandError, runOperatorCommand } from '../src/operator/commands';
import { signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';

// Support puts a user on a plan by hand (a firm paying by transfer, a courtesy plan).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const operator = (...args: string[]) =>
  runOperatorCommand({ db: t.database.db, config: t.config, now: new Date(), args });
const planOf = async (client: Awaited<ReturnType<typeof signedUpClient>>['client']) =>
  (await client.get('/api/user/get')).json().customer.plan.product_name;

describe('user set-plan', () => {
  it('puts the user on the plan named by its code or name, whatever its price', async () => {
    const { client, email } = await signedUpClient(t);
    expect(await planOf(client)).toBe('Free');
    const answer = await operator('user', 'set-plan', email.toUpperCase(), 'Pro');
    expect(answer.output).toBe(`${email.toUpperCase()} is on the Pro plan.`);
    expect(await planOf(client)).toBe('Pro');
    await operator('user', 'set-plan', email, 'free');
    expect(await planOf(client)).toBe('Free');
  });

  it('names what it could not find, and changes nothing', async () => {
    const { client, email } = await signedUpClient(t);
    await expect(operator('user', 'set-plan', 'nobody@example.com', 'pro')).rejects.toThrow(
      'No user has the e-mail nobody@example.com.',
    );
    // An organization's plan is not an individual one.
    await expect(operator('user', 'set-plan', email, 'team')).rejects.toThrow(OperatorCommandError);
    await expect(operator('user', 'set-plan', email, 'pro', '--start', '+1d')).rejects.toThrow(
      'take only --until',
    );
    await expect(
      operator('user', 'set-plan', email, 'pro', '--until', '2020-01-01T00:00:00Z'),
    ).rejects.toThrow('--until must be in the future');
    await expect(operator('user', 'set-plan', email)).rejects.toThrow('unknown user command');
    expect(await planOf(client)).toBe('Free');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, MemberPage } from '@themis/shared';
import { devOutbox, jobs } from '../src/db/schema';
import { ACCESS_COOKIE } from '../src/modules/auth/auth.cookies';
import { MAIL_SEND_JOB } from '../src/platform/mail/mail-queue';
import { Client, signedUpClient, uniqueEmail } from './accounts';
import { anotherInstance, createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-test-server';

/**
 * The app under test mails through a real SMTP server. Accounts are made beforehand on a
 * second instance of it on the same database that keeps its mail in the development outbox,
 * where the sign-up helpers read the activation codes. Neither runs a background worker:
 * queued mail goes out when a test runs the due jobs.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let accounts: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, startWorker: false });
  const outboxInstance = await anotherInstance(t, {});
  await outboxInstance.ready();
  accounts = { ...t, app: outboxInstance, close: () => outboxInstance.close() };
});
afterAll(async () => {
  await accounts?.close();
  await t?.close();
  await smtp?.close();
});

/** Has `<`, `>` and `&`, each of which the HTML part must escape; 22 characters. */
const ORGANIZATION = 'Kancelaria <b>&</b> Co';
const ORGANIZATION_HTML = 'Kancelaria &lt;b&gt;&amp;&lt;/b&gt; Co';

type Person = Awaited<ReturnType<typeof person>>;

/** An active account whose e-mails are in `language`, signed in on the app under test. */
async function person(language: 'en' | 'pl', details?: { name: string; surname: string }) {
  const account = await signedUpClient(accounts, uniqueEmail(language), { language });
  const client = new Client(t, account.client.ip);
  client.jar.set(ACCESS_COOKIE, account.client.jar.get(ACCESS_COOKIE)!);
  if (details) {
    const named = await client.put('/api/user/update', details);
    expect(named.statusCode, named.body).toBe(200);
  }
  return { ...account, client };
}

async function createOrganization(owner: Person, name = ORGANIZATION): Promise<string> {
  const created = await owner.client.post('/api/organization/create', { name });
  expect(created.statusCode, created.body).toBe(201);
  const current = (await owner.client.get('/api/organization/get-current')).json();
  expect(current).toMatchObject({ pk: created.json().pk, name });
  return current.pk;
}

async function invite(owner: Person, organizationId: string, emails: string[], role = 'MEMBER') {
  const res = await owner.client.post(`/api/organization/invitation/create/${organizationId}`, {
    user_emails: emails,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Invitation[];
}

/** Runs the due jobs as mail.test.ts does; what the SMTP server received meanwhile. */
async function deliver(): Promise<ReceivedMail[]> {
  const before = smtp.received.length;
  await t.app.jobs.runDueJobs();
  const queued = await t.database.db.select().from(jobs).where(eq(jobs.type, MAIL_SEND_JOB));
  expect(queued, 'every queued e-mail was delivered').toEqual([]);
  return smtp.received.slice(before);
}

/** The one mail delivered to exactly `to`, addressed to nobody else. */
function onlyMailTo(received: ReceivedMail[], to: string) {
  const matching = received.filter((r) => r.envelopeTo.includes(to));
  expect(matching, `one e-mail to ${to}`).toHaveLength(1);
  const [{ envelopeTo, mail }] = matching as [ReceivedMail];
  expect(envelopeTo).toEqual([to]);
  expect(mail.to).toMatchObject({ text: to });
  expect([mail.cc, mail.bcc]).toEqual([undefined, undefined]);
  return mail;
}

const envelopes = (received: ReceivedMail[]) => received.map((r) => r.envelopeTo).sort();

/** The link block: the address alone on its line of the plain text. */
const linkIn = (text: string | undefined) => {
  const links = (text ?? '').match(/^https?:\/\/\S+$/gm);
  expect(links, 'one link in the text').toHaveLength(1);
  return links![0]!;
};

/** The code block: six digits alone on their line, the only six digits in the text. */
const codeIn = (text: string | undefined) => {
  expect(text?.match(/\d{6}/g), 'one code in the text').toHaveLength(1);
  return /^(\d{6})$/m.exec(text!)![1]!;
};

const invitationLink = (invitation: Invitation) =>
  `${TEST_ORIGIN}/organizations/invitation?invitation_type=EMAIL&invitation_pk=${invitation.pk}`;

const rolesIn = async (client: Client, organizationId: string) => {
  const page = (
    await client.get(`/api/organization/membership/list/${organizationId}`)
  ).json() as MemberPage;
  return Object.fromEntries(page.items.map((m) => [m.user.email, m.role]));
};

describe('invitation e-mails over SMTP', () => {
  it('go to each invited account in its own language, naming the inviter, escaped in HTML', async () => {
    const owner = await person('en', { name: 'Jan', surname: 'Nowak & <Syn>' });
    const polish = await person('pl');
    const english = await person('en');
    const organizationId = await createOrganization(owner);
    const [toPolish, toEnglish] = await invite(owner, organizationId, [
      polish.email,
      english.email,
    ]);

    const received = await deliver();
    expect(envelopes(received)).toEqual([[english.email], [polish.email]].sort());

    const pl = onlyMailTo(received, polish.email);
    expect(pl.subject).toBe(`Zaproszenie do organizacji ${ORGANIZATION} w Themis`);
    expect(pl.text).toContain('Dzień dobry,');
    expect(pl.text).toContain(
      `Jan Nowak & <Syn> zaprasza Cię do organizacji ${ORGANIZATION} w Themis jako pracownika.`,
    );
    expect(pl.text).toContain('Otwórz zaproszenie, aby je przyjąć lub odrzucić:');
    expect(pl.text).toContain('Zaproszenie jest ważne do ');
    expect(linkIn(pl.text)).toBe(invitationLink(toPolish!));
    expect(pl.html).toContain('<html lang="pl">');
    expect(pl.html).toContain(
      `Jan Nowak &amp; &lt;Syn&gt; zaprasza Cię do organizacji ${ORGANIZATION_HTML} w Themis`,
    );
    expect(pl.html).toContain(`<title>Zaproszenie do organizacji ${ORGANIZATION_HTML} w Themis`);
    expect(pl.html).toContain(`href="${invitationLink(toPolish!).replace('&', '&amp;')}"`);
    expect(pl.html).toContain('>Otwórz zaproszenie</a>');

    const en = onlyMailTo(received, english.email);
    expect(en.subject).toBe(`You are invited to ${ORGANIZATION} in Themis`);
    expect(en.text).toContain(
      `Jan Nowak & <Syn> invites you to join ${ORGANIZATION} in Themis as an employee.`,
    );
    expect(en.text).toContain('Open the invitation to accept or decline it:');
    expect(en.text).toContain('The invitation is valid until ');
    expect(linkIn(en.text)).toBe(invitationLink(toEnglish!));
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain(`invites you to join ${ORGANIZATION_HTML} in Themis`);
    expect(en.html).toContain(`href="${invitationLink(toEnglish!).replace('&', '&amp;')}"`);

    for (const mail of [pl, en]) {
      // Neither the markup of the name nor the raw one reaches the HTML.
      expect(mail.html).not.toContain('<b>&</b>');
      expect(mail.html).not.toContain('<Syn>');
      // The inviter is named, not their address.
      expect(`${mail.text}${mail.html}`).not.toContain(owner.email);
    }
    // Nobody learns who else was invited, nor the other invitation's link.
    for (const [mail, other, otherInvitation] of [
      [pl, english, toEnglish!],
      [en, polish, toPolish!],
    ] as const) {
      expect(`${mail.text}${mail.html}`).not.toContain(other.email);
      expect(`${mail.text}${mail.html}`).not.toContain(otherInvitation.pk);
    }
  });

  it('go to a new address in the inviter’s language, and a resend repeats the same link', async () => {
    const owner = await person('pl');
    const english = await person('en');
    const newcomer = uniqueEmail('newcomer');
    const organizationId = await createOrganization(owner, 'Kancelaria Nowak');
    const [toEnglish, toNewcomer] = await invite(
      owner,
      organizationId,
      [english.email, newcomer],
      'ADMIN',
    );
    const first = await deliver();
    expect(envelopes(first)).toEqual([[english.email], [newcomer]].sort());
    const fresh = onlyMailTo(first, newcomer);
    expect(fresh.subject).toBe('Zaproszenie do organizacji Kancelaria Nowak w Themis');
    // Without a name of their own, the inviter is shown by address.
    expect(fresh.text).toContain(
      `${owner.email} zaprasza Cię do organizacji Kancelaria Nowak w Themis jako administratora.`,
    );
    expect(fresh.text).toContain('Załóż konto w Themis na ten adres');
    expect(linkIn(fresh.text)).toMatch(
      `${TEST_ORIGIN}/register?email=${encodeURIComponent(newcomer)}&from=`,
    );
    const firstToEnglish = onlyMailTo(first, english.email);
    expect(firstToEnglish.subject).toBe('You are invited to Kancelaria Nowak in Themis');
    expect(firstToEnglish.text).toContain('in Themis as an administrator.');

    for (const [invitation, to, previous] of [
      [toEnglish!, english.email, firstToEnglish],
      [toNewcomer!, newcomer, fresh],
    ] as const) {
      const resent = await owner.client.post(
        `/api/organization/invitation/resend-email/EMAIL/${invitation.pk}`,
      );
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ pk: invitation.pk, email: to, status: 'sent' });
      const again = await deliver();
      expect(envelopes(again)).toEqual([[to]]);
      const mail = onlyMailTo(again, to);
      expect(mail.subject).toBe(previous.subject);
      expect(linkIn(mail.text)).toBe(linkIn(previous.text));
    }
    expect(linkIn(firstToEnglish.text)).toBe(invitationLink(toEnglish!));
  });
});

describe('owner codes over SMTP', () => {
  it('transfers the ownership with the code e-mailed to the owner in their language', async () => {
    const owner = await person('pl');
    const member = await person('en');
    const organizationId = await createOrganization(owner);
    const [invitation] = await invite(owner, organizationId, [member.email]);
    await deliver();
    const joined = await member.client.post(
      `/api/organization/invitation/accept/${invitation!.pk}`,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const page = (
      await owner.client.get(`/api/organization/membership/list/${organizationId}`)
    ).json() as MemberPage;
    const target = page.items.find((m) => m.user.email === member.email)!;

    const transfer = (body: object) =>
      owner.client.put('/api/organization/membership/transfer-ownership', body);
    const asked = await transfer({ membership_pk: target.pk });
    expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'accepted' }]);
    const received = await deliver();
    expect(envelopes(received), 'the code goes to the owner alone').toEqual([[owner.email]]);
    const mail = onlyMailTo(received, owner.email);
    expect(mail.subject).toBe('Kod przekazania własności organizacji w Themis');
    expect(mail.text).toContain('potwierdzić przekazanie własności organizacji');
    expect(mail.text).toContain('Kod jest ważny przez 15 minut.');
    expect(mail.html).toContain('<html lang="pl">');
    const code = codeIn(mail.text);
    expect(mail.html).toContain(`>${code}</p>`);
    // It names what it confirms: the organization, and the new owner (by address, who has no name).
    expect(mail.text).toContain(`Organizacja: ${ORGANIZATION}`);
    expect(mail.text).toContain(`Nowy właściciel: ${member.email}`);

    const done = await transfer({ membership_pk: target.pk, verification_code: code });
    expect([done.statusCode, done.json()]).toEqual([200, { status: 'ok' }]);
    expect(await rolesIn(member.client, organizationId)).toEqual({
      [member.email]: 'OWNER',
      [owner.email]: 'ADMIN',
    });
    expect(await deliver(), 'the transfer itself mails nobody').toEqual([]);
  });

  it('deletes the organization with the code e-mailed to the owner in their language', async () => {
    const owner = await person('en');
    const member = await person('pl');
    const organizationId = await createOrganization(owner);
    const [invitation] = await invite(owner, organizationId, [member.email]);
    await deliver();
    await member.client.post(`/api/organization/invitation/accept/${invitation!.pk}`);
    expect((await owner.client.get('/api/organization/get-current')).json().pk).toBe(
      organizationId,
    );

    const remove = (query = '') =>
      owner.client.delete(`/api/organization/delete/${organizationId}${query}`);
    const asked = await remove();
    expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'accepted' }]);
    const received = await deliver();
    expect(envelopes(received), 'the code goes to the owner alone').toEqual([[owner.email]]);
    const mail = onlyMailTo(received, owner.email);
    expect(mail.subject).toBe('Your Themis organization deletion code');
    expect(mail.text).toContain('confirm the deletion of your organization in Themis');
    expect(mail.text).toContain('The code is valid for 15 minutes.');
    expect(mail.html).toContain('<html lang="en">');
    const code = codeIn(mail.text);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(`${mail.text}${mail.html}`).not.toContain(member.email);

    const done = await remove(`?verification_code=${code}`);
    expect([done.statusCode, done.json()]).toEqual([200, { status: 'ok' }]);
    const current = await owner.client.get('/api/organization/get-current');
    expect([current.statusCode, current.json()]).toEqual([
      400,
      { detail: 'no_current_organization' },
    ]);
    expect(await deliver(), 'the deletion itself mails nobody').toEqual([]);
    // SMTP took every organization e-mail: none fell into the development outbox.
    const outboxed = await t.database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, owner.email));
    expect(outboxed.map((m) => m.subject)).toEqual(['Your Themis account activation code']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEGAL_SOURCES_PER_CHECK } from '@themis/shared';
import { legalSourceChecks } from '../src/db/schema';
import { LEGAL_SOURCE_CHECKS_PER_USER } from '../src/modules/legal-sources/legal-sources.service';
import { createLegalRegisters } from '../src/platform/legal-sources/legal-registers';
import { Client, signedUpClient } from './accounts';
import { anotherInstance, createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { startLegalRegistersStandIn, type LegalRegistersStandIn } from './legal-registers-stand-in';

// Cited sources checked through HTTP into a real database, against a local stand-in speaking
// the ELI API's and SAOS's JSON: each state, the cache, what leaves Themis, a register down or
// hanging, checking off, and bad input.

const CIVIL_CODE = {
  ELI: 'DU/1964/93',
  title: 'Ustawa z dnia 23 kwietnia 1964 r. - Kodeks cywilny',
  status: 'obowiązujący',
  inForce: 'IN_FORCE' as const,
  entryIntoForce: '1965-01-01',
};
const OLD_DATA_ACT = {
  ELI: 'DU/1997/883',
  title: 'Ustawa z dnia 29 sierpnia 1997 r. o ochronie danych osobowych',
  status: 'uchylony',
  inForce: 'NOT_IN_FORCE' as const,
  repealDate: '2018-05-25',
  references: { 'Akty uchylające': [{ id: 'DU/2018/1000', date: '2018-05-25' }] },
};

let registers: LegalRegistersStandIn;
let t: TestApp;
let client: Client;

beforeAll(async () => {
  registers = await startLegalRegistersStandIn();
  registers.acts.set('DU/1964/93', CIVIL_CODE);
  registers.acts.set('DU/1997/883', OLD_DATA_ACT);
  registers.judgments.set('III CZP 25/22', 12345);
  t = await createTestApp({
    env: {
      LEGAL_SOURCES: 'verify',
      LEGAL_ELI_URL: registers.eliUrl,
      LEGAL_SAOS_URL: registers.saosUrl,
    },
  });
  ({ client } = await signedUpClient(t));
});
afterAll(async () => {
  await t.close();
  await registers.close();
});
beforeEach(async () => {
  registers.requests.length = 0;
  await t.database.db.delete(legalSourceChecks);
});

const check = (sources: string[], as = client) => as.post('/api/legal-sources/check', { sources });
const stateOf = (items: { key: string; state: string }[]) =>
  Object.fromEntries(items.map((item) => [item.key, item.state]));

describe('checking cited sources', () => {
  it('says which acts are in force or repealed, which judgments exist, and what is not found', async () => {
    const res = await check([
      'pl:DU:1964:93',
      'pl:DU:1997:883',
      'pl:DU:2023:99999',
      'pl-case:III CZP 25/22',
      'pl-case:I CSK 9999/99',
      'eu:32016R0679',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items).toEqual([
      {
        key: 'pl:DU:1964:93',
        state: 'in_force',
        title: CIVIL_CODE.title,
        repealed_on: null,
        repealed_by: null,
        url: null,
      },
      {
        key: 'pl:DU:1997:883',
        state: 'repealed',
        title: OLD_DATA_ACT.title,
        repealed_on: '2018-05-25',
        repealed_by: 'pl:DU:2018:1000',
        url: null,
      },
      expect.objectContaining({ key: 'pl:DU:2023:99999', state: 'not_found', title: null }),
      expect.objectContaining({
        key: 'pl-case:III CZP 25/22',
        state: 'found',
        url: 'https://www.saos.org.pl/judgments/12345',
      }),
      expect.objectContaining({ key: 'pl-case:I CSK 9999/99', state: 'not_found' }),
      // No register here keeps EU acts.
      expect.objectContaining({ key: 'eu:32016R0679', state: 'not_checked' }),
    ]);
  });

  it('sends on only the identifier, and asks again only once what it keeps grows old', async () => {
    await check(['pl:DU:1964:93', 'pl-case:III CZP 25/22']);
    expect(
      registers.requests.map((request) => [request.method, request.url, request.body]),
    ).toEqual([
      ['GET', '/eli/acts/DU/1964/93', ''],
      ['GET', '/api/search/judgments?caseNumber=III+CZP+25%2F22&pageSize=1', ''],
    ]);
    for (const request of registers.requests) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.referer).toBeUndefined();
    }
    // Another user's check of the same sources is answered from what is kept.
    const { client: other } = await signedUpClient(t);
    const again = await check(['pl-case:III CZP 25/22', 'pl:DU:1964:93'], other);
    expect(stateOf(again.json().items)).toEqual({
      'pl-case:III CZP 25/22': 'found',
      'pl:DU:1964:93': 'in_force',
    });
    expect(registers.requests).toHaveLength(2);
    // What is kept names no user and no conversation: only the source.
    const kept = await t.database.db.select().from(legalSourceChecks);
    expect(Object.keys(kept[0]!).sort()).toEqual(
      ['checkedAt', 'key', 'repealedBy', 'repealedOn', 'state', 'title', 'url'].sort(),
    );
    // A week on, the act is asked for again.
    await t.database.db
      .update(legalSourceChecks)
      .set({ checkedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(legalSourceChecks.key, 'pl:DU:1964:93'));
    await check(['pl:DU:1964:93', 'pl-case:III CZP 25/22']);
    expect(registers.requests.map((request) => request.url).slice(2)).toEqual([
      '/eli/acts/DU/1964/93',
    ]);
  });

  it('refuses a user who checks more than the limit in a minute', async () => {
    const { client: eager } = await signedUpClient(t);
    for (let call = 0; call < LEGAL_SOURCE_CHECKS_PER_USER.limit; call++) {
      expect((await check(['pl:DU:1964:93'], eager)).statusCode).toBe(200);
    }
    const refused = await check(['pl:DU:1964:93'], eager);
    expect([refused.statusCode, refused.json().detail]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps what a register says within bounds: a long title cut, a date that is none dropped', async () => {
    registers.acts.set('DU/2001/1', {
      ELI: 'DU/2001/1',
      title: 'Ustawa '.repeat(1000),
      status: 'uchylony',
      inForce: 'NOT_IN_FORCE',
      repealDate: 'wkrótce',
      references: { 'Akty uchylające': [{ id: 'not an ELI' }] },
    });
    const [item] = (await check(['pl:DU:2001:1'])).json().items;
    expect(item).toMatchObject({ state: 'repealed', repealed_on: null, repealed_by: null });
    expect(item.title).toHaveLength(1000);
  });

  it('asks once for a key named twice', async () => {
    const res = await check(['pl:DU:1964:93', 'pl:DU:1964:93']);
    expect(res.json().items).toHaveLength(1);
    expect(registers.requests).toHaveLength(1);
  });

  it('answers not checked when a register is down, keeping what it had', async () => {
    await check(['pl:DU:1964:93']);
    const down = await startLegalRegistersStandIn();
    const closedUrl = down.eliUrl;
    await down.close();
    const offline = await anotherInstance(t, {
      LEGAL_SOURCES: 'verify',
      LEGAL_ELI_URL: closedUrl,
      LEGAL_SAOS_URL: closedUrl.replace('/eli', '/api'),
    });
    try {
      await offline.ready();
      const { client: reader } = await signedUpClient({ ...t, app: offline });
      const res = await reader.post('/api/legal-sources/check', {
        sources: ['pl:DU:1964:93', 'pl:DU:1997:883', 'pl-case:III CZP 25/22'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(stateOf(res.json().items)).toEqual({
        'pl:DU:1964:93': 'in_force',
        'pl:DU:1997:883': 'not_checked',
        'pl-case:III CZP 25/22': 'not_checked',
      });
    } finally {
      await offline.close();
    }
  });

  it('checks nothing when checking is off or links only', async () => {
    for (const mode of ['off', 'links']) {
      const quiet = await anotherInstance(t, {
        LEGAL_SOURCES: mode,
        LEGAL_ELI_URL: registers.eliUrl,
        LEGAL_SAOS_URL: registers.saosUrl,
      });
      try {
        await quiet.ready();
        const { client: reader } = await signedUpClient({ ...t, app: quiet });
        const res = await reader.post('/api/legal-sources/check', { sources: ['pl:DU:1964:93'] });
        expect(stateOf(res.json().items)).toEqual({ 'pl:DU:1964:93': 'not_checked' });
      } finally {
        await quiet.close();
      }
    }
    expect(registers.requests).toEqual([]);
  });

  it('refuses malformed keys and too many at once, and anyone signed out', async () => {
    for (const sources of [
      [],
      ['pl:DU:1964'],
      ['pl:DU:1964:93\u0000'],
      ['https://example.com/'],
      Array.from({ length: LEGAL_SOURCES_PER_CHECK + 1 }, (_, i) => `pl:DU:2020:${i + 1}`),
    ]) {
      const res = await check(sources);
      expect([res.statusCode, res.json().detail]).toEqual([400, 'validation_error']);
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/legal-sources/check',
      headers: { origin: TEST_ORIGIN },
      payload: { sources: ['pl:DU:1964:93'] },
    });
    expect([signedOut.statusCode, signedOut.json().detail]).toEqual([401, 'unauthorized']);
    expect(registers.requests).toEqual([]);
  });
});

describe('the registers', () => {
  it('give up on a register that hangs, and leave it alone after three failures', async () => {
    const slow = await startLegalRegistersStandIn();
    slow.mode = 'hang';
    try {
      const asked = createLegalRegisters({
        eliUrl: slow.eliUrl,
        saosUrl: slow.saosUrl,
        timeoutMs: 200,
      });
      const act = { kind: 'pl-act', journal: 'DU', year: 1964, position: 93 } as const;
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(await asked.check(act)).toEqual({ state: 'unreachable' });
      }
      await expect.poll(() => slow.requests.length).toBe(3);
      // Open: answered at once, without asking.
      expect(await asked.check(act)).toEqual({ state: 'unreachable' });
      expect(slow.requests).toHaveLength(3);
    } finally {
      await slow.close();
    }
  });
});

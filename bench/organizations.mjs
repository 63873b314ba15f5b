// An organization of 1,000 members and 5,000 invitations among 40 other firms: the co-workers
// list's first page, a search through it, and the invitations list's first page at 50
// connections, and what the access check every organization route makes costs per request.
// On the embedded database (PGlite, the default) and on PostgreSQL when one answers.
// Reports; never asserts.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { activatedAccount, databaseSide } from './seeding.mjs';

async function getJson(url, access) {
  const res = await fetch(url, { headers: { cookie: `access=${access}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * One deployment: the owner signs up and creates the organization through the API, the
 * server stops while the rest is inserted in SQL (seeding 1,000 members through the API would
 * take longer than the measurement), and a restarted server is measured.
 */
async function measureDeployment(helpers, dataDir, databaseUrl) {
  const { timeToReady, stop, base, load } = helpers;
  const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  let owner;
  let organizationId;
  const first = await timeToReady(dataDir, databaseUrl);
  try {
    owner = await activatedAccount(helpers, 'owner');
    const created = await fetch(`${base}/api/organization/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `access=${owner.access}` },
      body: JSON.stringify({ name: 'Bench Kancelaria' }),
    });
    if (created.status !== 201) throw new Error(`organization not created: ${created.status}`);
    organizationId = (await created.json()).pk;
  } finally {
    await stop(first.child);
  }
  const env = { ...dbEnv, ORGANIZATION: organizationId, OWNER: owner.userId };
  const seeded = await databaseSide('bench/organizations-db.mjs', 'seed', env);

  const { child } = await timeToReady(dataDir, databaseUrl);
  let throughput;
  try {
    const members = `/api/organization/membership/list/${organizationId}`;
    const invitations = `/api/organization/invitation/list/${organizationId}`;
    const paths = [members, `${members}?search=nowak7`, invitations];
    for (const path of paths) {
      const page = await getJson(`${base}${path}`, owner.access);
      if (page.items.length === 0) throw new Error(`${path}: an empty page`);
    }
    throughput = [];
    for (const path of paths) {
      throughput.push(await load(path, { headers: { cookie: `access=${owner.access}` } }));
    }
  } finally {
    await stop(child);
  }
  const policyCheck = await databaseSide('bench/organizations-db.mjs', 'policy', env);
  return { seeded, throughput, policy_check: policyCheck };
}

export async function measureOrganizations(helpers, dataDir) {
  const load = loadavg().map((value) => Math.round(value * 100) / 100);
  const embedded = await measureDeployment(helpers, dataDir);
  const database = await helpers.freshPostgresDatabase();
  let postgresql = 'not measured: no PostgreSQL server answered';
  if (database) {
    try {
      postgresql = await measureDeployment(helpers, join(dataDir, 'postgres'), database.url);
    } finally {
      await database.drop();
    }
  }
  return {
    measured_at: new Date().toISOString(),
    load_average_at_start: load,
    setup:
      'One owner signs up and creates the organization through the API; with the server ' +
      'stopped, SQL adds 999 members (this month’s tokens each), 5,000 invitations and 40 ' +
      'other organizations (10,000 members, 50,000 invitations) and analyzes; the restarted ' +
      'server is loaded by autocannon as the owner: the co-workers list’s first page (50 of ' +
      '1,000 by date added), a search through them (nowak7: 111 hits, first 50), and the ' +
      'invitations list’s first page (50 of 5,000). policy_check: requireOrganizationAccess, ' +
      'which every organization route runs before its work (one indexed query of the ' +
      'membership and the organization, then the role matrix), timed in-process with the ' +
      'server’s code on the same database (server stopped): one call after another, and 50 ' +
      'in flight through the pool of 10; beside it `select 1` on that pool (the round trip ' +
      'any query costs) and the role decision alone.',
    embedded,
    postgresql,
  };
}

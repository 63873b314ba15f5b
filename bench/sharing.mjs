// Shared links at scale: a conversation of 2,000 messages shared (how long making its copy
// takes), the shared view's first page read by a visitor at 50 connections, and the link
// manager of an owner with 1,000 links, 20 visitors each: its first page and its last.
// On the embedded database (PGlite, the default) and on PostgreSQL when one answers.
// Reports; never asserts.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { activatedAccount, databaseSide } from './seeding.mjs';

async function call(base, method, path, access, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: `access=${access}` },
    ...(body && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches(items, width, work) {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(work));
  }
}

async function measureDeployment(helpers, dataDir, databaseUrl) {
  const { timeToReady, stop, base, load } = helpers;
  const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  let owner;
  let visitor;
  let conversation;
  const first = await timeToReady(dataDir, databaseUrl);
  try {
    owner = await activatedAccount(helpers, 'sharer');
    visitor = await activatedAccount(helpers, 'visitor');
    conversation = (
      await call(base, 'POST', '/api/conversation/create', owner.access, { name: 'Najem' })
    ).pk;
  } finally {
    await stop(first.child);
  }
  const env = { ...dbEnv, OWNER: owner.userId, CONVERSATION: conversation };
  const seeded = await databaseSide('bench/sharing-db.mjs', 'conversations', env);

  let secret;
  let shareMs;
  const second = await timeToReady(dataDir, databaseUrl);
  try {
    const started = performance.now();
    const link = await call(
      base,
      'POST',
      `/api/conversation/share/create/${conversation}`,
      owner.access,
      {},
    );
    shareMs = Math.round(performance.now() - started);
    secret = link.shared_key.split('/').pop();
    const others = (await call(base, 'GET', '/api/conversation/list?limit=100', owner.access))
      .next_cursor;
    if (!others) throw new Error('sharing bench: the other conversations are missing');
    const ids = [];
    let cursor = '';
    do {
      const page = await call(
        base,
        'GET',
        `/api/conversation/list?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        owner.access,
      );
      ids.push(...page.items.map((item) => item.pk).filter((pk) => pk !== conversation));
      cursor = page.next_cursor;
    } while (cursor);
    await inBatches(ids, 8, (pk) =>
      call(base, 'POST', `/api/conversation/share/create/${pk}`, owner.access, {}),
    );
  } finally {
    await stop(second.child);
  }
  const visitors = await databaseSide('bench/sharing-db.mjs', 'visitors', env);

  const { child } = await timeToReady(dataDir, databaseUrl);
  let throughput;
  try {
    await call(base, 'GET', `/api/conversation/share/verify/${secret}`, visitor.access);
    const firstPage = await call(base, 'GET', '/api/conversation/share/list', owner.access);
    let lastCursor = firstPage.next_cursor;
    let pages = 1;
    for (let cursor = lastCursor; cursor; pages += 1) {
      lastCursor = cursor;
      cursor = (
        await call(base, 'GET', `/api/conversation/share/list?cursor=${cursor}`, owner.access)
      ).next_cursor;
    }
    const view = `/api/conversation/share/list-messages/${secret}`;
    const shown = await call(base, 'GET', view, visitor.access);
    if (shown.items.length !== 50 || !shown.has_more) throw new Error('shared view: no full page');
    throughput = {
      shared_view_first_page: await load(view, { headers: { cookie: `access=${visitor.access}` } }),
      link_manager_first_page: await load('/api/conversation/share/list', {
        headers: { cookie: `access=${owner.access}` },
      }),
      link_manager_last_page: await load(`/api/conversation/share/list?cursor=${lastCursor}`, {
        headers: { cookie: `access=${owner.access}` },
      }),
      link_manager_pages: pages,
    };
  } finally {
    await stop(child);
  }
  return { seeded: { ...seeded, ...visitors }, share_2000_messages_ms: shareMs, throughput };
}

export async function measureSharing(helpers, dataDir) {
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
      'An owner and a visitor sign up through the API; with the server stopped, SQL gives ' +
      'the owner a conversation of 2,000 messages (questions and markdown answers of about ' +
      '500 characters) and 999 others. The owner shares the long one through the API ' +
      '(share_2000_messages_ms: copying it into the link) and then each of the others, 8 at ' +
      'once; with the server stopped again SQL records 20 visitors on every link. The ' +
      'restarted server is loaded by autocannon at 50 connections: the visitor reading the ' +
      'shared view’s first page (50 of 2,000 messages), and the owner’s link manager, its ' +
      'first page and its last (25 of 1,000 links, each with its first 3 visitors and count).',
    embedded,
    postgresql,
  };
}

// The organizations bench's database side, run by bench/organizations.mjs under tsx with the
// server's own TypeScript, against the server's database while the server is stopped (PGlite
// has one process): `seed` fills an organization, `policy` times its access check in-process.
// DATABASE_URL names PostgreSQL; without it, the PGlite under DATA_DIR. ORGANIZATION and
// OWNER name the organization and its owner. Prints one JSON line.
import { sql } from 'drizzle-orm';
import { requireOrganizationAccess } from '../apps/server/src/access/access.ts';
import { mayOnOrganization } from '../apps/server/src/access/policies.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const MEMBERS = 1_000;
const INVITATIONS = 5_000;
/** Other organizations sharing the tables, as in a database of many firms. */
const OTHERS = 40;

const organizationId = process.env.ORGANIZATION;
const ownerId = process.env.OWNER;

/**
 * 999 accounts joined to the organization with this month's tokens used, 5,000 invitations
 * to it, and 40 other organizations of 250 members and 1,250 invitations each.
 */
async function seed(db) {
  await db.execute(sql`
    insert into users (email, name, surname, activated_at, has_personal_info_set)
    select 'bench.coworker' || g || '@example.com', 'Anna' || g, 'Nowak' || g, now(), true
    from generate_series(1, ${MEMBERS - 1}::int) g`);
  await db.execute(sql`
    insert into memberships (organization_id, user_id, role, created_at, last_activity_at)
    select ${organizationId}::uuid, u.id,
      case when g % 10 = 0 then 'ADMIN' when g % 3 = 0 then 'OBSERVER' else 'MEMBER' end,
      now() - interval '30 days' + g * interval '1 minute', now()
    from generate_series(1, ${MEMBERS - 1}::int) g
    join users u on u.email = 'bench.coworker' || g || '@example.com'`);
  await db.execute(sql`
    insert into organization_token_usage (organization_id, user_id, month, tokens)
    select organization_id, user_id, date_trunc('month', now() at time zone 'UTC')::date, 1000
    from memberships where organization_id = ${organizationId}::uuid`);
  await db.execute(sql`
    insert into invitations
      (organization_id, email, role, status, invited_by_id, expires_at, created_at)
    select ${organizationId}::uuid, 'bench.invited' || g || '@example.com', 'OBSERVER',
      (array['sent', 'accepted', 'declined', 'revoked'])[g % 4 + 1], ${ownerId}::uuid,
      now() + interval '14 days', now() - interval '30 days' + g * interval '1 minute'
    from generate_series(1, ${INVITATIONS}::int) g`);
  await db.execute(sql`
    insert into organizations (name)
    select 'Bench firm ' || g from generate_series(1, ${OTHERS}::int) g`);
  const others = sql`(
    select id, row_number() over (order by id) - 1 as n
    from organizations where name like 'Bench firm %'
  ) o`;
  await db.execute(sql`
    insert into users (email, activated_at)
    select 'bench.other' || g || '@example.com', now()
    from generate_series(1, ${OTHERS * 250}::int) g`);
  await db.execute(sql`
    insert into memberships (organization_id, user_id, role, created_at)
    select o.id, u.id, 'MEMBER', now() - interval '30 days' + g * interval '1 second'
    from generate_series(1, ${OTHERS * 250}::int) g
    join users u on u.email = 'bench.other' || g || '@example.com'
    join ${others} on o.n = g % ${OTHERS}`);
  await db.execute(sql`
    insert into invitations (organization_id, email, role, expires_at, created_at)
    select o.id, 'bench.other.invited' || g || '@example.com', 'OBSERVER',
      now() + interval '14 days', now() - interval '30 days' + g * interval '1 second'
    from generate_series(1, ${OTHERS * 1250}::int) g
    join ${others} on o.n = g % ${OTHERS}`);
  for (const table of ['users', 'memberships', 'invitations', 'organization_token_usage']) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  return { members: MEMBERS, invitations: INVITATIONS, other_organizations: OTHERS };
}

const round = (value) => Math.round(value * 100) / 100;

function micros(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] * 1000);
  const mean = round((sorted.reduce((sum, value) => sum + value, 0) / sorted.length) * 1000);
  return { p50_us: at(0.5), p99_us: at(0.99), mean_us: mean };
}

async function timed(iterations, fn) {
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * requireOrganizationAccess as each organization route calls it: one after another (its
 * latency), and 50 at once for a few seconds (its throughput through the pool); beside it
 * `select 1` on the same pool, the round trip any query costs, and the role decision alone.
 */
async function policy(db) {
  const actor = {
    kind: 'user',
    userId: ownerId,
    sessionId: 'bench',
    organizationId,
    role: 'OWNER',
    allowedModels: null,
  };
  const check = () =>
    requireOrganizationAccess({ db, actor, action: 'members.read', organizationId });
  const iterations = 2_000;
  await timed(200, check);
  const sequential = micros(await timed(iterations, check));
  await timed(200, () => db.execute(sql`select 1`));
  const roundTrip = micros(await timed(iterations, () => db.execute(sql`select 1`)));

  let calls = 0;
  const until = performance.now() + 3_000;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (performance.now() < until) {
        await check();
        calls += 1;
      }
    }),
  );

  const decisions = 1_000_000;
  let allowed = 0;
  const started = performance.now();
  for (let i = 0; i < decisions; i++) {
    if (mayOnOrganization(actor, 'members.read', 'OWNER')) allowed += 1;
  }
  const decisionNs = ((performance.now() - started) * 1e6) / decisions;
  if (allowed !== decisions) throw new Error('the owner was refused');
  return {
    iterations,
    check_sequential: sequential,
    select_1_round_trip: roundTrip,
    check_at_50_concurrent_per_s: Math.round(calls / 3),
    role_decision_alone_ns: round(decisionNs),
  };
}

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
try {
  const mode = process.argv[2];
  const result = mode === 'seed' ? await seed(handle.db) : await policy(handle.db);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await handle.close();
}

import { existsSync } from 'node:fs';
import { defineProject } from 'vitest/config';
import integration from './vitest.integration.config';

/**
 * The integration files whose outcome depends on the database engine or on Redis. `npm test`
 * runs every integration file on the embedded database; CI runs these once more on PostgreSQL
 * and Redis (npm run test:engines). A new file belongs here when it races requests on a
 * unique index or a lock, uses what only one engine has, or relays through Redis.
 */
const ENGINE_DEPENDENT = [
  // Races decided by unique indexes, row locks or SKIP LOCKED.
  'admission-locks',
  'audit-log',
  'attachments-model',
  'billing-invoice',
  'billing-lifecycle',
  'billing-plan-changes',
  'billing-sandbox',
  'chat-allowance',
  'chat-versions-race',
  'encryption-jobs',
  'google-auth',
  'jobs',
  'organization-invitations',
  'organization-members',
  'organization-pool',
  'organizations',
  'sharing',
  // How statements are queued and batched: the embedded database's one session, a pool.
  'batched',
  'embedded-database',
  // What the engine keeps on disk, backups and restores, restarts.
  'backup',
  'encryption-at-rest',
  'encryption-removed-text',
  'process',
  // Relays and state shared through Redis.
  'chat-relay',
  'encryption-secrets',
  'redis-rate-limit',
  'unlocked-keys-redis',
  'websocket-sessions',
].map((name) => `test/${name}.test.ts`);

const missing = ENGINE_DEPENDENT.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.engines.config.ts names missing files: ${missing}`);

// The integration project's settings, with these files only (merging would add the lists).
export default defineProject({
  test: { ...integration.test, name: 'server-engines', include: ENGINE_DEPENDENT, exclude: [] },
});

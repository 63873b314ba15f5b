import type { CheckedLegalSource, LegalSourceMode } from '@themis/shared';
import { parseSourceKey } from '@themis/shared/citations';
import { requireContextAccess } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Database } from '../../db/client';
import { RateLimitedError } from '../../errors';
import type { LegalRegisters } from '../../platform/legal-sources/legal-registers';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { findStoredChecks, storeChecks, type StoredCheck } from './legal-sources.repo';

/** Checks one user may ask for in a minute: an answer's list is one. */
export const LEGAL_SOURCE_CHECKS_PER_USER = { limit: 60, windowMs: 60_000 };

/** Acts and judgments change rarely; a source said not to exist may be published since. */
const KEPT_FOR_MS = { found: 7 * 86_400_000, not_found: 86_400_000 };
/** Registers asked at once for one check. */
const AT_ONCE = 4;

const notChecked = (key: string): CheckedLegalSource => ({
  key,
  state: 'not_checked',
  title: null,
  repealed_on: null,
  repealed_by: null,
  url: null,
});

const present = (check: StoredCheck): CheckedLegalSource => ({
  key: check.key,
  state: check.state,
  title: check.title,
  repealed_on: check.repealedOn,
  repealed_by: check.repealedBy,
  url: check.url,
});

async function inTurns<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return results;
}

/**
 * What the registers say of cited sources, by their keys. Only the keys leave Themis (never a
 * question, an answer or who asks), and what comes back is kept by key for everyone. A source
 * with no register, or whose register does not answer in time, is not checked; an answer kept
 * from before stands in for a register that is down.
 */
export async function checkLegalSources(options: {
  db: Database;
  actor: Actor;
  limiter: RateLimiter;
  registers: LegalRegisters;
  mode: LegalSourceMode;
  now: () => Date;
  keys: string[];
}): Promise<CheckedLegalSource[]> {
  const { db, registers, now } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'legal_source.check' });
  const counted = await options.limiter.hit(
    `legal-sources:user:${actor.userId}`,
    LEGAL_SOURCE_CHECKS_PER_USER,
  );
  if (!counted.allowed) throw new RateLimitedError(counted.retryAfterS);
  const keys = [...new Set(options.keys)];
  if (options.mode !== 'verify') return keys.map(notChecked);

  const stored = new Map((await findStoredChecks(db, keys)).map((check) => [check.key, check]));
  const isFresh = (check: StoredCheck) =>
    now().getTime() - check.checkedAt.getTime() <
    (check.state === 'not_found' ? KEPT_FOR_MS.not_found : KEPT_FOR_MS.found);
  const stale = keys.filter((key) => {
    const check = stored.get(key);
    return !check || !isFresh(check);
  });
  const answers = await inTurns(stale, AT_ONCE, async (key) => {
    const answer = await registers.check(parseSourceKey(key)!);
    if (!answer || answer.state === 'unreachable') return undefined;
    return {
      key,
      state: answer.state,
      title: answer.title,
      repealedOn: answer.repealedOn,
      repealedBy: answer.repealedBy,
      url: answer.url,
      checkedAt: now(),
    } satisfies StoredCheck;
  });
  const fresh = answers.filter((answer) => answer !== undefined);
  await storeChecks(db, fresh);
  for (const check of fresh) stored.set(check.key, check);
  return keys.map((key) => {
    const check = stored.get(key);
    return check ? present(check) : notChecked(key);
  });
}

/**
 * What the registers last said of these sources, as kept: for an exported file, which shows
 * the states its reader saw and asks no register while it is made.
 */
export async function storedLegalSourceChecks(
  db: Database,
  keys: string[],
): Promise<Map<string, CheckedLegalSource>> {
  if (keys.length === 0) return new Map();
  const stored = await findStoredChecks(db, keys);
  return new Map(stored.map((check) => [check.key, present(check)]));
}

import type { PolishActRef, PolishJudgmentRef } from '@themis/shared/citations';
import type { LegalSourceState } from '@themis/shared';

/** What a register said of a source; `unreachable` when it could not be asked. */
export type RegisterAnswer =
  | {
      state: Exclude<LegalSourceState, 'not_checked'>;
      title: string | null;
      repealedOn: string | null;
      repealedBy: string | null;
      url: string | null;
    }
  | { state: 'unreachable' };

const NOT_FOUND = {
  state: 'not_found',
  title: null,
  repealedOn: null,
  repealedBy: null,
  url: null,
} as const;

async function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body: unknown = response.ok ? await response.json() : undefined;
  return { status: response.status, body };
}

interface EliAct {
  title?: unknown;
  status?: unknown;
  inForce?: unknown;
  expirationDate?: unknown;
  repealDate?: unknown;
  references?: Record<string, { id?: unknown }[] | undefined>;
}

/** A register's text, bounded: it is shown and kept. */
const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 1000) : null);
/** A register's day (`2018-05-25`), or none when it wrote something else. */
const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.slice(0, 10))
    ? value.slice(0, 10)
    : null;

/** `DU/2020/123` of the register's references, as a source key. */
const actKeyOf = (eli: unknown) => {
  const match = typeof eli === 'string' ? /^(DU|MP)\/(\d{4})\/(\d{1,5})$/.exec(eli) : null;
  return match ? `pl:${match[1]}:${match[2]}:${Number(match[3])}` : null;
};

/**
 * An act in the Sejm's ELI API (`GET /acts/{DU|MP}/{year}/{position}`): its title, and whether
 * it is in force (`inForce`, else its Polish `status`), when it was repealed and by what.
 */
export async function askEli(
  eliUrl: string,
  act: PolishActRef,
  timeoutMs: number,
): Promise<RegisterAnswer> {
  const { status, body } = await getJson(
    `${eliUrl}/acts/${act.journal}/${act.year}/${act.position}`,
    timeoutMs,
  );
  if (status === 404) return NOT_FOUND;
  if (status !== 200 || typeof body !== 'object' || body === null) return { state: 'unreachable' };
  const found = body as EliAct;
  const statusText = text(found.status)?.toLowerCase() ?? '';
  const repealed =
    found.inForce === 'NOT_IN_FORCE' ||
    (found.inForce !== 'IN_FORCE' && /uchylon|wygaś|nieobowiązując/.test(statusText));
  const repealer = Object.entries(found.references ?? {}).find(([kind]) =>
    /uchylon|uchylając/i.test(kind),
  )?.[1]?.[0];
  return {
    state: repealed ? 'repealed' : 'in_force',
    title: text(found.title),
    repealedOn: repealed ? (day(found.repealDate) ?? day(found.expirationDate)) : null,
    repealedBy: repealed ? actKeyOf(repealer?.id) : null,
    url: null,
  };
}

interface SaosSearch {
  items?: { id?: unknown; href?: unknown }[];
}

/** A judgment in SAOS by its signature (`GET /search/judgments?caseNumber=…`). */
export async function askSaos(
  saosUrl: string,
  judgment: PolishJudgmentRef,
  timeoutMs: number,
): Promise<RegisterAnswer> {
  const query = new URLSearchParams({ caseNumber: judgment.signature, pageSize: '1' });
  const { status, body } = await getJson(`${saosUrl}/search/judgments?${query}`, timeoutMs);
  if (status !== 200 || typeof body !== 'object' || body === null) return { state: 'unreachable' };
  const [first] = (body as SaosSearch).items ?? [];
  if (!first) return NOT_FOUND;
  const id = typeof first.id === 'number' || typeof first.id === 'string' ? String(first.id) : null;
  return {
    state: 'found',
    title: null,
    repealedOn: null,
    repealedBy: null,
    url: id && /^\d+$/.test(id) ? `https://www.saos.org.pl/judgments/${id}` : null,
  };
}

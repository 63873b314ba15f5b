import { z } from 'zod';
import { parseSourceKey } from './citations/citation';

/** How many sources one check may name: an answer's sources list, and then some. */
export const LEGAL_SOURCES_PER_CHECK = 30;

/**
 * What a source's check found: an act in force or repealed, a judgment found, a source that
 * does not exist where it says (possibly invented), or not checked (no register to ask, the
 * register unreachable, or checking off).
 */
export const LEGAL_SOURCE_STATES = [
  'in_force',
  'repealed',
  'found',
  'not_found',
  'not_checked',
] as const;
export type LegalSourceState = (typeof LEGAL_SOURCE_STATES)[number];

/** `LEGAL_SOURCES`: no links, links only, or links checked against the registers. */
export const LEGAL_SOURCE_MODES = ['off', 'links', 'verify'] as const;
export type LegalSourceMode = (typeof LEGAL_SOURCE_MODES)[number];

const ZSourceKey = z
  .string()
  .max(80)
  .refine((key) => parseSourceKey(key) !== undefined, 'validation.invalid');

export const ZLegalSourcesCheckRequest = z
  .object({ sources: z.array(ZSourceKey).min(1).max(LEGAL_SOURCES_PER_CHECK) })
  .meta({ id: 'LegalSourcesCheckRequest' });
export type LegalSourcesCheckRequest = z.infer<typeof ZLegalSourcesCheckRequest>;

export const ZCheckedLegalSource = z
  .object({
    key: z.string(),
    state: z.enum(LEGAL_SOURCE_STATES),
    /** The act's title as the register gives it. */
    title: z.string().nullable(),
    /** A repealed act: the day it stopped being in force, and the act that repealed it. */
    repealed_on: z.string().nullable(),
    repealed_by: z.string().nullable(),
    /** Where the register shows it, when it gave its own page (a judgment in SAOS). */
    url: z.string().nullable(),
  })
  .meta({ id: 'CheckedLegalSource' });
export type CheckedLegalSource = z.infer<typeof ZCheckedLegalSource>;

export const ZLegalSourcesCheckResponse = z
  .object({ items: z.array(ZCheckedLegalSource) })
  .meta({ id: 'LegalSourcesCheckResponse' });
export type LegalSourcesCheckResponse = z.infer<typeof ZLegalSourcesCheckResponse>;

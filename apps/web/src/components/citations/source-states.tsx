import {
  LEGAL_SOURCES_PER_CHECK,
  type CheckedLegalSource,
  type LegalSourceMode,
} from '@themis/shared';
import { sourceKey, type SourceRef } from '@themis/shared/citations';
import type { TFunction } from 'i18next';
import { createContext, useContext, useMemo } from 'react';
import { runtimeConfig } from '../../app/runtime-config';
import { useCheckLegalSourcesQuery } from './legal-sources-api';

/** What the registers said of an answer's sources, by key; empty until checked. */
export const SourceStatesContext = createContext<ReadonlyMap<string, CheckedLegalSource>>(
  new Map(),
);

export const useSourceState = (source: SourceRef) =>
  useContext(SourceStatesContext).get(sourceKey(source));

/** `LEGAL_SOURCES` as the server runs it. */
export const legalSourceMode = (): LegalSourceMode => runtimeConfig().legalSources;

/**
 * The states of `sources`, asked once the answer is finished (never while it streams, so the
 * chat's answers are never held by a register) and only where the server checks them.
 */
export function useSourceStates(sources: readonly SourceRef[], finished: boolean) {
  const keys = useMemo(() => sources.map(sourceKey).slice(0, LEGAL_SOURCES_PER_CHECK), [sources]);
  const { data } = useCheckLegalSourcesQuery(keys, {
    skip: !finished || !keys.length || legalSourceMode() !== 'verify',
  });
  return useMemo(() => new Map((data?.items ?? []).map((item) => [item.key, item])), [data]);
}

/**
 * A register's day (`2018-05-25`) as the app writes dates in both languages (`25.05.2018`),
 * without the date library, which the chat does not otherwise load.
 */
const writtenDay = (day: string) => day.split('-').reverse().join('.');

/** What a source's state reads as: `In force`, `Repealed on 25.05.2018`, `Not checked`. */
export function stateText(checked: CheckedLegalSource, t: TFunction<'chat'>): string {
  if (checked.state === 'repealed' && checked.repealed_on) {
    return t('citations.states.repealedOn', { date: writtenDay(checked.repealed_on) });
  }
  return t(`citations.states.${checked.state}`);
}

import { KNOWN_ACTS, sourceKey, type SourceRef } from '@themis/shared/citations';
import type { TFunction } from 'i18next';

const TITLES = new Map(KNOWN_ACTS.map((act) => [sourceKey(act.ref), act.title]));

/** The act's name where the table knows it (`Kodeks cywilny`), in the reader's language. */
export function sourceTitle(source: SourceRef, language: string): string | undefined {
  const title = TITLES.get(sourceKey(source));
  return title && (language === 'pl' ? title.pl : title.en);
}

/** What the source is and its number: `Polish act, Dziennik Ustaw 1964 item 93`. */
export function sourceDescription(source: SourceRef, t: TFunction<'chat'>): string {
  switch (source.kind) {
    case 'pl-act':
      return t(`citations.kinds.${source.journal}`, {
        year: source.year,
        position: source.position,
      });
    case 'eu-act':
      return t('citations.kinds.euAct', { celex: source.celex });
    case 'cjeu-case':
      return t('citations.kinds.cjeuCase', { number: source.number });
    case 'ecli':
      return t('citations.kinds.ecli', { ecli: source.ecli });
    case 'pl-judgment':
      return t('citations.kinds.plJudgment', { signature: source.signature });
  }
}

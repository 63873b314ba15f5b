import type { EuActRef, PolishActRef } from './acts';

export interface CjeuCaseRef {
  kind: 'cjeu-case';
  /** `C-311/18`: the court's letter, the number and the two-digit year. */
  number: string;
}

export interface EcliRef {
  kind: 'ecli';
  ecli: string;
}

export interface PolishJudgmentRef {
  kind: 'pl-judgment';
  /** `III CZP 11/20`, `II SA/Wa 1234/20`, `SK 1/20`: the case's signature, single-spaced. */
  signature: string;
}

/** What a citation cites: an act, or a judgment. */
export type SourceRef = PolishActRef | EuActRef | CjeuCaseRef | EcliRef | PolishJudgmentRef;

export interface Citation {
  /** Where it is written in the text: `text.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
  source: SourceRef;
  /** For articles of an act: their numbers (`415`, `22^1`, a range as `471-473`). */
  articles?: readonly string[];
}

/** One string per source, the same however it was written: `pl:DU:1964:93`, `eu:32016R0679`. */
export function sourceKey(source: SourceRef): string {
  switch (source.kind) {
    case 'pl-act':
      return `pl:${source.journal}:${source.year}:${source.position}`;
    case 'eu-act':
      return `eu:${source.celex}`;
    case 'cjeu-case':
      return `cjeu:${source.number}`;
    case 'ecli':
      return `ecli:${source.ecli}`;
    case 'pl-judgment':
      return `pl-case:${source.signature}`;
  }
}

const KEY_FORMS: [RegExp, (match: RegExpExecArray) => SourceRef][] = [
  [
    /^pl:(DU|MP):(\d{4}):(\d{1,5})$/,
    ([, journal, year, position]) => ({
      kind: 'pl-act',
      journal: journal as 'DU' | 'MP',
      year: Number(year),
      position: Number(position),
    }),
  ],
  [/^eu:([1-9]\d{4}[A-Z]{1,2}\d{4})$/, ([, celex]) => ({ kind: 'eu-act', celex: celex! })],
  [/^cjeu:([CTF]-\d{1,4}\/\d{2})$/, ([, number]) => ({ kind: 'cjeu-case', number: number! })],
  [
    /^ecli:(ECLI:[A-Z]{2}:[A-Z0-9]{1,7}:\d{4}:[A-Z0-9.]{1,25})$/,
    ([, ecli]) => ({ kind: 'ecli', ecli: ecli! }),
  ],
  [
    /^pl-case:((?:[IVX]{1,6} )?[A-Za-zŁŚŻłśż]{1,6}(?:\/[A-ZŁŚŻ][a-ząćęłńóśźż]{1,2})? \d{1,5}\/\d{2,4})$/u,
    ([, signature]) => ({ kind: 'pl-judgment', signature: signature! }),
  ],
];

/** The source a key names (`sourceKey`'s inverse), or none for a malformed key. */
export function parseSourceKey(key: string): SourceRef | undefined {
  for (const [form, source] of KEY_FORMS) {
    const match = form.exec(key);
    if (match) return source(match);
  }
  return undefined;
}

/** The source's key, with the articles cited of it: `pl:DU:1964:93#6,7`. */
export function citationKey(citation: Pick<Citation, 'source' | 'articles'>): string {
  const articles = citation.articles?.length ? `#${citation.articles.join(',')}` : '';
  return `${sourceKey(citation.source)}${articles}`;
}

/** `pattern` (sticky) matched exactly at `at`. */
export function matchAt(pattern: RegExp, text: string, at: number) {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

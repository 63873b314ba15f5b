import { KNOWN_ACTS, type EuActRef } from './acts';
import type { Citation } from './citation';

// EU acts: `Regulation (EU) 2016/679`, `rozporządzenia Parlamentu Europejskiego i Rady (UE)
// 2016/679`, `Council Regulation (EC) No 1/2003`, `Directive 93/13/EEC`, `dyrektywy 2011/83/UE`,
// `Decision 2010/87/EU`; a CELEX number (`32016R0679`); the names in common use (GDPR, RODO).

const INSTITUTION = String.raw`(?:Parlamentu\s{1,3}Europejskiego\s{1,3}i\s{1,3}Rady|Rady|Komisji|Parlamentu\s{1,3}Europejskiego)`;
const KEYWORD = String.raw`(?:(?:Council|Commission)\s{1,3})?(?:(?:Implementing|Delegated)\s{1,3})?(?<en>Regulation|Directive|Decision)|(?<pl>[Rr]ozporządze\p{L}*|[Dd]yrektyw\p{L}*|[Dd]ecyzj\p{L}*)(?:\s{1,3}(?:wykonawcz|delegowan)\p{L}*)?(?:\s{1,3}${INSTITUTION})?`;
const FAMILY = String.raw`(?:UE|EU|WE|EC|EWG|EEC|Euratom|EWWiS|ECSC)`;
const NUMBER = String.raw`(?:\(${FAMILY}(?:,\s{0,3}${FAMILY})?\)\s{0,3})?(?<no>(?:No|nr|Nr)\.?\s{0,3})?(?<a>\d{1,4})\/(?<b>\d{1,4})(?:\/${FAMILY}|\/(?:JHA|WSiSW|CFSP|WPZiB))?`;
/** An EU act by its kind and number; `y` for use right after an article. */
const EU_ACT_SOURCE = String.raw`(?<![\p{L}\d])(?:${KEYWORD})[\s\u00a0]{0,3}${NUMBER}(?![\d\/])`;
const EU_ACT = new RegExp(EU_ACT_SOURCE, 'gu');
const EU_ACT_AT = new RegExp(EU_ACT_SOURCE, 'uy');
const CELEX = /(?<![\p{L}\d])([1-9])(\d{4})([A-Z]{1,2})(\d{4})(?![\p{L}\d])/gu;

const NAMED_EU_ACTS = KNOWN_ACTS.filter(
  (known): known is typeof known & { ref: EuActRef } => known.ref.kind === 'eu-act',
);
const NAMED = NAMED_EU_ACTS.map(({ ref, names }) => {
  const source = String.raw`(?<![\p{L}\d])(?:${names.join('|')})(?![\p{L}\d])`;
  return { ref, pattern: new RegExp(source, 'gu'), at: new RegExp(source, 'uy') };
});

/** CELEX's letter of the act's kind: R a regulation, L a directive, D a decision. */
function typeLetter(keyword: string): 'R' | 'L' | 'D' {
  const kind = keyword.toLowerCase();
  if (kind.startsWith('directive') || kind.startsWith('dyrektyw')) return 'L';
  if (kind.startsWith('decision') || kind.startsWith('decyzj')) return 'D';
  return 'R';
}

const fullYear = (year: string) => (year.length === 2 ? 1900 + Number(year) : Number(year));
const isYear = (value: string) =>
  value.length === 2 || (value.length === 4 && Number(value) >= 1952 && Number(value) <= 2100);

/**
 * The CELEX number of `Regulation (EU) 2016/679`: directives and decisions, and regulations
 * since 2015, are numbered year/number; older regulations number/year (`No 44/2001`).
 */
function celexOf(keyword: string, no: boolean, a: string, b: string): string | undefined {
  const type = typeLetter(keyword);
  let year: string;
  let number: string;
  if (type !== 'R' || (!no && a.length === 4 && Number(a) >= 2015)) [year, number] = [a, b];
  else [year, number] = [b, a];
  if (!isYear(year)) return undefined;
  return `3${fullYear(year)}${type}${number.padStart(4, '0')}`;
}

function euActOf(match: RegExpExecArray): EuActRef | undefined {
  const groups = match.groups!;
  const keyword = (groups['en'] ?? groups['pl'])!;
  const celex = celexOf(keyword, groups['no'] !== undefined, groups['a']!, groups['b']!);
  return celex ? { kind: 'eu-act', celex } : undefined;
}

/** An EU act written exactly at `at` (after an article's `of`), with its length. */
export function euActAt(text: string, at: number): { ref: EuActRef; length: number } | undefined {
  EU_ACT_AT.lastIndex = at;
  const match = EU_ACT_AT.exec(text);
  const ref = match && euActOf(match);
  if (ref) return { ref, length: match[0].length };
  for (const { ref: named, at: sticky } of NAMED) {
    sticky.lastIndex = at;
    const hit = sticky.exec(text);
    if (hit) return { ref: named, length: hit[0].length };
  }
  return undefined;
}

export function findEuActCitations(text: string): Citation[] {
  const found: Citation[] = [];
  const cite = (start: number, end: number, source: EuActRef) =>
    found.push({ start, end, text: text.slice(start, end), source });
  for (const match of text.matchAll(EU_ACT)) {
    const ref = euActOf(match);
    if (ref) cite(match.index, match.index + match[0].length, ref);
  }
  for (const match of text.matchAll(CELEX)) {
    cite(match.index, match.index + match[0].length, { kind: 'eu-act', celex: match[0] });
  }
  for (const { ref, pattern } of NAMED) {
    for (const match of text.matchAll(pattern)) {
      // `the GDPR` is linked as `GDPR`.
      const article = /^the\s+/.exec(match[0])?.[0].length ?? 0;
      cite(match.index + article, match.index + match[0].length, ref);
    }
  }
  return found;
}

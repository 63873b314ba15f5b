import { KNOWN_ACTS, type EuActRef, type PolishActRef } from './acts';
import type { Citation } from './citation';
import { euActAt } from './eu-acts';
import { findJournalCitations } from './polish-journal';

// Articles of an act: `art. 415 k.c.`, `art. 30 § 1 k.p.`, `art. 5 ust. 2 pkt 3 ustawy o …`,
// `art. 6 i 7 KC`, `art. 471–473 k.c.`, `art. 58 § 1 w zw. z art. 353¹ k.c.`,
// `Article 6(1)(f) GDPR`, `Article 17 of Regulation (EU) 2016/679`. A chain of articles is
// one citation of the act named after it; an article with no act named (`art. 5 umowy`) is
// none. An act that is not in the table is found by its journal in the parentheses after its
// name: `art. 12 ustawy z dnia … o … (Dz. U. z 2023 r. poz. 1234)`.

type ActRef = PolishActRef | EuActRef;

const S = String.raw`[\s\u00a0]`;
const KEYWORD = new RegExp(
  String.raw`(?<![\p{L}\d])(?:(?<english>Articles?)|[Aa]rts?\.|[Aa]rtykuł(?:u|em|y|ów)?)${S}*(?=\d)`,
  'gu',
);
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** An article's number: `415`, `10a`, `15zzzik`, `353¹`, `22^1`, or `22(1)` (see below). */
const NUMBER = new RegExp(
  String.raw`(\d{1,4}[a-z]{0,6})(?:([${SUPERSCRIPTS}]+)|\^(\d{1,2})|\((\d{1,2})\)(?=[\s\u00a0,;.)]|$))?(?![\p{L}\d])`,
  'uy',
);
const LIST_WORD = String.raw`(?:,|i|oraz|lub|albo|and|or|[-–])`;
const VALUE = String.raw`\d{1,4}[a-z]{0,4}(?:[${SUPERSCRIPTS}]+)?\)?`;
/** What narrows an article down: `§ 1`, `ust. 2 i 3`, `pkt 3`, `lit. a`, `(1)(f)`. */
const UNIT = new RegExp(
  [
    String.raw`${S}*(?:§|ust\.|pkt|zd\.|zdanie|para\.|paragraph|point|sentence|subparagraph|item)${S}*${VALUE}(?:${S}*${LIST_WORD}${S}*${VALUE}(?![\p{L}]))*`,
    String.raw`${S}*(?:lit\.|letter)${S}*[a-z]{1,2}\)?(?![\p{L}])(?:${S}*${LIST_WORD}${S}*[a-z]{1,2}\)?(?![\p{L}]))*`,
    String.raw`\(\d{1,3}[a-z]?\)`,
    String.raw`\([a-z]{1,3}\)`,
    String.raw`${S}*(?:i${S}+nast\.|et${S}+seq\.|ff\.)`,
  ].join('|'),
  'uy',
);
/** Another article of the chain: `, 7`, ` i art. 7`, ` w zw. z art. 353¹`. */
const NEXT = new RegExp(
  String.raw`${S}*(?:[,;]${S}*)?(?:(?:i|oraz|lub|albo|a\s+także|and|or|as\s+well\s+as|w\s+zw\.\s*z|w\s+związku\s+z|in\s+conjunction\s+with)${S}+)?(?:(?:Articles?|[Aa]rts?\.)${S}*)?(?=\d)`,
  'uy',
);
const RANGE = new RegExp(String.raw`${S}*[-–—]${S}*(?=\d)`, 'uy');
const LEAD = new RegExp(String.raw`${S}*(?:(?<of>of)${S}+)?`, 'uy');
/** The name of an act not in the table, up to the parenthesis that gives its journal. */
const NAME_BEFORE_JOURNAL = new RegExp(
  String.raw`(?:ustaw|rozporządze|obwieszcze)\p{L}*[^()\n]{0,300}?(?=${S}*\(${S}*(?:(?:t\.${S}?j\.|tekst${S}+jedn(?:olity)?\.?|j\.${S}?t\.)${S}*:?${S}*)?(?:Dz\.?${S}?U|M\.${S}?P\.))`,
  'uy',
);

/** `k.p.c.` written as lawyers do: `k.p.c.`, `kpc`, `KPC`, `k. p. c.` */
const abbreviation = (short: string) =>
  short
    .split('.')
    .filter(Boolean)
    .map((letter) => letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(String.raw`\.?${S}?`) + String.raw`\.?`;

const ACT_NAMES = KNOWN_ACTS.map(({ ref, abbreviations, names }) => ({
  ref,
  patterns: [
    ...abbreviations.map((short) => new RegExp(`${abbreviation(short)}(?![\\p{L}\\d])`, 'iuy')),
    ...names.map((name) => new RegExp(`(?:${name})(?![\\p{L}\\d])`, 'uy')),
  ],
}));

function matchAt(pattern: RegExp, text: string, at: number) {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

interface ArticleNumber {
  text: string;
  /** `22(1)`: a superscript in a Polish act, a paragraph in an EU one. */
  parenthesised?: string;
}

function readNumber(text: string, at: number): { number: ArticleNumber; end: number } | undefined {
  const match = matchAt(NUMBER, text, at);
  if (!match) return undefined;
  const [, digits, superscript, caret, paren] = match;
  const raised = superscript
    ? [...superscript].map((sign) => SUPERSCRIPTS.indexOf(sign)).join('')
    : caret;
  const number: ArticleNumber = { text: raised ? `${digits}^${raised}` : digits! };
  if (paren) number.parenthesised = paren;
  return { number, end: at + match[0].length };
}

/**
 * How much of a unit is the article's own: in `§ 1 i 80` the 80 is the next article, as an
 * article's paragraphs are few and counted from 1.
 */
function paragraphsLength(unit: string): number {
  if (!/^[\s\u00a0]*§/u.test(unit)) return unit.length;
  const values = [...unit.matchAll(/\d+/g)];
  for (let index = 1; index < values.length; index++) {
    const previous = Number(values[index - 1]![0]);
    const value = values[index]!;
    if (Number(value[0]) >= 10 && Number(value[0]) >= previous + 5) {
      const before = unit.slice(0, value.index);
      return before.replace(new RegExp(`${S}*${LIST_WORD}${S}*$`, 'u'), '').length;
    }
  }
  return unit.length;
}

/** The chain of articles from `at`: their numbers (a range as one) and where it ends. */
function readChain(text: string, at: number) {
  const numbers: ArticleNumber[][] = [];
  let end = at;
  for (;;) {
    const first = readNumber(text, end);
    if (!first) break;
    const entry = [first.number];
    end = first.end;
    const range = matchAt(RANGE, text, end);
    const last = range && readNumber(text, end + range[0].length);
    if (last) {
      entry.push(last.number);
      end = last.end;
    }
    numbers.push(entry);
    for (let unit = matchAt(UNIT, text, end); unit?.[0]; unit = matchAt(UNIT, text, end)) {
      const length = paragraphsLength(unit[0]);
      end += length;
      if (length < unit[0].length) break;
    }
    const next = matchAt(NEXT, text, end);
    // Another article only after a comma, a conjunction or `art.`, not after a bare space.
    if (!next || !/[,;\p{L}]/u.test(next[0])) break;
    end += next[0].length;
  }
  return { numbers, end };
}

/** The act named at `at`, the longest of the table's names, an EU act, or none. */
function actAt(
  text: string,
  at: number,
): { ref: ActRef; end: number; english: boolean } | undefined {
  const lead = matchAt(LEAD, text, at)!;
  const from = at + lead[0].length;
  let best: { ref: ActRef; end: number } | undefined;
  for (const { ref, patterns } of ACT_NAMES) {
    for (const pattern of patterns) {
      const match = matchAt(pattern, text, from);
      if (match && (!best || from + match[0].length > best.end)) {
        best = { ref, end: from + match[0].length };
      }
    }
  }
  const eu = euActAt(text, from);
  if (eu && (!best || from + eu.length > best.end)) best = { ref: eu.ref, end: from + eu.length };
  return best && { ...best, english: lead.groups?.['of'] !== undefined };
}

/** An act not in the table, by the journal in parentheses after its name. */
function actByJournal(text: string, at: number): { ref: PolishActRef; end: number } | undefined {
  const space = /^[\s\u00a0]+/.exec(text.slice(at))?.[0].length ?? 0;
  const name = matchAt(NAME_BEFORE_JOURNAL, text, at + space);
  if (!name || !space) return undefined;
  const end = at + space + name[0].length;
  const parenthesis = text.indexOf('(', end);
  const [journal] = findJournalCitations(text.slice(parenthesis, parenthesis + 200));
  return (
    journal && {
      ref: journal.source as PolishActRef,
      end: end - (/[\s\u00a0,]+$/.exec(name[0])?.[0].length ?? 0),
    }
  );
}

function articleText(number: ArticleNumber, ref: ActRef, english: boolean): string {
  if (number.parenthesised === undefined) return number.text;
  // `art. 22(1) k.p.` is article 22¹; `Article 6(1) GDPR` is paragraph 1 of article 6.
  return ref.kind === 'pl-act' && !english ? `${number.text}^${number.parenthesised}` : number.text;
}

export function findArticleCitations(text: string): Citation[] {
  const found: Citation[] = [];
  for (const keyword of text.matchAll(KEYWORD)) {
    const start = keyword.index;
    const chain = readChain(text, start + keyword[0].length);
    if (!chain.numbers.length) continue;
    const act = actAt(text, chain.end) ?? actByJournal(text, chain.end);
    if (!act) continue;
    const english = keyword.groups?.['english'] !== undefined || ('english' in act && act.english);
    found.push({
      start,
      end: act.end,
      text: text.slice(start, act.end),
      source: act.ref,
      articles: chain.numbers.map((entry) =>
        entry.map((number) => articleText(number, act.ref, english)).join('-'),
      ),
    });
  }
  return found;
}

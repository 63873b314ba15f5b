import { KNOWN_ACTS, type EuActRef, type PolishActRef } from './acts';
import { matchAt, type Citation } from './citation';
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
  String.raw`(?<![\p{L}\d])(?:(?<english>Articles?)|[Aa]rts?\.|[Aa]rtykuł(?:u|em|y|ów)?)${S}{0,3}(?=\d)`,
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
    String.raw`${S}{0,3}(?:§|ust\.|pkt|zd\.|zdanie|para\.|paragraph|point|sentence|subparagraph|item)${S}{0,3}${VALUE}(?:${S}{0,3}${LIST_WORD}${S}{0,3}${VALUE}(?![\p{L}]))*`,
    String.raw`${S}{0,3}(?:lit\.|letter)${S}{0,3}[a-z]{1,2}\)?(?![\p{L}])(?:${S}{0,3}${LIST_WORD}${S}{0,3}[a-z]{1,2}\)?(?![\p{L}]))*`,
    String.raw`\(\d{1,3}[a-z]?\)`,
    String.raw`\([a-z]{1,3}\)(?:${S}{1,3}(?:and|or|i|oraz|lub)${S}{1,3}\([a-z0-9]{1,3}\))?`,
    String.raw`${S}{1,3}tiret${S}{1,3}\p{L}{1,10}`,
    String.raw`${S}{0,3}(?:i${S}{1,3}(?:nast|nn?)\.|et${S}{1,3}seq\.|ff\.)`,
  ].join('|'),
  'uy',
);
/** Another article of the chain: `, 7`, ` i art. 7`, ` w zw. z art. 353¹`. */
const NEXT = new RegExp(
  String.raw`${S}{0,3}(?:[,;]${S}{0,3})?(?:(?:i|oraz|lub|albo|a\s{1,3}także|and|or|as\s{1,3}well\s{1,3}as|w\s{1,3}zw\.\s{0,3}z|w\s{1,3}związku\s{1,3}z|in\s{1,3}conjunction\s{1,3}with)${S}{1,3})?(?:(?:Articles?|[Aa]rts?\.)${S}{0,3})?(?=\d)`,
  'uy',
);
const RANGE = new RegExp(
  String.raw`(?:${S}{0,3}[-–—]${S}{0,3}|${S}{1,3}(?:to|do)${S}{1,3})(?=\d)`,
  'uy',
);
const SPACE = new RegExp(`${S}{1,3}`, 'uy');
const LEAD = new RegExp(String.raw`${S}{0,3}(?:(?<of>of)${S}{1,3}(?:the${S}{1,3})?)?`, 'uy');
/** The name of an act not in the table, up to the parenthesis that gives its journal. */
const NAME_BEFORE_JOURNAL = new RegExp(
  String.raw`(?:ustaw|rozporządze|obwieszcze)\p{L}*[^()\n]{0,300}?(?=${S}{0,3}\(${S}{0,3}(?:(?:t\.${S}?j\.|tekst${S}{1,3}jedn(?:olity)?\.?|j\.${S}?t\.)${S}{0,3}:?${S}{0,3})?(?:Dz\.?${S}?U|M\.${S}?P\.))`,
  'uy',
);

/**
 * `k.p.c.` written as lawyers do: with every dot (`k.p.c.`, `k. p. c.`) or with none (`kpc`,
 * `KPC`), never half-dotted, so that `k.k. w zw. z` stays the criminal code and `k.p. a także`
 * the labour code. Two letters without dots name only a code (`kc`, `KP`): `op.` or `pr.`
 * would be other words.
 */
function abbreviation(short: string): string {
  const letters = short.split('.').filter(Boolean);
  const dotted = letters.join(String.raw`\.${S}?`) + String.raw`\.`;
  const bare = letters.join('');
  return letters.length > 2 || bare.startsWith('k') ? `(?:${dotted}|${bare})` : dotted;
}

const ACT_NAMES = KNOWN_ACTS.map(({ ref, abbreviations, names }) => ({
  ref,
  patterns: [
    ...abbreviations.map((short) => new RegExp(`${abbreviation(short)}(?![\\p{L}\\d])`, 'iuy')),
    ...names.map((name) => new RegExp(`(?:${name})(?![\\p{L}\\d])`, 'uy')),
  ],
}));

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
  if (!/^[\s\u00a0]{0,3}§/u.test(unit)) return unit.length;
  const values = [...unit.matchAll(/\d+/g)];
  for (let index = 1; index < values.length; index++) {
    const previous = Number(values[index - 1]![0]);
    const value = values[index]!;
    if (Number(value[0]) >= 10 && Number(value[0]) >= previous + 5) {
      const before = unit.slice(0, value.index);
      return before.replace(new RegExp(`${S}{0,3}${LIST_WORD}${S}{0,3}$`, 'u'), '').length;
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
  const space = matchAt(SPACE, text, at)?.[0].length ?? 0;
  const name = matchAt(NAME_BEFORE_JOURNAL, text, at + space);
  if (!name || !space) return undefined;
  const end = at + space + name[0].length;
  const parenthesis = text.indexOf('(', end);
  // Only this parenthesis: a journal further on is another act's.
  const closing = text.indexOf(')', parenthesis);
  const inside = text.slice(parenthesis, closing < 0 ? parenthesis + 200 : closing + 1);
  const [journal] = findJournalCitations(inside);
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
  // An `art.` inside a chain already read reaches the same end and the same act: skipped, so
  // that a long chain is read once, not once per article.
  let readUpTo = 0;
  for (const keyword of text.matchAll(KEYWORD)) {
    const start = keyword.index;
    if (start < readUpTo) continue;
    const chain = readChain(text, start + keyword[0].length);
    readUpTo = chain.end;
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

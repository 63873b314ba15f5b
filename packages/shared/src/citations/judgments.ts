import type { Citation, SourceRef } from './citation';

// Judgments: CJEU cases (`C-311/18`), ECLI identifiers, and the signatures of Polish courts
// (`III CZP 11/20`, `I ACa 123/19`, `II SA/Wa 1234/20`) and of the Constitutional Tribunal
// (`SK 1/20`).

const CJEU =
  /(?<![\p{L}\d-])([CTF])[\s\u00a0]?[-‐‑‒–—][\s\u00a0]?(\d{1,4})\/(\d{2})(?:[\s\u00a0]P)?(?![\p{L}\d/-])/gu;
const ECLI = /(?<![\p{L}\d])ECLI:[A-Z]{2}:[A-Z0-9]{1,7}:\d{4}:[A-Z0-9.]{0,24}[A-Z0-9]/gu;

/** The repertories of the Polish courts, longest first so that `ACa` is not read as `C`. */
const REPERTORIES = [
  // Sąd Najwyższy
  'CSKP',
  'CNPP',
  'CZP',
  'CSK',
  'CNP',
  'CZ',
  'CO',
  'CP',
  'KZP',
  'KK',
  'KO',
  'KS',
  'KZ',
  'KRN',
  'KRS',
  'PZP',
  'PSKP',
  'PSK',
  'PK',
  'PZ',
  'UZP',
  'UK',
  'UZ',
  'NSNc',
  'NSNk',
  'NSNp',
  'NSNZP',
  'NSK',
  'NZP',
  'NO',
  'ZP',
  'DO',
  'DSI',
  'Ds',
  'SNO',
  // Naczelny Sąd Administracyjny
  'OSK',
  'GSK',
  'FSK',
  'OPS',
  'GPS',
  'FPS',
  'OZ',
  'GZ',
  'FZ',
  'OW',
  'GW',
  'FW',
  // common courts
  'ACa',
  'ACz',
  'AGa',
  'AGz',
  'APa',
  'APz',
  'AUa',
  'AUz',
  'AKa',
  'AKz',
  'AKzw',
  'GCo',
  'GNc',
  'GU',
  'GC',
  'Ga',
  'Gz',
  'Ca',
  'Cz',
  'Co',
  'Cps',
  'Nc',
  'Ns',
  'Nsm',
  'RC',
  'RCa',
  'RNs',
  'Pa',
  'Pz',
  'Ua',
  'Uz',
  'Ka',
  'Kz',
  'Kp',
  'Ko',
  'Kow',
  'Wz',
  'C',
  'P',
  'U',
  'K',
  'W',
].sort((a, b) => b.length - a.length);
/** Roman numerals of a court's division: I to XXXIX. */
const DIVISION = String.raw`(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})`;
const ADMINISTRATIVE = String.raw`SA(?:B)?\/[A-ZŁŚŻ][a-ząćęłńóśźż]{1,2}|SO\/[A-ZŁŚŻ][a-ząćęłńóśźż]{1,2}`;
const COURT = new RegExp(
  String.raw`(?<![\p{L}\d])(${DIVISION})[\s\u00a0]{1,3}(${ADMINISTRATIVE}|${REPERTORIES.join('|')})[\s\u00a0]{1,3}(\d{1,5})\/(\d{2}|\d{4})(?![\d/\p{L}])`,
  'gu',
);
/** The Constitutional Tribunal's repertories, with no division. */
const TRIBUNAL =
  /(?<![\p{L}\d/.])(SK|Kpt|Kp|K|P|U|Ts|Tw|Pp)[\s\u00a0]{1,3}(\d{1,4})\/(\d{2})(?![\d/\p{L}])/gu;

const singleSpaced = (text: string) => text.replace(/[\s\u00a0]+/g, ' ');

/**
 * Words that say a case is meant (`sygn. akt`, `wyrok TK`, `w sprawie`, `judgment`): a
 * one-letter repertory (`K 1/20`, `II K 12/20`) is a signature only near one of them, as
 * `Pokój K 1/20` or `Grupa II K 12/20` are not.
 */
const CASE_CONTEXT =
  /(?:sygn|akt|TK|SN|NSA|WSA|S[ORA]|Trybunał|Sąd|sąd|wyrok|postanowie|orzecze|uchwał|spraw|judgment|ruling|decision|case|Tribunal|Court|court)/u;
const saysCase = (text: string, start: number, end: number) =>
  CASE_CONTEXT.test(text.slice(Math.max(0, start - 60), start)) ||
  CASE_CONTEXT.test(text.slice(end, end + 60));

export function findJudgmentCitations(text: string): Citation[] {
  const found: Citation[] = [];
  const cite = (match: RegExpMatchArray, source: SourceRef) =>
    found.push({
      start: match.index!,
      end: match.index! + match[0].length,
      text: match[0],
      source,
    });
  for (const match of text.matchAll(CJEU)) {
    cite(match, { kind: 'cjeu-case', number: `${match[1]}-${match[2]}/${match[3]}` });
  }
  for (const match of text.matchAll(ECLI)) cite(match, { kind: 'ecli', ecli: match[0] });
  for (const [matches, repertory] of [
    [text.matchAll(COURT), 2],
    [text.matchAll(TRIBUNAL), 1],
  ] as const) {
    for (const match of matches) {
      const end = match.index + match[0].length;
      if (match[repertory]!.length === 1 && !saysCase(text, match.index, end)) continue;
      cite(match, { kind: 'pl-judgment', signature: singleSpaced(match[0]) });
    }
  }
  return found;
}

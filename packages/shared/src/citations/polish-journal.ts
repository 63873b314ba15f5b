import type { PolishActRef } from './acts';
import { matchAt, type Citation } from './citation';

// Acts of Dziennik Ustaw and Monitor Polski by their year and position, in the forms lawyers
// write: `Dz.U. 2023 poz. 1610`, `Dz. U. z 2023 r. poz. 1610, 1615 i 1890`,
// `Dz.U. 1964 Nr 16, poz. 93`, `M.P. 2020 poz. 123`, `Dz.U.2023.1610`. Each position is a
// citation of its own: after one prefix, a list names several acts (or amendments).

const JOURNAL = /(?<![\p{L}\d])(?:Dz\.?\s?U\.?|M\.\s?P\.)/gu;
/** `z 2023 r.`, `2023`, `z 1964 r. Nr 16,` then `poz.`: a year's group. */
const YEAR_GROUP =
  /[\s\u00a0]{0,3}(?:[,;]|i[\s\u00a0]|oraz[\s\u00a0])?[\s\u00a0]{0,3}(?:z[\s\u00a0]{1,3})?(\d{4})(?:[\s\u00a0]{0,3}r\.)?[\s\u00a0]{0,3},?[\s\u00a0]{0,3}(?:(?:Nr|nr)[\s\u00a0]{0,3}\d{1,3}[\s\u00a0]{0,3},?[\s\u00a0]{0,3})?poz\.[\s\u00a0]{0,3}(\d{1,5})/uy;
/** `, 1615`, ` i 1890`, `, Nr 20, poz. 100`: another position of the same year. */
const NEXT_POSITION =
  /[\s\u00a0]{0,3}(?:,|i|oraz)[\s\u00a0]{0,3}(?:(?:Nr|nr)[\s\u00a0]{0,3}\d{1,3}[\s\u00a0]{0,3},?[\s\u00a0]{0,3}poz\.[\s\u00a0]{0,3})?(\d{1,5})(?=[\s\u00a0]{0,3}(?:[,;.)\]]|i[\s\u00a0]|oraz[\s\u00a0]|ze[\s\u00a0]zm|z[\s\u00a0]późn|t\.[\s\u00a0]?j|tekst|$))/uy;
/** LEX's form: `Dz.U.2023.1610`, or `Dz.U.1964.16.93` with the number. */
const LEX_FORM = /\.?(\d{4})\.(?:\d{1,3}\.)?(\d{1,5})(?![\d.]\d)/uy;

function act(prefix: string, year: string, position: string): PolishActRef {
  return {
    kind: 'pl-act',
    journal: prefix.startsWith('M') ? 'MP' : 'DU',
    year: Number(year),
    position: Number(position),
  };
}

export function findJournalCitations(text: string): Citation[] {
  const found: Citation[] = [];
  const cite = (start: number, end: number, source: PolishActRef) =>
    found.push({ start, end, text: text.slice(start, end), source });
  for (const prefix of text.matchAll(JOURNAL)) {
    const start = prefix.index;
    let at = start + prefix[0].length;
    const lex = matchAt(LEX_FORM, text, at);
    if (lex) {
      cite(start, at + lex[0].length, act(prefix[0], lex[1]!, lex[2]!));
      continue;
    }
    let first = true;
    for (let group = matchAt(YEAR_GROUP, text, at); group; group = matchAt(YEAR_GROUP, text, at)) {
      const year = group[1]!;
      at += group[0].length;
      cite(
        first ? start : at - group[0].length + group[0].indexOf(year),
        at,
        act(prefix[0], year, group[2]!),
      );
      first = false;
      for (
        let next = matchAt(NEXT_POSITION, text, at);
        next;
        next = matchAt(NEXT_POSITION, text, at)
      ) {
        const end = at + next[0].length;
        cite(end - next[1]!.length, end, act(prefix[0], year, next[1]!));
        at = end;
      }
    }
  }
  return found;
}

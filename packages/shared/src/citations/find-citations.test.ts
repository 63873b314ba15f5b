import { describe, expect, it } from 'vitest';
import { citationKey, findCitations, officialLink } from './index';

/** Each citation found in `text`, as the words it covers and its key. */
const found = (text: string) =>
  findCitations(text).map((citation) => {
    expect(text.slice(citation.start, citation.end)).toBe(citation.text);
    return [citation.text, citationKey(citation)];
  });

describe('findCitations', () => {
  it('reads the forms of the Polish journals, one citation per position', () => {
    expect(found('(t.j. Dz. U. z 2023 r. poz. 1610, 1615 i 1890 ze zm.)')).toEqual([
      ['Dz. U. z 2023 r. poz. 1610', 'pl:DU:2023:1610'],
      ['1615', 'pl:DU:2023:1615'],
      ['1890', 'pl:DU:2023:1890'],
    ]);
    expect(found('Dz.U. 1964 Nr 16, poz. 93; M.P. 2020 poz. 123; Dz.U.2023.1610')).toEqual([
      ['Dz.U. 1964 Nr 16, poz. 93', 'pl:DU:1964:93'],
      ['M.P. 2020 poz. 123', 'pl:MP:2020:123'],
      ['Dz.U.2023.1610', 'pl:DU:2023:1610'],
    ]);
    expect(found('Dz. U. z 2022 r. poz. 1360, z 2023 r. poz. 1234')).toEqual([
      ['Dz. U. z 2022 r. poz. 1360', 'pl:DU:2022:1360'],
      ['2023 r. poz. 1234', 'pl:DU:2023:1234'],
    ]);
  });

  it('links articles to the act named after them, by its short name or its name', () => {
    expect(
      found(
        'art. 30 § 1 k.p., art. 286 § 1 kk, art. 2 Konstytucji RP, Article 415 of the Civil Code',
      ),
    ).toEqual([
      ['art. 30 § 1 k.p.', 'pl:DU:1974:141#30'],
      ['art. 286 § 1 kk', 'pl:DU:1997:553#286'],
      ['art. 2 Konstytucji RP', 'pl:DU:1997:483#2'],
      ['Article 415 of the Civil Code', 'pl:DU:1964:93#415'],
    ]);
    expect(found('art. 5 ust. 2 pkt 3 ustawy o ochronie danych osobowych')).toEqual([
      ['art. 5 ust. 2 pkt 3 ustawy o ochronie danych osobowych', 'pl:DU:2018:1000#5'],
    ]);
  });

  it('reads lists, ranges, superscripts and articles read together as one citation', () => {
    expect(found('art. 6 i 7 KC, art. 471–473 k.c., art. 58 § 1 w zw. z art. 353¹ k.c.')).toEqual([
      ['art. 6 i 7 KC', 'pl:DU:1964:93#6,7'],
      ['art. 471–473 k.c.', 'pl:DU:1964:93#471-473'],
      ['art. 58 § 1 w zw. z art. 353¹ k.c.', 'pl:DU:1964:93#58,353^1'],
    ]);
    // In a Polish act `(1)` is the superscript; in an EU act a paragraph.
    expect(found('art. 22(1) k.p. and Article 6(1)(f) GDPR')).toEqual([
      ['art. 22(1) k.p.', 'pl:DU:1974:141#22^1'],
      ['Article 6(1)(f) GDPR', 'eu:32016R0679#6'],
    ]);
  });

  it('finds an act outside the table by the journal after its name', () => {
    expect(
      found('art. 12 ustawy z dnia 28 lipca 2023 r. o zmianie ustawy (Dz. U. z 2023 r. poz. 1234)'),
    ).toEqual([
      ['art. 12 ustawy z dnia 28 lipca 2023 r. o zmianie ustawy', 'pl:DU:2023:1234#12'],
      ['Dz. U. z 2023 r. poz. 1234', 'pl:DU:2023:1234'],
    ]);
  });

  it('reads EU acts by number, by CELEX and by the names in common use', () => {
    expect(
      found(
        'Regulation (EU) 2016/679, rozporządzenia (WE) nr 44/2001, Council Directive 93/13/EEC, dyrektywy 2011/83/UE, 32019L1937, RODO',
      ),
    ).toEqual([
      ['Regulation (EU) 2016/679', 'eu:32016R0679'],
      ['rozporządzenia (WE) nr 44/2001', 'eu:32001R0044'],
      ['Council Directive 93/13/EEC', 'eu:31993L0013'],
      ['dyrektywy 2011/83/UE', 'eu:32011L0083'],
      ['32019L1937', 'eu:32019L1937'],
      ['RODO', 'eu:32016R0679'],
    ]);
    expect(found('Article 17 of Regulation (EU) 2016/679 and under the GDPR')).toEqual([
      ['Article 17 of Regulation (EU) 2016/679', 'eu:32016R0679#17'],
      ['GDPR', 'eu:32016R0679'],
    ]);
  });

  it('reads CJEU cases, ECLIs and the signatures of Polish courts', () => {
    expect(
      found(
        'C‑311/18 (ECLI:EU:C:2020:559); III CZP 11/20, I ACa 123/19, II SA/Wa 1234/20, SK 1/20.',
      ),
    ).toEqual([
      ['C‑311/18', 'cjeu:C-311/18'],
      ['ECLI:EU:C:2020:559', 'ecli:ECLI:EU:C:2020:559'],
      ['III CZP 11/20', 'pl-case:III CZP 11/20'],
      ['I ACa 123/19', 'pl-case:I ACa 123/19'],
      ['II SA/Wa 1234/20', 'pl-case:II SA/Wa 1234/20'],
      ['SK 1/20', 'pl-case:SK 1/20'],
    ]);
  });

  it('keeps a code apart from the words after it, and reads the rarer forms', () => {
    expect(
      found('art. 286 § 1 k.k. w zw. z art. 12 § 1 k.k.; art. 94 k.p. a także art. 18 k.p.'),
    ).toEqual([
      ['art. 286 § 1 k.k.', 'pl:DU:1997:553#286'],
      ['art. 12 § 1 k.k.', 'pl:DU:1997:553#12'],
      ['art. 94 k.p.', 'pl:DU:1974:141#94'],
      ['art. 18 k.p.', 'pl:DU:1974:141#18'],
    ]);
    expect(
      found(
        'art. 415 i nn. k.c., art. 5 ust. 1 pkt 2 lit. b tiret drugie u.p.t.u., Articles 12 to 22 GDPR, Article 6(1)(a) and (f) GDPR',
      ),
    ).toEqual([
      ['art. 415 i nn. k.c.', 'pl:DU:1964:93#415'],
      ['art. 5 ust. 1 pkt 2 lit. b tiret drugie u.p.t.u.', 'pl:DU:2004:535#5'],
      ['Articles 12 to 22 GDPR', 'eu:32016R0679#12-22'],
      ['Article 6(1)(a) and (f) GDPR', 'eu:32016R0679#6'],
    ]);
    expect(found('art. 5 ustawy z 23 kwietnia 1964 r. – Kodeks cywilny')).toEqual([
      ['art. 5 ustawy z 23 kwietnia 1964 r. – Kodeks cywilny', 'pl:DU:1964:93#5'],
    ]);
  });

  it('takes an act’s journal only from the parenthesis right after its name', () => {
    expect(
      found(
        'art. 2 ustawy o praniu pieniędzy (Dz. U. Nr 1, poz. 1) oraz rozporządzenia (Dz. U. z 2020 r. poz. 7)',
      ),
    ).toEqual([['Dz. U. z 2020 r. poz. 7', 'pl:DU:2020:7']]);
  });

  it('ends a list of positions where the numbers stop being positions', () => {
    expect(
      found(
        'Dz. U. z 2023 r. poz. 1610, 15 dni przed terminem; Dz. U. z 2023 r. poz. 1615 i 2 inne akty',
      ),
    ).toEqual([
      ['Dz. U. z 2023 r. poz. 1610', 'pl:DU:2023:1610'],
      ['Dz. U. z 2023 r. poz. 1615', 'pl:DU:2023:1615'],
    ]);
  });

  it('reads a one-letter repertory as a signature only where a case is meant', () => {
    expect(found('Pokój K 1/20 i Grupa II K 12/20')).toEqual([]);
    expect(found('wyrok TK z 22.10.2020 r., K 1/20; sygn. akt II K 12/20')).toEqual([
      ['K 1/20', 'pl-case:K 1/20'],
      ['II K 12/20', 'pl-case:II K 12/20'],
    ]);
  });

  it('leaves alone what only looks like a citation', () => {
    for (const text of [
      'zgodnie z art. 5 umowy najmu',
      'w sezonie 2016/17 zapłacono 1610 zł, a lok. 12/20 ma 1/20 udziału',
      'Rozdział III, pkt 3 lit. a, § 2 regulaminu',
      'C-3PO and a T-1000 at Dz. U. offices',
      'Section I C of the report',
      'art. 10 op. cit.',
    ]) {
      expect(found(text)).toEqual([]);
    }
  });
});

describe('officialLink', () => {
  it('builds the official address of each kind of source, in the reader’s language', () => {
    const [act, regulation, judgment, ecli, signature] = findCitations(
      'Dz.U. 1964 Nr 16, poz. 93; Regulation (EU) 2016/679; C-311/18; ECLI:EU:C:2020:559; II SA/Wa 1234/20',
    ).map((citation) => citation.source);
    expect(officialLink(act!, 'pl')).toBe('https://eli.gov.pl/eli/DU/1964/93/ogl');
    expect(officialLink(regulation!, 'pl')).toBe(
      'https://eur-lex.europa.eu/legal-content/PL/TXT/?uri=CELEX:32016R0679',
    );
    expect(officialLink(regulation!, 'en')).toBe(
      'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679',
    );
    expect(officialLink(judgment!, 'en')).toBe(
      'https://curia.europa.eu/juris/liste.jsf?num=C-311%2F18&language=en',
    );
    expect(officialLink(ecli!, 'pl')).toBe('https://e-justice.europa.eu/ecli/ECLI:EU:C:2020:559');
    expect(officialLink(signature!, 'pl')).toBe(
      'https://www.saos.org.pl/search?signature=II%20SA%2FWa%201234%2F20',
    );
  });
});

/**
 * The acts lawyers cite by a short name, each with where it was first published: the codes and
 * the main statutes of Polish law, and the EU acts known by a name of their own. A citation of
 * one of them by its short name (`art. 415 k.c.`, `art. 6 RODO`) is linked to that act.
 */

/** An act of the Polish journals: Dziennik Ustaw (DU) or Monitor Polski (MP). */
export interface PolishActRef {
  kind: 'pl-act';
  journal: 'DU' | 'MP';
  year: number;
  position: number;
}

export interface EuActRef {
  kind: 'eu-act';
  celex: string;
}

export interface KnownAct {
  ref: PolishActRef | EuActRef;
  title: { pl: string; en: string };
  /**
   * Regular-expression sources of the act's short names and names, as written after an
   * article: `k.c.`, `Kodeksu cywilnego`, `of the Civil Code`. Abbreviations match with or
   * without their dots and spaces, in any case.
   */
  abbreviations: readonly string[];
  names: readonly string[];
}

const du = (year: number, position: number): PolishActRef => ({
  kind: 'pl-act',
  journal: 'DU',
  year,
  position,
});
const eu = (celex: string): EuActRef => ({ kind: 'eu-act', celex });

/** `ustawy o …` in any case, optionally with its date: `ustawy z dnia 10 maja 2018 r. o …`. */
const statute = (about: string) =>
  String.raw`ustaw(?:y|a|ie|ą|ę)\s{1,3}(?:z\s{1,3}(?:dnia\s{1,3})?\d{1,2}\s{1,3}\p{L}+\s{1,3}\d{4}\s{0,3}r\.\s{1,3})?o\s{1,3}${about}`;
/** `ustawy – Prawo …`, `ustawy Prawo …`, or the name declined on its own (`Prawa …`). */
const law = (declined: string) =>
  String.raw`(?:ustaw(?:y|a|ie|ą|ę)\s{1,3}(?:z\s{1,3}(?:dnia\s{1,3})?\d{1,2}\s{1,3}\p{L}+\s{1,3}\d{4}\s{0,3}r\.\s{1,3})?(?:[–-]\s{1,3})?)?${declined}`;
const code = (adjective: string) => law(String.raw`[Kk]odeks(?:u|ie|em)?\s{1,3}${adjective}`);
const english = (name: string) => String.raw`(?:the\s{1,3})?(?:Polish\s{1,3})?${name}`;

export const KNOWN_ACTS: readonly KnownAct[] = [
  {
    ref: du(1997, 483),
    title: {
      pl: 'Konstytucja Rzeczypospolitej Polskiej',
      en: 'Constitution of the Republic of Poland',
    },
    abbreviations: [],
    names: [
      String.raw`Konstytucj(?:i|a|ę|ą)(?:\s{1,3}(?:RP|Rzeczypospolitej\s{1,3}Polskiej))?`,
      english(
        String.raw`Constitution(?:\s{1,3}of\s{1,3}(?:the\s{1,3}Republic\s{1,3}of\s{1,3})?Poland)?`,
      ),
    ],
  },
  {
    ref: du(1964, 93),
    title: { pl: 'Kodeks cywilny', en: 'Civil Code' },
    abbreviations: ['k.c.'],
    names: [code(String.raw`cywiln(?:y|ego|ym)`), english('Civil\\s{1,3}Code')],
  },
  {
    ref: du(1964, 296),
    title: { pl: 'Kodeks postępowania cywilnego', en: 'Code of Civil Procedure' },
    abbreviations: ['k.p.c.'],
    names: [
      code('postępowania\\s{1,3}cywilnego'),
      english('Code\\s{1,3}of\\s{1,3}Civil\\s{1,3}Procedure'),
    ],
  },
  {
    ref: du(1997, 553),
    title: { pl: 'Kodeks karny', en: 'Criminal Code' },
    abbreviations: ['k.k.'],
    names: [code(String.raw`karn(?:y|ego|ym)`), english('(?:Criminal|Penal)\\s{1,3}Code')],
  },
  {
    ref: du(1997, 555),
    title: { pl: 'Kodeks postępowania karnego', en: 'Code of Criminal Procedure' },
    abbreviations: ['k.p.k.'],
    names: [
      code('postępowania\\s{1,3}karnego'),
      english('Code\\s{1,3}of\\s{1,3}Criminal\\s{1,3}Procedure'),
    ],
  },
  {
    ref: du(1997, 557),
    title: { pl: 'Kodeks karny wykonawczy', en: 'Executive Penal Code' },
    abbreviations: ['k.k.w.'],
    names: [
      code(String.raw`karn(?:y|ego|ym)\s{1,3}wykonawcz(?:y|ego|ym)`),
      english('Executive\\s{1,3}Penal\\s{1,3}Code'),
    ],
  },
  {
    ref: du(1999, 930),
    title: { pl: 'Kodeks karny skarbowy', en: 'Fiscal Penal Code' },
    abbreviations: ['k.k.s.'],
    names: [
      code(String.raw`karn(?:y|ego|ym)\s{1,3}skarbow(?:y|ego|ym)`),
      english('Fiscal\\s{1,3}Penal\\s{1,3}Code'),
    ],
  },
  {
    ref: du(1974, 141),
    title: { pl: 'Kodeks pracy', en: 'Labour Code' },
    abbreviations: ['k.p.'],
    names: [code('pracy'), english('Labou?r\\s{1,3}Code')],
  },
  {
    ref: du(1964, 59),
    title: { pl: 'Kodeks rodzinny i opiekuńczy', en: 'Family and Guardianship Code' },
    abbreviations: ['k.r.o.'],
    names: [
      code(String.raw`rodzinn(?:y|ego|ym)\s{1,3}i\s{1,3}opiekuńcz(?:y|ego|ym)`),
      english('Family\\s{1,3}and\\s{1,3}Guardianship\\s{1,3}Code'),
    ],
  },
  {
    ref: du(2000, 1037),
    title: { pl: 'Kodeks spółek handlowych', en: 'Commercial Companies Code' },
    abbreviations: ['k.s.h.'],
    names: [code('spółek\\s{1,3}handlowych'), english('Commercial\\s{1,3}Companies\\s{1,3}Code')],
  },
  {
    ref: du(1960, 168),
    title: { pl: 'Kodeks postępowania administracyjnego', en: 'Code of Administrative Procedure' },
    abbreviations: ['k.p.a.'],
    names: [
      code('postępowania\\s{1,3}administracyjnego'),
      english('Code\\s{1,3}of\\s{1,3}Administrative\\s{1,3}Procedure'),
    ],
  },
  {
    ref: du(1971, 114),
    title: { pl: 'Kodeks wykroczeń', en: 'Code of Petty Offences' },
    abbreviations: ['k.w.'],
    names: [code('wykroczeń'), english('Code\\s{1,3}of\\s{1,3}(?:Petty\\s{1,3})?Offences')],
  },
  {
    ref: du(2001, 1148),
    title: {
      pl: 'Kodeks postępowania w sprawach o wykroczenia',
      en: 'Code of Procedure for Petty Offences',
    },
    abbreviations: ['k.p.w.', 'k.p.s.w.'],
    names: [code('postępowania\\s{1,3}w\\s{1,3}sprawach\\s{1,3}o\\s{1,3}wykroczenia')],
  },
  {
    ref: du(2011, 112),
    title: { pl: 'Kodeks wyborczy', en: 'Electoral Code' },
    abbreviations: [],
    names: [code(String.raw`wyborcz(?:y|ego|ym)`), english('Electoral\\s{1,3}Code')],
  },
  {
    ref: du(2001, 1545),
    title: { pl: 'Kodeks morski', en: 'Maritime Code' },
    abbreviations: [],
    names: [code(String.raw`morsk(?:i|iego|im)`), english('Maritime\\s{1,3}Code')],
  },
  {
    ref: du(1997, 926),
    title: { pl: 'Ordynacja podatkowa', en: 'Tax Ordinance' },
    abbreviations: ['o.p.'],
    names: [
      law(String.raw`Ordynacj(?:i|a|ę)\s{1,3}podatkow(?:ej|a|ą)`),
      english('Tax\\s{1,3}Ordinance(?:\\s{1,3}Act)?'),
    ],
  },
  {
    ref: du(2002, 1270),
    title: {
      pl: 'Prawo o postępowaniu przed sądami administracyjnymi',
      en: 'Law on Proceedings before Administrative Courts',
    },
    abbreviations: ['p.p.s.a.'],
    names: [
      law(
        String.raw`Praw(?:o|a)\s{1,3}o\s{1,3}postępowaniu\s{1,3}przed\s{1,3}sądami\s{1,3}administracyjnymi`,
      ),
    ],
  },
  {
    ref: du(2019, 2019),
    title: { pl: 'Prawo zamówień publicznych', en: 'Public Procurement Law' },
    abbreviations: ['p.z.p.'],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}zamówień\s{1,3}publicznych`),
      law('Pzp'),
      english('Public\\s{1,3}Procurement\\s{1,3}(?:Law|Act)'),
    ],
  },
  {
    ref: du(2003, 535),
    title: { pl: 'Prawo upadłościowe', en: 'Bankruptcy Law' },
    abbreviations: ['p.u.'],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}upadłościow(?:e|ego)`),
      String.raw`pr\.\s?upadł\.`,
      english('Bankruptcy\\s{1,3}(?:Law|Act)'),
    ],
  },
  {
    ref: du(2015, 978),
    title: { pl: 'Prawo restrukturyzacyjne', en: 'Restructuring Law' },
    abbreviations: ['p.r.'],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}restrukturyzacyjn(?:e|ego)`),
      String.raw`pr\.\s?restr\.`,
      english('Restructuring\\s{1,3}(?:Law|Act)'),
    ],
  },
  {
    ref: du(1994, 414),
    title: { pl: 'Prawo budowlane', en: 'Construction Law' },
    abbreviations: ['p.b.'],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}budowlan(?:e|ego)`),
      String.raw`pr\.\s?bud\.`,
      english('Construction\\s{1,3}(?:Law|Act)'),
    ],
  },
  {
    ref: du(1997, 939),
    title: { pl: 'Prawo bankowe', en: 'Banking Law' },
    abbreviations: [],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}bankow(?:e|ego)`),
      String.raw`pr\.\s?bank\.`,
      english('Banking\\s{1,3}(?:Law|Act)'),
    ],
  },
  {
    ref: du(1991, 91),
    title: { pl: 'Prawo o notariacie', en: 'Notaries Act' },
    abbreviations: [],
    names: [law(String.raw`Praw(?:o|a)\s{1,3}o\s{1,3}notariacie`), String.raw`pr\.\s?not\.`],
  },
  {
    ref: du(1982, 124),
    title: { pl: 'Prawo o adwokaturze', en: 'Bar Act' },
    abbreviations: ['p.o.a.'],
    names: [law(String.raw`Praw(?:o|a)\s{1,3}o\s{1,3}adwokaturze`), String.raw`pr\.\s?adw\.`],
  },
  {
    ref: du(1982, 145),
    title: { pl: 'Ustawa o radcach prawnych', en: 'Legal Advisers Act' },
    abbreviations: ['u.r.p.'],
    names: [statute('radcach\\s{1,3}prawnych')],
  },
  {
    ref: du(2018, 646),
    title: { pl: 'Prawo przedsiębiorców', en: 'Entrepreneurs Law' },
    abbreviations: [],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}przedsiębiorców`),
      english("Entrepreneurs[’']?\\s{1,3}(?:Law|Act)"),
    ],
  },
  {
    ref: du(1994, 83),
    title: { pl: 'Ustawa o prawie autorskim i prawach pokrewnych', en: 'Copyright Act' },
    abbreviations: ['u.p.a.p.p.'],
    names: [
      statute('prawie\\s{1,3}autorskim\\s{1,3}i\\s{1,3}prawach\\s{1,3}pokrewnych'),
      String.raw`pr\.\s?aut\.`,
      english('Copyright\\s{1,3}Act'),
    ],
  },
  {
    ref: du(2001, 508),
    title: { pl: 'Prawo własności przemysłowej', en: 'Industrial Property Law' },
    abbreviations: ['p.w.p.'],
    names: [
      law(String.raw`Praw(?:o|a)\s{1,3}własności\s{1,3}przemysłowej`),
      english('Industrial\\s{1,3}Property\\s{1,3}(?:Law|Act)'),
    ],
  },
  {
    ref: du(2007, 331),
    title: {
      pl: 'Ustawa o ochronie konkurencji i konsumentów',
      en: 'Competition and Consumer Protection Act',
    },
    abbreviations: ['u.o.k.k.'],
    names: [
      statute('ochronie\\s{1,3}konkurencji\\s{1,3}i\\s{1,3}konsumentów'),
      english('Competition\\s{1,3}and\\s{1,3}Consumer\\s{1,3}Protection\\s{1,3}Act'),
    ],
  },
  {
    ref: du(2014, 827),
    title: { pl: 'Ustawa o prawach konsumenta', en: 'Consumer Rights Act' },
    abbreviations: ['u.p.k.'],
    names: [statute('prawach\\s{1,3}konsumenta'), english('Consumer\\s{1,3}Rights\\s{1,3}Act')],
  },
  {
    ref: du(2018, 1000),
    title: { pl: 'Ustawa o ochronie danych osobowych', en: 'Personal Data Protection Act' },
    abbreviations: ['u.o.d.o.'],
    names: [
      statute('ochronie\\s{1,3}danych\\s{1,3}osobowych'),
      english('Personal\\s{1,3}Data\\s{1,3}Protection\\s{1,3}Act'),
    ],
  },
  {
    ref: du(2004, 535),
    title: { pl: 'Ustawa o podatku od towarów i usług', en: 'Value Added Tax Act' },
    abbreviations: ['u.p.t.u.'],
    names: [
      statute('podatku\\s{1,3}od\\s{1,3}towarów\\s{1,3}i\\s{1,3}usług'),
      String.raw`ustaw(?:y|a|ie)\s{1,3}o\s{1,3}VAT`,
      english('VAT\\s{1,3}Act'),
    ],
  },
  {
    ref: du(1991, 350),
    title: { pl: 'Ustawa o podatku dochodowym od osób fizycznych', en: 'Personal Income Tax Act' },
    abbreviations: ['u.p.d.o.f.'],
    names: [
      statute('podatku\\s{1,3}dochodowym\\s{1,3}od\\s{1,3}osób\\s{1,3}fizycznych'),
      String.raw`ustaw(?:y|a|ie)\s{1,3}o\s{1,3}PIT`,
      english('Personal\\s{1,3}Income\\s{1,3}Tax\\s{1,3}Act'),
    ],
  },
  {
    ref: du(1992, 86),
    title: { pl: 'Ustawa o podatku dochodowym od osób prawnych', en: 'Corporate Income Tax Act' },
    abbreviations: ['u.p.d.o.p.'],
    names: [
      statute('podatku\\s{1,3}dochodowym\\s{1,3}od\\s{1,3}osób\\s{1,3}prawnych'),
      String.raw`ustaw(?:y|a|ie)\s{1,3}o\s{1,3}CIT`,
      english('Corporate\\s{1,3}Income\\s{1,3}Tax\\s{1,3}Act'),
    ],
  },
  {
    ref: du(2001, 1070),
    title: { pl: 'Prawo o ustroju sądów powszechnych', en: 'Law on the System of Common Courts' },
    abbreviations: ['u.s.p.', 'p.u.s.p.'],
    names: [law(String.raw`Praw(?:o|a)\s{1,3}o\s{1,3}ustroju\s{1,3}sądów\s{1,3}powszechnych`)],
  },
  {
    ref: du(1982, 147),
    title: { pl: 'Ustawa o księgach wieczystych i hipotece', en: 'Land and Mortgage Register Act' },
    abbreviations: ['u.k.w.h.'],
    names: [statute('księgach\\s{1,3}wieczystych\\s{1,3}i\\s{1,3}hipotece')],
  },
  {
    ref: du(2001, 733),
    title: { pl: 'Ustawa o ochronie praw lokatorów', en: 'Tenants’ Rights Protection Act' },
    abbreviations: ['u.o.p.l.'],
    names: [
      statute(
        String.raw`ochronie\s{1,3}praw\s{1,3}lokatorów(?:,\s{1,3}mieszkaniowym\s{1,3}zasobie\s{1,3}gminy\s{1,3}i\s{1,3}o\s{1,3}zmianie\s{1,3}Kodeksu\s{1,3}cywilnego)?`,
      ),
    ],
  },
  {
    ref: du(1997, 741),
    title: { pl: 'Ustawa o gospodarce nieruchomościami', en: 'Real Estate Management Act' },
    abbreviations: ['u.g.n.'],
    names: [statute('gospodarce\\s{1,3}nieruchomościami')],
  },
  {
    ref: du(1994, 388),
    title: { pl: 'Ustawa o własności lokali', en: 'Premises Ownership Act' },
    abbreviations: ['u.w.l.'],
    names: [statute('własności\\s{1,3}lokali')],
  },
  {
    ref: du(1997, 769),
    title: { pl: 'Ustawa o Krajowym Rejestrze Sądowym', en: 'National Court Register Act' },
    abbreviations: [],
    names: [
      statute('Krajowym\\s{1,3}Rejestrze\\s{1,3}Sądowym'),
      String.raw`ustaw(?:y|a|ie)\s{1,3}o\s{1,3}KRS`,
    ],
  },
  {
    ref: eu('32016R0679'),
    title: {
      pl: 'Ogólne rozporządzenie o ochronie danych (RODO)',
      en: 'General Data Protection Regulation (GDPR)',
    },
    abbreviations: [],
    names: ['RODO', '(?:the\\s{1,3})?GDPR'],
  },
  {
    ref: eu('32022R2065'),
    title: { pl: 'Akt o usługach cyfrowych', en: 'Digital Services Act' },
    abbreviations: [],
    names: [
      'DSA',
      '(?:the\\s{1,3})?Digital\\s{1,3}Services\\s{1,3}Act',
      'Aktu\\s{1,3}o\\s{1,3}usługach\\s{1,3}cyfrowych',
    ],
  },
  {
    ref: eu('32022R1925'),
    title: { pl: 'Akt o rynkach cyfrowych', en: 'Digital Markets Act' },
    abbreviations: [],
    names: [
      'DMA',
      '(?:the\\s{1,3})?Digital\\s{1,3}Markets\\s{1,3}Act',
      'Aktu\\s{1,3}o\\s{1,3}rynkach\\s{1,3}cyfrowych',
    ],
  },
  {
    ref: eu('32024R1689'),
    title: { pl: 'Akt w sprawie sztucznej inteligencji', en: 'Artificial Intelligence Act' },
    abbreviations: [],
    names: [
      '(?:the\\s{1,3})?AI\\s{1,3}Act',
      '(?:the\\s{1,3})?Artificial\\s{1,3}Intelligence\\s{1,3}Act',
      'Aktu\\s{1,3}w\\s{1,3}sprawie\\s{1,3}sztucznej\\s{1,3}inteligencji',
      'AI\\s{1,3}Actu',
    ],
  },
  {
    ref: eu('32022L2555'),
    title: { pl: 'Dyrektywa NIS 2', en: 'NIS 2 Directive' },
    abbreviations: [],
    names: ['(?:dyrektywy\\s{1,3}|the\\s{1,3})?NIS\\s?2(?:\\s{1,3}Directive)?'],
  },
  {
    ref: eu('32022R2554'),
    title: { pl: 'DORA', en: 'Digital Operational Resilience Act (DORA)' },
    abbreviations: [],
    names: ['DORA'],
  },
  {
    ref: eu('32014R0910'),
    title: { pl: 'eIDAS', en: 'eIDAS Regulation' },
    abbreviations: [],
    names: ['eIDAS'],
  },
  {
    ref: eu('32023R1114'),
    title: { pl: 'MiCA', en: 'Markets in Crypto-Assets Regulation (MiCA)' },
    abbreviations: [],
    names: ['MiCA'],
  },
];

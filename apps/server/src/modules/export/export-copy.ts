import type { Language, LegalSourceState } from '@themis/shared';
import type { SourceRef } from '@themis/shared/citations';

/** The export's words in each language (the server has no translation library). */
export const EXPORT_COPY = {
  en: {
    exportedBy: 'Exported by',
    exportedAt: 'Exported on',
    models: 'Model',
    sharedBy: 'Shared conversation',
    question: 'Question',
    answer: 'Answer',
    attachments: 'Attachments',
    sources: 'Sources',
    stopped: 'The answer was stopped before it was finished.',
    failed: 'No answer: the model could not answer.',
    untitled: 'Conversation',
    page: (current: string, total: string) => `Page ${current} of ${total}`,
    notice:
      'Themis gives legal information, not legal advice. For decisions in your own case, consult a lawyer.',
    states: {
      in_force: 'In force',
      repealed: 'Repealed',
      found: 'Found in SAOS',
      not_found: 'Not in the register: possibly an invented citation',
      not_checked: 'Not checked',
    } satisfies Record<LegalSourceState, string>,
    repealedOn: (date: string) => `Repealed on ${date}`,
    repealedBy: 'repealed by',
    kinds: {
      DU: (year: number, position: number) => `Polish act, Dz.U. ${year} item ${position}`,
      MP: (year: number, position: number) => `Polish act, M.P. ${year} item ${position}`,
      euAct: (celex: string) => `EU act, CELEX ${celex}`,
      cjeuCase: (number: string) => `Court of Justice of the EU, case ${number}`,
      ecli: (ecli: string) => `Judgment ${ecli}`,
      plJudgment: (signature: string) => `Polish court, case ${signature}`,
    },
  },
  pl: {
    exportedBy: 'Wyeksportował(a)',
    exportedAt: 'Data eksportu',
    models: 'Model',
    sharedBy: 'Udostępniona rozmowa',
    question: 'Pytanie',
    answer: 'Odpowiedź',
    attachments: 'Załączniki',
    sources: 'Źródła',
    stopped: 'Odpowiedź została zatrzymana przed końcem.',
    failed: 'Brak odpowiedzi: model nie mógł odpowiedzieć.',
    untitled: 'Rozmowa',
    page: (current: string, total: string) => `Strona ${current} z ${total}`,
    notice:
      'Themis udziela informacji prawnych, a nie porad prawnych. Przed podjęciem decyzji w swojej sprawie skonsultuj się z prawnikiem.',
    states: {
      in_force: 'Obowiązuje',
      repealed: 'Uchylony',
      found: 'Jest w SAOS',
      not_found: 'Nie ma go w rejestrze: cytat może być zmyślony',
      not_checked: 'Niesprawdzony',
    } satisfies Record<LegalSourceState, string>,
    repealedOn: (date: string) => `Uchylony ${date}`,
    repealedBy: 'uchylony przez',
    kinds: {
      DU: (year: number, position: number) => `Akt prawny, Dz.U. ${year} poz. ${position}`,
      MP: (year: number, position: number) => `Akt prawny, M.P. ${year} poz. ${position}`,
      euAct: (celex: string) => `Akt prawa UE, CELEX ${celex}`,
      cjeuCase: (number: string) => `Trybunał Sprawiedliwości UE, sprawa ${number}`,
      ecli: (ecli: string) => `Orzeczenie ${ecli}`,
      plJudgment: (signature: string) => `Sąd polski, sygn. ${signature}`,
    },
  },
} satisfies Record<Language, unknown>;

export type ExportCopy = (typeof EXPORT_COPY)[Language];

/** What the source is and its number, where no title is known. */
export function describeSource(source: SourceRef, copy: ExportCopy): string {
  switch (source.kind) {
    case 'pl-act':
      return copy.kinds[source.journal](source.year, source.position);
    case 'eu-act':
      return copy.kinds.euAct(source.celex);
    case 'cjeu-case':
      return copy.kinds.cjeuCase(source.number);
    case 'ecli':
      return copy.kinds.ecli(source.ecli);
    case 'pl-judgment':
      return copy.kinds.plJudgment(source.signature);
  }
}

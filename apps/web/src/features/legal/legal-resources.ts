import { i18n } from '../../app/i18n';
import legalEn from '../../locales/en/legal.json';
import legalPl from '../../locales/pl/legal.json';

export const LEGAL_NAMESPACE = 'legal';

/** The documents are long and rarely read, so their texts load with their pages only. */
export const legalResources = { en: legalEn, pl: legalPl } as const;

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export function registerLegalTexts(): void {
  for (const [language, texts] of Object.entries(legalResources)) {
    if (!i18n.hasResourceBundle(language, LEGAL_NAMESPACE)) {
      i18n.addResourceBundle(language, LEGAL_NAMESPACE, texts);
    }
  }
}

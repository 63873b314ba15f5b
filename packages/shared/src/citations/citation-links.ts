import type { SourceRef } from './citation';

export type SourceLanguage = 'pl' | 'en';

// The official place of each source, built without the network: ELI for the Polish journals,
// EUR-Lex by CELEX, CURIA for the Court of Justice, the e-Justice portal for an ECLI, and SAOS,
// which gathers the judgments of every Polish court, for a signature.

/** Where `source` is published, in the reader's language where the source has one. */
export function officialLink(source: SourceRef, language: SourceLanguage): string {
  switch (source.kind) {
    case 'pl-act':
      return `https://eli.gov.pl/eli/${source.journal}/${source.year}/${source.position}/ogl`;
    case 'eu-act':
      return `https://eur-lex.europa.eu/legal-content/${language.toUpperCase()}/TXT/?uri=CELEX:${source.celex}`;
    case 'cjeu-case':
      return `https://curia.europa.eu/juris/liste.jsf?num=${encodeURIComponent(source.number)}&language=${language}`;
    case 'ecli':
      return `https://e-justice.europa.eu/ecli/${source.ecli}`;
    case 'pl-judgment':
      return `https://www.saos.org.pl/search?signature=${encodeURIComponent(source.signature)}`;
  }
}

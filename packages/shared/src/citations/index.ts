export { KNOWN_ACTS, type EuActRef, type KnownAct, type PolishActRef } from './acts';
export {
  citationKey,
  parseSourceKey,
  sourceKey,
  type Citation,
  type CjeuCaseRef,
  type EcliRef,
  type PolishJudgmentRef,
  type SourceRef,
} from './citation';
export { findCitations } from './find-citations';
export { officialLink, type SourceLanguage } from './citation-links';

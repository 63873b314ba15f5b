import { findArticleCitations } from './articles';
import type { Citation } from './citation';
import { findEuActCitations } from './eu-acts';
import { findJudgmentCitations } from './judgments';
import { findJournalCitations } from './polish-journal';

/**
 * Every citation of Polish or EU law in `text`, in order and never overlapping: where two
 * readings overlap, the one that starts first wins, then the longer (`art. 6 RODO` over `RODO`,
 * `II K 12/20` over `K 12/20`).
 */
export function findCitations(text: string): Citation[] {
  const candidates = [
    ...findArticleCitations(text),
    ...findJournalCitations(text),
    ...findEuActCitations(text),
    ...findJudgmentCitations(text),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Citation[] = [];
  for (const candidate of candidates) {
    const last = kept.at(-1);
    if (!last || candidate.start >= last.end) kept.push(candidate);
  }
  return kept;
}

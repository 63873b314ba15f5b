import { describe, expect, it } from 'vitest';
import { CITATION_CORPUS } from './citation-corpus';
import { CITATION_HOLDOUT } from './citation-holdout';
import { parseCorpus, scoreCorpus } from './corpus';

describe.each([
  ['the citation corpus', CITATION_CORPUS, 300, 100],
  ['the second, held-out corpus', CITATION_HOLDOUT, 220, 90],
])('%s', (_name, corpus, citations, negatives) => {
  const score = scoreCorpus(parseCorpus(corpus));

  it('is large enough to measure by', () => {
    expect(score.citations).toBeGreaterThanOrEqual(citations);
    expect(score.negatives).toBeGreaterThanOrEqual(negatives);
  });

  it('is recognised with a precision of at least 0.98 and a recall of at least 0.95', () => {
    const report = score.misses
      .map(
        ({ text, missing, unexpected }) =>
          `${text}\n  missing ${missing.join(' ')}; unexpected ${unexpected.join(' ')}`,
      )
      .join('\n');
    expect(score.precision, report).toBeGreaterThanOrEqual(0.98);
    expect(score.recall, report).toBeGreaterThanOrEqual(0.95);
  });
});

import { describe, expect, it } from 'vitest';
import { CITATION_CORPUS } from './citation-corpus';
import { parseCorpus, scoreCorpus } from './corpus';

describe('the citation corpus', () => {
  const score = scoreCorpus(parseCorpus(CITATION_CORPUS));

  it('is large enough to measure by', () => {
    expect(score.citations).toBeGreaterThanOrEqual(300);
    expect(score.negatives).toBeGreaterThanOrEqual(100);
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

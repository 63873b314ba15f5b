import { citationKey } from './citation';
import { findCitations } from './find-citations';

// The measure of the recogniser: a corpus of sentences from Polish and EU legal writing, each
// with the keys of the citations it holds (none for a sentence that must not match), scored
// by precision and recall. Used by the corpus test and by the bench.

export interface CorpusCase {
  line: number;
  text: string;
  expected: string[];
}

/** `sentence => key; key` per line; `#` starts a comment. */
export function parseCorpus(source: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  source.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const arrow = line.lastIndexOf('=>');
    if (arrow < 0) throw new Error(`line ${index + 1} has no =>`);
    const keys = line.slice(arrow + 2).trim();
    cases.push({
      line: index + 1,
      text: line.slice(0, arrow).trim(),
      expected: keys ? keys.split(';').map((key) => key.trim()) : [],
    });
  });
  return cases;
}

interface CorpusMiss {
  line: number;
  text: string;
  missing: string[];
  unexpected: string[];
}

export interface CorpusScore {
  sentences: number;
  negatives: number;
  citations: number;
  found: number;
  correct: number;
  precision: number;
  recall: number;
  misses: CorpusMiss[];
}

/** Compares what is found with what is expected, sentence by sentence, as multisets of keys. */
export function scoreCorpus(cases: readonly CorpusCase[]): CorpusScore {
  let citations = 0;
  let found = 0;
  let correct = 0;
  const misses: CorpusMiss[] = [];
  for (const { line, text, expected } of cases) {
    const got = findCitations(text).map(citationKey);
    const missing = [...expected];
    const unexpected: string[] = [];
    for (const key of got) {
      const at = missing.indexOf(key);
      if (at >= 0) missing.splice(at, 1);
      else unexpected.push(key);
    }
    citations += expected.length;
    found += got.length;
    correct += got.length - unexpected.length;
    if (missing.length || unexpected.length) misses.push({ line, text, missing, unexpected });
  }
  return {
    sentences: cases.length,
    negatives: cases.filter((corpusCase) => corpusCase.expected.length === 0).length,
    citations,
    found,
    correct,
    precision: found ? correct / found : 1,
    recall: citations ? correct / citations : 1,
    misses,
  };
}

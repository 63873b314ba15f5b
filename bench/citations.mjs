// How well answers' citations of Polish and EU law are recognised: precision and recall on
// the corpus of packages/shared/src/citations/citation-corpus.ts and the held-out one beside
// it (the targets are at least 0.98 and 0.95), and how long finding them takes in a long answer. The shared code is
// TypeScript: the measure runs in a child under tsx. Reports; never asserts.
import { fileURLToPath } from 'node:url';
import { databaseSide } from './seeding.mjs';

const SELF = fileURLToPath(import.meta.url);
const round = (value, digits = 3) => Number(value.toFixed(digits));

export function measureCitations() {
  return databaseSide(SELF, 'score', {});
}

async function score() {
  const { findCitations } = await import('../packages/shared/src/citations/index.ts');
  const { parseCorpus, scoreCorpus } = await import('../packages/shared/src/citations/corpus.ts');
  const { CITATION_CORPUS } = await import('../packages/shared/src/citations/citation-corpus.ts');
  const { CITATION_HOLDOUT } = await import('../packages/shared/src/citations/citation-holdout.ts');
  const corpus = parseCorpus(CITATION_CORPUS);
  const figures = (result) => ({
    sentences: result.sentences,
    negative_sentences: result.negatives,
    citations: result.citations,
    precision: round(result.precision),
    recall: round(result.recall),
    meets_targets: result.precision >= 0.98 && result.recall >= 0.95,
  });
  // A long answer: the corpus's sentences one after another, cut to 20,000 characters.
  const answer = corpus
    .map((corpusCase) => corpusCase.text)
    .join('\n\n')
    .slice(0, 20_000);
  for (let warm = 0; warm < 20; warm++) findCitations(answer);
  const runs = 200;
  const started = process.hrtime.bigint();
  for (let run = 0; run < runs; run++) findCitations(answer);
  const perRunMs = Number(process.hrtime.bigint() - started) / 1e6 / runs;
  return {
    targets: { precision: 0.98, recall: 0.95 },
    corpus: figures(scoreCorpus(corpus)),
    held_out: figures(scoreCorpus(parseCorpus(CITATION_HOLDOUT))),
    find_ms_per_20k_chars: round(perRunMs, 2),
  };
}

if (process.argv[1] === SELF && process.argv[2] === 'score') {
  console.log(JSON.stringify(await score()));
}

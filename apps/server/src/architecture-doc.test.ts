import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md names paths in full from the repository root. In a table row that
// starts with a folder, a bare file name (`auth.guard.ts`) is that folder's file; elsewhere a
// bare file name is one at the root (`eslint.config.js`).

const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCUMENT = join(REPOSITORY_ROOT, 'docs/ARCHITECTURE.md');

const TOP_FOLDERS = [
  'apps/',
  'packages/',
  'e2e/',
  'scripts/',
  'docs/',
  'bench/',
  'deploy/',
  '.ci/',
];
/** A file or folder name, possibly with a pattern segment, but no spaces or calls. */
const PATH_LIKE = /^[\w.<>*{},-]+(\/[\w.<>*{},-]+)*\/?$/;
const FILE_OR_FOLDER = /(\.(ts|tsx|js|mjs|json|md|sql)|\/)$/;
/** A segment that stands for many: `<name>`, `*`, `{en,pl}`. */
const PATTERN_SEGMENT = /[<*{]/;

function withoutFencedBlocks(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
}

/** The folder a table row is about, when its first cell is one. */
function rowFolder(line: string): string {
  if (!line.startsWith('|')) return '';
  const [first] = codeSpans(line.split('|')[1] ?? '');
  return first && first.endsWith('/') && TOP_FOLDERS.some((top) => first.startsWith(top))
    ? first
    : '';
}

/** Every repository path the document names, each resolved from the root. */
function namedPaths(markdown: string): string[] {
  const paths = withoutFencedBlocks(markdown)
    .split('\n')
    .flatMap((line) => {
      const folder = rowFolder(line);
      return codeSpans(line).flatMap((span) => {
        if (!PATH_LIKE.test(span)) return [];
        if (TOP_FOLDERS.some((top) => span.startsWith(top))) return [span];
        if (!FILE_OR_FOLDER.test(span) || PATTERN_SEGMENT.test(span[0]!)) return [];
        return [folder + span];
      });
    });
  return [...new Set(paths)];
}

/** The part of a path that must exist: all of it, or the folder before its first pattern. */
function existingPart(path: string): string {
  const segments = path.split('/');
  const firstPattern = segments.findIndex((segment) => PATTERN_SEGMENT.test(segment));
  return firstPattern === -1 ? path : segments.slice(0, firstPattern).join('/');
}

describe('docs/ARCHITECTURE.md', () => {
  const paths = namedPaths(readFileSync(DOCUMENT, 'utf8'));

  it('names the tree by repository paths', () => {
    expect(paths.length).toBeGreaterThan(50);
  });

  it('names only paths that exist', () => {
    const missing = paths.filter((path) => !existsSync(join(REPOSITORY_ROOT, existingPart(path))));
    expect(missing).toEqual([]);
  });
});

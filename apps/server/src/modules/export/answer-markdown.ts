import type { PhrasingContent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { findCitations, sourceKey } from '@themis/shared/citations';

/**
 * An answer's Markdown as a tree (GitHub's flavour, as the chat shows it), with its headings
 * counted from its highest one: `headingDepth` 1 is the highest an answer uses, whatever its
 * number of hashes, so that a document places it under the answer's own heading.
 */
export function parseAnswer(markdown: string): {
  tree: Root;
  headingDepth: (depth: number) => number;
} {
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  let highest = 6;
  visitHeadings(tree, (depth) => (highest = Math.min(highest, depth)));
  return { tree, headingDepth: (depth) => depth - highest + 1 };
}

function visitHeadings(
  node: { type: string; depth?: number; children?: unknown[] },
  see: (depth: number) => void,
) {
  if (node.type === 'heading' && node.depth) see(node.depth);
  for (const child of (node.children ?? []) as (typeof node)[]) visitHeadings(child, see);
}

/** A line break in a paragraph's source is a space where it is shown (Markdown's soft break). */
const softBreaks = (text: string) => text.replace(/\s*\n\s*/g, ' ');

export type TextPiece = { text: string } | { text: string; sourceKey: string };

/** A run of text cut where it cites a source, each citation with its source's key. */
export function splitCitations(source: string): TextPiece[] {
  const text = softBreaks(source);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const citation of findCitations(text)) {
    if (citation.start > at) pieces.push({ text: text.slice(at, citation.start) });
    pieces.push({ text: citation.text, sourceKey: sourceKey(citation.source) });
    at = citation.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

/** The text of inline Markdown without its formatting (a table's cell, a link's words). */
export function plainText(nodes: PhrasingContent[]): string {
  return nodes
    .map((node) =>
      'value' in node
        ? node.value
        : 'children' in node
          ? plainText(node.children as PhrasingContent[])
          : '',
    )
    .join('');
}

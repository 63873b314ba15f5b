import {
  findCitations,
  officialLink,
  type SourceLanguage,
  type SourceRef,
} from '@themis/shared/citations';

// Turns the citations of an answer's text into links to their official sources: a remark
// plugin, run on the markdown's tree, that leaves code, links and their texts alone.

interface MarkdownNode {
  type: string;
  value?: string;
  url?: string;
  children?: MarkdownNode[];
  data?: { hProperties?: Record<string, string> };
}

/** What a citation's link carries for the answer's `a`: the source, as JSON. */
const SOURCE_PROPERTY = 'dataCitationSource';

const LEFT_ALONE = new Set(['code', 'inlineCode', 'link', 'linkReference', 'html']);

function splitText(node: MarkdownNode, language: SourceLanguage): MarkdownNode[] {
  const text = node.value ?? '';
  const citations = findCitations(text);
  if (!citations.length) return [node];
  const parts: MarkdownNode[] = [];
  let at = 0;
  for (const citation of citations) {
    if (citation.start > at) parts.push({ type: 'text', value: text.slice(at, citation.start) });
    parts.push({
      type: 'link',
      url: officialLink(citation.source, language),
      children: [{ type: 'text', value: citation.text }],
      data: {
        hProperties: { [SOURCE_PROPERTY]: JSON.stringify(citation.source) },
      },
    });
    at = citation.end;
  }
  if (at < text.length) parts.push({ type: 'text', value: text.slice(at) });
  return parts;
}

function linkCitations(node: MarkdownNode, language: SourceLanguage) {
  if (!node.children || LEFT_ALONE.has(node.type)) return;
  node.children = node.children.flatMap((child) =>
    child.type === 'text' ? splitText(child, language) : [child],
  );
  for (const child of node.children) linkCitations(child, language);
}

/** The remark plugin, for answers read in `language`. */
export const remarkCitations = (language: SourceLanguage) => () => (tree: MarkdownNode) =>
  linkCitations(tree, language);

/** The source a link of the answer cites, when the link is a citation's. */
export function citationSourceOf(node: { properties?: Record<string, unknown> } | undefined) {
  const source = node?.properties?.[SOURCE_PROPERTY];
  return typeof source === 'string' ? (JSON.parse(source) as SourceRef) : undefined;
}

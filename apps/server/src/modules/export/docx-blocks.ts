import {
  AlignmentType,
  BorderStyle,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { PhrasingContent, RootContent, TableRow as MdTableRow } from 'mdast';
import { plainText, splitCitations } from './answer-markdown';
import type { ExportDocument, ExportSource } from './export-document';
import { sourceLine } from './render-markdown';

// An answer's Markdown as Word's paragraphs, lists, tables and footnotes.

const MONO = 'Consolas';
export const MUTED = '5C5C5C';
export const RULE = 'C8C8C8';
const CODE_SHADE = 'F2F2F2';
const HEADINGS = [
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  mono?: boolean;
}

/** Footnotes of the whole document: each answer's first mention of a source gets one. */
export class Footnotes {
  readonly notes: Record<number, { children: Paragraph[] }> = {};
  private next = 1;

  add(source: ExportSource, copy: ExportDocument['copy']): number {
    const id = this.next++;
    this.notes[id] = {
      children: [
        new Paragraph({
          children: [
            new ExternalHyperlink({
              link: source.url,
              children: [new TextRun({ text: source.cited, style: 'Hyperlink' })],
            }),
            new TextRun({ text: `: ${sourceLine(source, copy)}` }),
          ],
        }),
      ],
    };
    return id;
  }
}

/** What one answer's text needs while it is laid out: its sources and which have a note. */
export interface AnswerScope {
  copy: ExportDocument['copy'];
  headingDepth: (depth: number) => number;
  footnotes: Footnotes;
  sources: Map<string, ExportSource>;
  noted: Set<string>;
  lists: { instance: number };
}

const run = (text: string, style: RunStyle) =>
  new TextRun({
    text,
    bold: style.bold,
    italics: style.italics,
    strike: style.strike,
    ...(style.mono && { font: MONO }),
  });

/** Plain text with each citation linked to its source, the first one with a footnote. */
function citedText(text: string, style: RunStyle, scope: AnswerScope): ParagraphChild[] {
  return splitCitations(text).flatMap((piece): ParagraphChild[] => {
    const source = 'sourceKey' in piece ? scope.sources.get(piece.sourceKey) : undefined;
    if (!source) return [run(piece.text, style)];
    const link = new ExternalHyperlink({
      link: source.url,
      children: [
        new TextRun({
          text: piece.text,
          style: 'Hyperlink',
          bold: style.bold,
          italics: style.italics,
        }),
      ],
    });
    if (scope.noted.has(source.key)) return [link];
    scope.noted.add(source.key);
    return [link, new FootnoteReferenceRun(scope.footnotes.add(source, scope.copy))];
  });
}

function inline(nodes: PhrasingContent[], style: RunStyle, scope: AnswerScope): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    switch (node.type) {
      case 'text':
        return citedText(node.value, style, scope);
      case 'strong':
        return inline(node.children, { ...style, bold: true }, scope);
      case 'emphasis':
        return inline(node.children, { ...style, italics: true }, scope);
      case 'delete':
        return inline(node.children, { ...style, strike: true }, scope);
      case 'inlineCode':
        return [run(node.value, { ...style, mono: true })];
      case 'break':
        return [new TextRun({ text: '', break: 1 })];
      case 'link':
        return [
          new ExternalHyperlink({
            link: node.url,
            children: [new TextRun({ text: plainText(node.children), style: 'Hyperlink' })],
          }),
        ];
      case 'image':
        return [run(node.alt ?? node.url, { ...style, italics: true })];
      case 'html':
        return [run(node.value, style)];
      default:
        return 'children' in node ? inline(node.children as PhrasingContent[], style, scope) : [];
    }
  });
}

function codeBlock(value: string): Paragraph[] {
  return value.split('\n').map(
    (line) =>
      new Paragraph({
        shading: { type: ShadingType.CLEAR, fill: CODE_SHADE, color: 'auto' },
        spacing: { after: 0 },
        children: [new TextRun({ text: line || ' ', font: MONO, size: 19 })],
      }),
  );
}

function table(rows: MdTableRow[], scope: AnswerScope): Table {
  const columns = Math.max(...rows.map((row) => row.children.length));
  const border = { style: BorderStyle.SINGLE, size: 4, color: RULE };
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: {
      top: border,
      bottom: border,
      left: border,
      right: border,
      insideHorizontal: border,
      insideVertical: border,
    },
    rows: rows.map(
      (row, index) =>
        new TableRow({
          tableHeader: index === 0,
          children: Array.from({ length: columns }, (_, column) => {
            const cell = row.children[column];
            return new TableCell({
              width: { size: Math.floor(100 / columns), type: WidthType.PERCENTAGE },
              children: [
                new Paragraph({
                  children: cell ? inline(cell.children, { bold: index === 0 }, scope) : [],
                }),
              ],
            });
          }),
        }),
    ),
  });
}

export type Block = Paragraph | Table;

const QUOTED = {
  indent: { left: 360 },
  border: { left: { style: BorderStyle.SINGLE, size: 12, color: RULE, space: 8 } },
};

export function blocks(
  nodes: RootContent[],
  scope: AnswerScope,
  depth = 0,
  quoted = false,
): Block[] {
  return nodes.flatMap((node): Block[] => {
    switch (node.type) {
      case 'paragraph':
        return [
          new Paragraph({ ...(quoted && QUOTED), children: inline(node.children, {}, scope) }),
        ];
      case 'heading':
        return [
          new Paragraph({
            heading: HEADINGS[Math.min(scope.headingDepth(node.depth), HEADINGS.length) - 1],
            children: inline(node.children, {}, scope),
          }),
        ];
      case 'list': {
        const instance = ++scope.lists.instance;
        return node.children.flatMap((item) =>
          item.children.flatMap((child, index): Block[] => {
            if (child.type !== 'paragraph' || index > 0) {
              return blocks([child], scope, depth + 1, quoted);
            }
            return [
              new Paragraph({
                ...(node.ordered
                  ? { numbering: { reference: 'ordered', level: Math.min(depth, 8), instance } }
                  : { bullet: { level: Math.min(depth, 8) } }),
                children: [
                  ...(item.checked != null ? [new TextRun(item.checked ? '☑ ' : '☐ ')] : []),
                  ...inline(child.children, {}, scope),
                ],
              }),
            ];
          }),
        );
      }
      case 'table':
        return [table(node.children, scope), new Paragraph({ children: [] })];
      case 'code':
        return codeBlock(node.value);
      case 'blockquote':
        return blocks(node.children, scope, depth, true);
      case 'thematicBreak':
        return [
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: RULE, space: 1 } },
            children: [],
          }),
        ];
      case 'html':
        return [new Paragraph({ children: [run(node.value, {})] })];
      default:
        return [];
    }
  });
}

/** Numbered lists: 1., a., i. by level. */
export const ORDERED_LEVELS = Array.from({ length: 9 }, (_, level) => ({
  level,
  format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3]!,
  text: `%${level + 1}.`,
  alignment: AlignmentType.START,
  style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
}));

import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
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
import { parseAnswer, splitCitations } from './answer-markdown';
import type { ExportDocument, ExportMessage, ExportSource } from './export-document';
import { sourceLine } from './render-markdown';

const FONT = 'Calibri';
const MONO = 'Consolas';
const MUTED = '5C5C5C';
const RULE = 'C8C8C8';
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
class Footnotes {
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
interface AnswerScope {
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

function plainText(nodes: PhrasingContent[]): string {
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

type Block = Paragraph | Table;

const QUOTED = {
  indent: { left: 360 },
  border: { left: { style: BorderStyle.SINGLE, size: 12, color: RULE, space: 8 } },
};

function blocks(nodes: RootContent[], scope: AnswerScope, depth = 0, quoted = false): Block[] {
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

const muted = (text: string, options: { italics?: boolean } = {}) =>
  new TextRun({ text, color: MUTED, size: 18, italics: options.italics });

function messageBlocks(message: ExportMessage, doc: ExportDocument, footnotes: Footnotes): Block[] {
  const { copy } = doc;
  const role = message.role === 'user' ? copy.question : copy.answer;
  const out: Block[] = [
    new Paragraph({
      heading: HeadingLevel.HEADING_2,
      children: [
        new TextRun(role),
        muted(
          [message.model, message.createdAt]
            .filter(Boolean)
            .map((part) => `  ·  ${part}`)
            .join(''),
        ),
      ],
    }),
  ];
  const answer = message.role === 'assistant' ? parseAnswer(message.content) : undefined;
  const scope: AnswerScope = {
    copy,
    headingDepth: answer?.headingDepth ?? ((depth) => depth),
    footnotes,
    sources: new Map(message.sources.map((source) => [source.key, source])),
    noted: new Set(),
    lists: { instance: 0 },
  };
  if (!answer) {
    out.push(
      ...message.content
        .split('\n')
        .map((line) => new Paragraph({ children: [new TextRun(line)] })),
    );
  } else {
    out.push(...blocks(answer.tree.children, scope));
  }
  if (message.status === 'cancelled')
    out.push(new Paragraph({ children: [muted(copy.stopped, { italics: true })] }));
  if (message.status === 'error')
    out.push(new Paragraph({ children: [muted(copy.failed, { italics: true })] }));
  if (message.attachments.length > 0) {
    out.push(
      new Paragraph({
        children: [muted(`${copy.attachments}: ${message.attachments.join(', ')}`)],
      }),
    );
  }
  // A source cited only where no footnote could go (in code, split by formatting) is listed.
  const unnoted = message.sources.filter((source) => !scope.noted.has(source.key));
  if (unnoted.length > 0) {
    out.push(new Paragraph({ children: [new TextRun({ text: copy.sources, bold: true })] }));
    for (const source of unnoted) {
      out.push(
        new Paragraph({
          bullet: { level: 0 },
          children: [
            new ExternalHyperlink({
              link: source.url,
              children: [new TextRun({ text: source.cited, style: 'Hyperlink' })],
            }),
            new TextRun(`: ${sourceLine(source, copy)}`),
          ],
        }),
      );
    }
  }
  return out;
}

function letterhead(doc: ExportDocument): Header {
  return new Header({
    children: [
      new Paragraph({
        border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: RULE, space: 4 } },
        children: [
          ...(doc.letterhead.logo
            ? [
                new ImageRun({
                  type: 'png',
                  data: doc.letterhead.logo,
                  transformation: { width: 32, height: 32 },
                }),
                new TextRun('  '),
              ]
            : []),
          new TextRun({ text: doc.letterhead.name, bold: true, size: 24 }),
        ],
      }),
    ],
  });
}

function pageFooter(doc: ExportDocument): Footer {
  // "Page {current} of {total}" with Word's fields in the places of the numbers.
  const [before, between, after] = doc.copy
    .page('{current}', '{total}')
    .split(/\{current\}|\{total\}/);
  return new Footer({
    children: [
      new Paragraph({ children: [muted(doc.copy.notice, { italics: true })] }),
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({
            color: MUTED,
            size: 18,
            children: [
              before ?? '',
              PageNumber.CURRENT,
              between ?? '',
              PageNumber.TOTAL_PAGES,
              after ?? '',
            ],
          }),
        ],
      }),
    ],
  });
}

const ORDERED_LEVELS = Array.from({ length: 9 }, (_, level) => ({
  level,
  format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3]!,
  text: `%${level + 1}.`,
  alignment: AlignmentType.START,
  style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
}));

/** The conversation as a Word document: letterhead, page numbers, sources as footnotes. */
export async function renderDocx(doc: ExportDocument): Promise<Buffer> {
  const { copy } = doc;
  const footnotes = new Footnotes();
  const body: Block[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    new Paragraph({ children: [muted(`${copy.exportedBy}: ${doc.exportedBy}`)] }),
    new Paragraph({ children: [muted(`${copy.exportedAt}: ${doc.exportedAt}`)] }),
  ];
  if (doc.models.length > 0) {
    body.push(new Paragraph({ children: [muted(`${copy.models}: ${doc.models.join(', ')}`)] }));
  }
  if (doc.shared) body.push(new Paragraph({ children: [muted(copy.sharedBy, { italics: true })] }));
  for (const message of doc.messages) body.push(...messageBlocks(message, doc, footnotes));
  body.push(
    new Paragraph({
      border: { top: { style: BorderStyle.SINGLE, size: 4, color: RULE, space: 4 } },
      children: [new TextRun({ text: copy.notice, italics: true })],
    }),
  );
  const document = new Document({
    creator: doc.exportedBy,
    title: doc.title,
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    numbering: { config: [{ reference: 'ordered', levels: ORDERED_LEVELS }] },
    footnotes: footnotes.notes,
    sections: [
      {
        headers: { default: letterhead(doc) },
        footers: { default: pageFooter(doc) },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(document);
}

import { createRequire } from 'node:module';
import type { PhrasingContent, RootContent, TableRow } from 'mdast';
import { plainText, splitCitations } from './answer-markdown';
import type { ExportSource } from './export-document';

// PDF's standard fonts have no Polish letters: DejaVu (a free licence) is embedded, subset to
// the glyphs used. Resolved in node_modules from src/ and from the bundled dist/.
const fromHere = createRequire(import.meta.url);
const font = (file: string) => fromHere.resolve(`dejavu-fonts-ttf/ttf/${file}`);
export const FONTS = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
  italic: font('DejaVuSans-Oblique.ttf'),
  boldItalic: font('DejaVuSans-BoldOblique.ttf'),
  mono: font('DejaVuSansMono.ttf'),
};
type FontName = keyof typeof FONTS;

export const MARGIN = { top: 72, bottom: 64, left: 56, right: 56 };
export const INK = '#1a1a1a';
export const MUTED = '#5c5c5c';
const LINK = '#0b57d0';
export const RULE = '#c8c8c8';
const CODE_SHADE = '#f2f2f2';
export const SIZE = { body: 10, small: 8.5, code: 8.5, title: 18, section: 12.5 };
const HEADING_SIZES = [13, 12, 11, 10.5, 10, 10];

interface Run {
  text: string;
  font: FontName;
  link?: string;
  strike?: boolean;
}

interface Style {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  mono?: boolean;
}

const fontOf = (style: Style): FontName =>
  style.mono
    ? 'mono'
    : style.bold && style.italic
      ? 'boldItalic'
      : style.bold
        ? 'bold'
        : style.italic
          ? 'italic'
          : 'regular';

export type Pdf = PDFKit.PDFDocument;

/** Lays out the document's blocks from top to bottom, a new page where one is full. */
export class Layout {
  constructor(
    readonly pdf: Pdf,
    private readonly sources: ReadonlyMap<string, ExportSource> = new Map(),
    private readonly headingDepth: (depth: number) => number = (depth) => depth,
  ) {}

  get width() {
    return this.pdf.page.width - MARGIN.left - MARGIN.right;
  }

  private get bottom() {
    return this.pdf.page.height - MARGIN.bottom;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number) {
    if (this.pdf.y + height > this.bottom) this.pdf.addPage();
  }

  gap(points: number) {
    this.pdf.y += points;
  }

  forAnswer(sources: ReadonlyMap<string, ExportSource>, headingDepth: (depth: number) => number) {
    return new Layout(this.pdf, sources, headingDepth);
  }

  runs(nodes: PhrasingContent[], style: Style = {}): Run[] {
    return nodes.flatMap((node): Run[] => {
      switch (node.type) {
        case 'text':
          return splitCitations(node.value).map((piece) => {
            const source = 'sourceKey' in piece ? this.sources.get(piece.sourceKey) : undefined;
            return {
              text: piece.text,
              font: fontOf(style),
              link: source?.url,
              strike: style.strike,
            };
          });
        case 'strong':
          return this.runs(node.children, { ...style, bold: true });
        case 'emphasis':
          return this.runs(node.children, { ...style, italic: true });
        case 'delete':
          return this.runs(node.children, { ...style, strike: true });
        case 'inlineCode':
          return [{ text: node.value, font: 'mono' }];
        case 'break':
          return [{ text: '\n', font: fontOf(style) }];
        case 'link':
          return this.runs(node.children, style).map((run) => ({ ...run, link: node.url }));
        case 'image':
          return [{ text: node.alt ?? node.url, font: 'italic' }];
        case 'html':
          return [{ text: node.value, font: fontOf(style) }];
        default:
          return 'children' in node ? this.runs(node.children as PhrasingContent[], style) : [];
      }
    });
  }

  /** Runs of text as one paragraph, wrapped within `indent` of the left margin. */
  paragraph(runs: Run[], options: { indent?: number; size?: number; color?: string } = {}) {
    const size = options.size ?? SIZE.body;
    const indent = options.indent ?? 0;
    const texts = runs.filter((run) => run.text !== '');
    if (texts.length === 0) return;
    this.ensure(size * 1.6);
    const x = MARGIN.left + indent;
    const width = this.width - indent;
    texts.forEach((run, index) => {
      this.pdf
        .font(run.font)
        .fontSize(run.font === 'mono' ? size * 0.92 : size)
        .fillColor(run.link ? LINK : (options.color ?? INK));
      const more = index < texts.length - 1;
      const textOptions = {
        width,
        continued: more,
        link: run.link ?? null,
        underline: Boolean(run.link),
        strike: Boolean(run.strike),
        lineGap: 2,
      };
      if (index === 0) this.pdf.text(run.text, x, this.pdf.y, textOptions);
      else this.pdf.text(run.text, textOptions);
    });
    this.pdf.x = MARGIN.left;
    this.gap(size * 0.5);
  }

  code(value: string) {
    const lineHeight = SIZE.code * 1.45;
    this.gap(2);
    for (const line of value.split('\n')) {
      this.ensure(lineHeight);
      const y = this.pdf.y;
      this.pdf.rect(MARGIN.left, y, this.width, lineHeight).fill(CODE_SHADE);
      this.pdf
        .font('mono')
        .fontSize(SIZE.code)
        .fillColor(INK)
        .text(line || ' ', MARGIN.left + 6, y + 2, { width: this.width - 12, lineBreak: false });
      this.pdf.y = y + lineHeight;
    }
    this.pdf.x = MARGIN.left;
    this.gap(SIZE.body * 0.6);
  }

  table(rows: TableRow[]) {
    const columns = Math.max(...rows.map((row) => row.children.length));
    const columnWidth = this.width / columns;
    const pad = 4;
    rows.forEach((row, index) => {
      const font: FontName = index === 0 ? 'bold' : 'regular';
      this.pdf.font(font).fontSize(SIZE.body - 0.5);
      const texts = Array.from({ length: columns }, (_, column) =>
        plainText(row.children[column]?.children ?? []),
      );
      const height =
        Math.max(
          ...texts.map((text) =>
            this.pdf.heightOfString(text || ' ', { width: columnWidth - 2 * pad }),
          ),
        ) +
        2 * pad;
      this.ensure(height);
      const y = this.pdf.y;
      texts.forEach((text, column) => {
        const x = MARGIN.left + column * columnWidth;
        this.pdf.lineWidth(0.5).rect(x, y, columnWidth, height).stroke(RULE);
        this.pdf
          .font(font)
          .fillColor(INK)
          .text(text, x + pad, y + pad, { width: columnWidth - 2 * pad });
      });
      this.pdf.x = MARGIN.left;
      this.pdf.y = y + height;
    });
    this.gap(SIZE.body * 0.8);
  }

  blocks(nodes: RootContent[], indent = 0) {
    for (const node of nodes) {
      switch (node.type) {
        case 'paragraph':
          this.paragraph(this.runs(node.children), { indent });
          break;
        case 'heading':
          this.gap(4);
          this.paragraph(this.runs(node.children, { bold: true }), {
            indent,
            size: HEADING_SIZES[this.headingDepth(node.depth) - 1] ?? SIZE.body,
          });
          break;
        case 'list':
          node.children.forEach((item, index) => {
            const marker = node.ordered
              ? `${(node.start ?? 1) + index}.`
              : item.checked != null
                ? item.checked
                  ? '☑'
                  : '☐'
                : '•';
            item.children.forEach((child, childIndex) => {
              if (child.type === 'paragraph' && childIndex === 0) {
                this.paragraph(
                  [{ text: `${marker} `, font: 'regular' }, ...this.runs(child.children)],
                  { indent: indent + 14 },
                );
              } else {
                this.blocks([child], indent + 14);
              }
            });
          });
          break;
        case 'table':
          this.table(node.children);
          break;
        case 'code':
          this.code(node.value);
          break;
        case 'blockquote': {
          const top = this.pdf.y;
          const page = this.pdf.page;
          this.blocks(node.children, indent + 12);
          // The bar beside a quote that stayed on one page.
          if (this.pdf.page === page) {
            this.pdf
              .lineWidth(2)
              .moveTo(MARGIN.left + indent + 4, top)
              .lineTo(MARGIN.left + indent + 4, this.pdf.y - 4)
              .stroke(RULE);
          }
          break;
        }
        case 'thematicBreak':
          this.rule();
          break;
        case 'html':
          this.paragraph([{ text: node.value, font: 'regular' }], { indent });
          break;
        default:
          break;
      }
    }
  }

  rule() {
    this.ensure(12);
    const y = this.pdf.y + 4;
    this.pdf
      .lineWidth(0.5)
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + this.width, y)
      .stroke(RULE);
    this.pdf.y = y + 8;
  }
}

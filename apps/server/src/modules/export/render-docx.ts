import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx';
import { parseAnswer } from './answer-markdown';
import {
  blocks,
  Footnotes,
  MUTED,
  ORDERED_LEVELS,
  RULE,
  type AnswerScope,
  type Block,
} from './docx-blocks';
import type { ExportDocument, ExportMessage } from './export-document';
import { sourceLine } from './render-markdown';

const FONT = 'Calibri';

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

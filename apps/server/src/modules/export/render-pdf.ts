import PDFDocument from 'pdfkit';
import { parseAnswer } from './answer-markdown';
import type { ExportDocument, ExportMessage } from './export-document';
import { FONTS, INK, Layout, MARGIN, MUTED, RULE, SIZE, type Pdf } from './pdf-layout';
import { sourceLine } from './render-markdown';

function message(layout: Layout, item: ExportMessage, doc: ExportDocument) {
  const { copy } = doc;
  layout.gap(6);
  layout.ensure(60);
  const role = item.role === 'user' ? copy.question : copy.answer;
  layout.paragraph(
    [
      { text: role, font: 'bold' },
      {
        text: [item.model, item.createdAt]
          .filter(Boolean)
          .map((part) => `  ·  ${part}`)
          .join(''),
        font: 'regular',
      },
    ],
    { size: SIZE.section },
  );
  if (item.role === 'user') {
    layout.paragraph([{ text: item.content, font: 'regular' }]);
  } else {
    const answer = parseAnswer(item.content);
    const sources = new Map(item.sources.map((source) => [source.key, source]));
    layout.forAnswer(sources, answer.headingDepth).blocks(answer.tree.children);
  }
  const note =
    item.status === 'cancelled' ? copy.stopped : item.status === 'error' ? copy.failed : null;
  if (note) layout.paragraph([{ text: note, font: 'italic' }], { color: MUTED, size: SIZE.small });
  if (item.attachments.length > 0) {
    layout.paragraph(
      [{ text: `${copy.attachments}: ${item.attachments.join(', ')}`, font: 'regular' }],
      {
        color: MUTED,
        size: SIZE.small,
      },
    );
  }
  if (item.sources.length > 0) {
    layout.paragraph([{ text: copy.sources, font: 'bold' }], { size: SIZE.small });
    item.sources.forEach((source, index) => {
      layout.paragraph(
        [
          { text: `${index + 1}. `, font: 'regular' },
          { text: source.cited, font: 'regular', link: source.url },
          { text: `: ${sourceLine(source, copy)}`, font: 'regular' },
        ],
        { size: SIZE.small, indent: 8 },
      );
    });
  }
}

/** The letterhead at the top and the notice and page number at the foot of every page. */
function frame(pdf: Pdf, doc: ExportDocument) {
  const { start, count } = pdf.bufferedPageRange();
  const width = pdf.page.width - MARGIN.left - MARGIN.right;
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    const margins = pdf.page.margins;
    // Written in the margins: without this pdfkit would start a page for them.
    pdf.page.margins = { ...margins, top: 0, bottom: 0 };
    let x = MARGIN.left;
    if (doc.letterhead.logo) {
      pdf.image(doc.letterhead.logo, x, 28, { fit: [22, 22] });
      x += 30;
    }
    pdf
      .font('bold')
      .fontSize(11)
      .fillColor(INK)
      .text(doc.letterhead.name, x, 33, { width: width - (x - MARGIN.left), lineBreak: false });
    pdf
      .lineWidth(0.5)
      .moveTo(MARGIN.left, 56)
      .lineTo(MARGIN.left + width, 56)
      .stroke(RULE);
    const foot = pdf.page.height - 44;
    pdf
      .font('italic')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(doc.copy.notice, MARGIN.left, foot, { width: width - 90, lineBreak: true });
    pdf
      .font('regular')
      .fontSize(8)
      .text(doc.copy.page(String(index + 1), String(count)), MARGIN.left + width - 90, foot, {
        width: 90,
        align: 'right',
        lineBreak: false,
      });
    pdf.page.margins = margins;
  }
}

/** The conversation as a PDF with its fonts embedded (run in the export thread). */
export async function renderPdf(doc: ExportDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: doc.language,
    displayTitle: true,
    info: { Title: doc.title, Author: doc.exportedBy, Creator: 'Themis' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  for (const [name, path] of Object.entries(FONTS)) pdf.registerFont(name, path);
  const layout = new Layout(pdf);
  const { copy } = doc;
  pdf.y = MARGIN.top;
  layout.paragraph([{ text: doc.title, font: 'bold' }], { size: SIZE.title });
  const meta = [
    `${copy.exportedBy}: ${doc.exportedBy}`,
    `${copy.exportedAt}: ${doc.exportedAt}`,
    ...(doc.models.length > 0 ? [`${copy.models}: ${doc.models.join(', ')}`] : []),
    ...(doc.shared ? [copy.sharedBy] : []),
  ];
  for (const line of meta) {
    layout.paragraph([{ text: line, font: 'regular' }], { size: SIZE.small, color: MUTED });
  }
  layout.rule();
  for (const item of doc.messages) message(layout, item, doc);
  layout.rule();
  layout.paragraph([{ text: copy.notice, font: 'italic' }], { size: SIZE.small });
  frame(pdf, doc);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}

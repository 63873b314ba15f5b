import type { ExportDocument, ExportMessage, ExportSource } from './export-document';

/** A source's line: its citation linked, what it is, and what its check found. */
export function sourceLine(source: ExportSource, copy: ExportDocument['copy']): string {
  const parts = [source.name];
  if (source.state === 'repealed' && source.repealedOn)
    parts.push(copy.repealedOn(source.repealedOn));
  else if (source.state) parts.push(copy.states[source.state]);
  if (source.repealedBy) parts.push(`${copy.repealedBy} ${source.repealedBy}`);
  return parts.join('. ');
}

/** Text that Markdown would read as formatting, written literally. */
const literal = (text: string) => text.replace(/[\\`*_[\]<>#|]/g, (char) => `\\${char}`);

function heading(message: ExportMessage, copy: ExportDocument['copy']): string {
  const role = message.role === 'user' ? copy.question : copy.answer;
  return [role, message.model, message.createdAt].filter(Boolean).join(' · ');
}

function messageSection(message: ExportMessage, copy: ExportDocument['copy']): string[] {
  const lines = [`## ${literal(heading(message, copy))}`, ''];
  if (message.content) lines.push(message.content.trimEnd(), '');
  if (message.status === 'cancelled') lines.push(`*${copy.stopped}*`, '');
  if (message.status === 'error') lines.push(`*${copy.failed}*`, '');
  if (message.attachments.length > 0) {
    lines.push(`${copy.attachments}: ${message.attachments.map(literal).join(', ')}`, '');
  }
  if (message.sources.length > 0) {
    lines.push(`**${copy.sources}**`, '');
    message.sources.forEach((source, index) => {
      const line = sourceLine(source, copy);
      lines.push(`${index + 1}. [${literal(source.cited)}](<${source.url}>): ${literal(line)}`);
    });
    lines.push('');
  }
  return lines;
}

/** The conversation as Markdown: answers as they were written, questions as typed. */
export function renderMarkdown(doc: ExportDocument): string {
  const { copy } = doc;
  const lines = [
    `# ${literal(doc.title)}`,
    '',
    `${literal(doc.letterhead.name)}  `,
    `${copy.exportedBy}: ${literal(doc.exportedBy)}  `,
    `${copy.exportedAt}: ${doc.exportedAt}${doc.models.length > 0 ? '  ' : ''}`,
  ];
  if (doc.models.length > 0) lines.push(`${copy.models}: ${doc.models.map(literal).join(', ')}`);
  if (doc.shared) lines.push('', `*${copy.sharedBy}*`);
  lines.push('', '---', '');
  for (const message of doc.messages) lines.push(...messageSection(message, copy));
  lines.push('---', '', `*${copy.notice}*`, '');
  return lines.join('\n');
}

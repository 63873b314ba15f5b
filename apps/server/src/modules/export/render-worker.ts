import { parentPort } from 'node:worker_threads';
import type { ExportFormat } from '@themis/shared';
import { EXPORT_COPY } from './export-copy';
import type { ExportDocument } from './export-document';
import { renderDocx } from './render-docx';
import { renderMarkdown } from './render-markdown';
import { renderPdf } from './render-pdf';

/** A job as it crosses to the thread: the words come from the language (functions do not cross). */
export interface RenderJob {
  id: number;
  format: ExportFormat;
  doc: Omit<ExportDocument, 'copy'>;
}

export type RenderOutcome = { id: number; bytes: Uint8Array } | { id: number; error: string };

async function render(job: RenderJob): Promise<Buffer> {
  const doc: ExportDocument = { ...job.doc, copy: EXPORT_COPY[job.doc.language] };
  if (job.format === 'docx') return renderDocx(doc);
  if (job.format === 'pdf') return renderPdf(doc);
  return Buffer.from(renderMarkdown(doc), 'utf8');
}

// Laying out a long document takes the better part of a second of one core: here, in a
// thread of its own, the server's event loop answers other requests meanwhile.
parentPort?.on('message', (job: RenderJob) => {
  render(job).then(
    (buffer) => {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice();
      parentPort!.postMessage({ id: job.id, bytes } satisfies RenderOutcome, [bytes.buffer]);
    },
    (error: unknown) =>
      parentPort!.postMessage({ id: job.id, error: String(error) } satisfies RenderOutcome),
  );
});

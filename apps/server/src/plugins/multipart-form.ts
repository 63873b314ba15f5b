import type { MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** A form part that is not expected, or not as it came: 400 on that field. */
export const invalidPart = (field: string) =>
  new AppError('validation_error', 400, `form part ${field} refused`, {
    [field]: ['validation.invalid'],
  });

/** A file part's bytes; 413 when it passes the form's fileSize limit. */
export async function readFilePart(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // Stops at the limit: busboy discards the rest and the stream ends here.
  for await (const chunk of part.file) {
    if (part.file.truncated) break;
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new AppError('file_too_large', 413, `${part.fieldname} too large`);
  return Buffer.concat(chunks);
}

/**
 * Runs `read` over a multipart request. Our refusals and the size limits (413) stand; anything
 * else the parser throws (no boundary, a body cut short) is a malformed form (400).
 */
export function readMultipartForm<T>(
  request: FastifyRequest,
  read: (request: FastifyRequest) => Promise<T>,
): Promise<T> {
  return read(request).catch((error: unknown) => {
    if (error instanceof AppError || (error as FastifyError).statusCode === 413) throw error;
    throw new AppError('validation_error', 400, `unreadable form: ${(error as Error).message}`);
  });
}

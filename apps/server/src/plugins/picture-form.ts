import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '@themis/shared';
import { refuseNul } from './input-guard';
import { invalidPart, readFilePart, readMultipartForm } from './multipart-form';

/** What a form does to its picture: keep it, remove it, or set new bytes. */
export type PictureChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; bytes: Buffer };

/** The part that carries the picture, as the web app names it. */
const PICTURE_FIELD = 'avatar';

// Enough for the form and one picture, nothing more: a longer value is refused, not cut.
const FORM_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 10,
  // One more than allowed, so that a second file is seen and refused as invalid (400).
  files: 2,
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  parts: 12,
  headerPairs: 20,
};

const pictureChanges = new WeakMap<FastifyRequest, PictureChange>();

/** The picture change a multipart form asked for; 'keep' for a JSON body. */
export const pictureChangeOf = (request: FastifyRequest): PictureChange =>
  pictureChanges.get(request) ?? { kind: 'keep' };

async function readPictureForm(request: FastifyRequest, textFields: ReadonlySet<string>) {
  const fields: Record<string, unknown> = {};
  let picture: PictureChange | undefined;
  for await (const part of request.parts()) {
    if (part.fieldname === PICTURE_FIELD && picture) throw invalidPart(PICTURE_FIELD);
    if (part.type === 'field') {
      if (part.fieldname === PICTURE_FIELD) {
        // The web app sends an empty value to remove the picture; nothing else is text.
        if (part.value !== '') throw invalidPart(PICTURE_FIELD);
        picture = { kind: 'remove' };
      } else if (textFields.has(part.fieldname)) {
        if (part.valueTruncated) throw invalidPart(part.fieldname);
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (part.fieldname !== PICTURE_FIELD) throw invalidPart(part.fieldname);
    const bytes = await readFilePart(part);
    // An empty file input without a file chosen removes; an empty named file is invalid.
    picture = bytes.length === 0 && !part.filename ? { kind: 'remove' } : { kind: 'set', bytes };
  }
  return { fields, picture: picture ?? { kind: 'keep' } };
}

/**
 * Lets the routes of `scope` take multipart/form-data: the text fields among `textFields`
 * become the body, which the route's schema then validates as it does JSON (others are
 * ignored, as unknown JSON keys are), and the `avatar` part is kept for pictureChangeOf.
 */
export async function acceptPictureForm(
  scope: FastifyInstance,
  textFields: readonly string[],
): Promise<void> {
  const known = new Set(textFields);
  await scope.register(multipart, { limits: FORM_LIMITS });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const form = await readMultipartForm(request, (r) => readPictureForm(r, known));
    refuseNul(form.fields);
    request.body = form.fields;
    pictureChanges.set(request, form.picture);
  });
}

/** A picture sent as bytes (Fastify does not serialize a Buffer), as OpenAPI describes it. */
export const ZPictureBytes = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX } from '@themis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeFilename, uploadAttachment } from '../src/modules/attachments/attachments.service';
import type { FileStorage } from '../src/platform/storage/storage';
import { createTestApp, type TestApp } from './app';
import { Client } from './accounts';
import {
  brokenOleFile,
  docWithSectorLoop,
  docWithText,
  docxWithText,
  jpegImage,
  linuxExecutable,
  pdfWithText,
  plainZip,
  pngImage,
  windowsExecutable,
} from './attachment-files';
import { attachmentHelpers } from './attachment-setup';
import type { FormPart } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const {
  storage,
  createConversation,
  userWithConversation,
  createQuestion,
  bindToQuestion,
  storedFiles,
  rowsOf,
  upload,
  uploadFile,
} = attachmentHelpers(() => t);

const MARKER = 'attachment-content-marker-51c9';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('attachment upload', () => {
  it('accepts pdf, docx, doc, png and jpeg by content and extracts the documents’ text', async () => {
    const { client, userId } = await userWithConversation();
    const pdf = pdfWithText(['Umowa najmu lokalu', 'Art. 659 Kodeksu cywilnego']);
    const docx = await docxWithText(['Wypowiedzenie umowy', 'Termin trzech miesięcy']);
    const doc = docWithText('Umowa zlecenia\nArt. 734 Kodeksu cywilnego');
    const cases = [
      [pdf, 'umowa.pdf', 'application/pdf', true],
      [docx, 'pismo.docx', DOCX_TYPE, true],
      [doc, 'stare.doc', 'application/msword', true],
      [await pngImage(), 'skan.png', 'image/png', false],
    ] as const;
    const uploaded = [];
    for (const [data, filename, mediaType, hasText] of cases) {
      // One conversation each: more files than one question may carry.
      const target = await createConversation(userId);
      const attachment = await uploadFile(client, target, data, filename);
      expect(attachment).toEqual({
        pk: expect.any(String),
        filename,
        media_type: mediaType,
        size: data.length,
        has_text: hasText,
      });
      uploaded.push(attachment);
    }
    const rows = await rowsOf(userId);
    const textOf = (pk: string) => rows.find((row) => row.id === pk)?.extractedText;
    expect(textOf(uploaded[0]!.pk)).toContain('Umowa najmu lokalu');
    expect(textOf(uploaded[0]!.pk)).toContain('Art. 659 Kodeksu cywilnego');
    expect(textOf(uploaded[1]!.pk)).toContain('Termin trzech miesięcy');
    expect(textOf(uploaded[2]!.pk)).toBe('Umowa zlecenia\nArt. 734 Kodeksu cywilnego');
    expect(textOf(uploaded[3]!.pk)).toBeNull();
    expect(await storedFiles(userId)).toEqual(
      uploaded.map((file) => `attachments/${file.pk}`).sort(),
    );
    const stored = await storage().get(`users/${userId}/attachments/${uploaded[0]!.pk}`);
    expect(stored).toEqual({ bytes: pdf, contentType: 'application/pdf' });

    // A jpeg named and declared as something else is still a jpeg.
    const other = await userWithConversation();
    const jpeg = await uploadFile(
      other.client,
      other.conversationId,
      await jpegImage(),
      'photo.pdf',
      'application/pdf',
    );
    expect(jpeg).toMatchObject({ media_type: 'image/jpeg', has_text: false });
  });

  it('keeps a scanned pdf without a text layer, with has_text false', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const scan = await uploadFile(client, conversationId, pdfWithText([]), 'scan.pdf');
    expect(scan).toMatchObject({ media_type: 'application/pdf', has_text: false });
    expect((await rowsOf(userId))[0]!.extractedText).toBe('');
  });

  it('cleans the filename and keeps at most 200 characters of it', async () => {
    const { client, conversationId } = await userWithConversation();
    const pdf = pdfWithText(['x']);
    const long = await uploadFile(client, conversationId, pdf, `${'a'.repeat(300)}.pdf`);
    expect(long.filename).toBe(`${'a'.repeat(196)}.pdf`);
    const odd = await uploadFile(client, conversationId, pdf, '../x/my  <lease>|plan\t.pdf');
    expect(odd.filename).toBe('my leaseplan.pdf');
    // What a form parser might let through is cleaned as well.
    for (const [raw, clean] of [
      ['..\\..\\etc\\pass"wd', 'passwd'],
      ['.hidden.pdf', 'hidden.pdf'],
      [' \u0000 ', 'file'],
      [undefined, 'file'],
    ] as const) {
      expect(sanitizeFilename({ filename: raw })).toBe(clean);
    }
  });

  it('refuses other content and executables, storing nothing', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const cases: [Buffer, string][] = [
      [windowsExecutable(MARKER), 'contract.pdf'],
      [linuxExecutable(MARKER), 'contract.pdf'],
      [Buffer.from(`plain text ${MARKER}`), 'notes.docx'],
      [Buffer.from(`%PDF-1.4 ${MARKER} not really a pdf`), 'broken.pdf'],
      [await plainZip(), 'archive.docx'],
      [brokenOleFile(), 'old.doc'],
      [docWithSectorLoop(), 'loop.doc'],
      [(await pngImage()).subarray(0, 40), 'cut.png'],
      [
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><title>${MARKER}</title></svg>`),
        'a.png',
      ],
    ];
    for (const [data, filename] of cases) {
      const res = await upload(client, conversationId, [
        { name: 'file', data, filename, contentType: 'application/pdf' },
      ]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toEqual({ detail: 'invalid_file_type' });
    }
    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedFiles(userId)).toEqual([]);
    expect(t.logs.join('\n')).not.toContain(MARKER);
    // Refusals are answers, not server errors.
    expect(t.logs.join('\n')).not.toContain('"level":50');
  });

  it('refuses an empty file with its own code, storing nothing', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    for (const filename of ['empty.pdf', 'empty.png']) {
      const res = await upload(client, conversationId, [
        { name: 'file', data: Buffer.alloc(0), filename, contentType: 'application/pdf' },
      ]);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toEqual({ detail: 'file_empty' });
    }
    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedFiles(userId)).toEqual([]);
  });

  it('accepts a file of exactly the size limit, far larger than a JSON body may be', async () => {
    // A jpeg padded with comment segments (at most 64 KiB each) to CHAT_FILE_MAX_BYTES.
    const base = await jpegImage();
    const padding: Buffer[] = [];
    for (let missing = CHAT_FILE_MAX_BYTES - base.length; missing > 0;) {
      const segment = Buffer.alloc(Math.min(missing, 65_537), 0x20);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(segment.length - 2, 2);
      padding.push(segment);
      missing -= segment.length;
    }
    const big = Buffer.concat([base.subarray(0, 2), ...padding, base.subarray(2)]);
    expect(big.length).toBe(CHAT_FILE_MAX_BYTES);
    const { client, conversationId } = await userWithConversation();
    const file = await uploadFile(client, conversationId, big, 'big.jpg');
    expect(file).toMatchObject({ media_type: 'image/jpeg', size: CHAT_FILE_MAX_BYTES });
  });

  it('refuses a file over 20 MB with 413 and stores nothing', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const big = Buffer.concat([pdfWithText(['big']), Buffer.alloc(CHAT_FILE_MAX_BYTES, 0x20)]);
    const over = big.subarray(0, CHAT_FILE_MAX_BYTES + 1);
    const res = await upload(client, conversationId, [
      { name: 'file', data: over, filename: 'big.pdf' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'file_too_large' });
    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedFiles(userId)).toEqual([]);
  });

  it(`refuses a file beyond ${CHAT_FILES_MAX} waiting in the conversation`, async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const pdf = pdfWithText(['one']);
    const first = await uploadFile(client, conversationId, pdf, '1.pdf');
    for (let i = 2; i <= CHAT_FILES_MAX; i++) {
      await uploadFile(client, conversationId, pdf, `${i}.pdf`);
    }
    const res = await upload(client, conversationId, [
      { name: 'file', data: pdf, filename: 'extra.pdf' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'too_many_files' });
    expect(await rowsOf(userId)).toHaveLength(CHAT_FILES_MAX);
    expect(await storedFiles(userId)).toHaveLength(CHAT_FILES_MAX);

    // Another conversation has its own places; a removed file frees one.
    const second = await createConversation(userId);
    await uploadFile(client, second, pdf, 'other.pdf');
    const removed = await client.delete(`/api/conversation/attachment/delete/${first.pk}`);
    expect(removed.statusCode).toBe(200);
    await uploadFile(client, conversationId, pdf, 'again.pdf');
  });

  it('writes row and file together or neither, whatever step refuses', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const pdf = pdfWithText(['x']);
    for (let i = 0; i < CHAT_FILES_MAX; i++) {
      await uploadFile(client, conversationId, pdf, `${i}.pdf`);
    }
    const before = await storedFiles(userId);
    const failingPut: FileStorage = {
      ...storage(),
      put: () => Promise.reject(new Error('disk full')),
    };
    const base = {
      db: t.database.db,
      log: t.app.log,
      userId,
      filename: 'late.pdf',
      bytes: pdf,
      sealer: undefined,
    };
    const other = await userWithConversation();
    for (const [attempt, code] of [
      // Filled up between the early check and the write: the file just written goes again.
      [{ storage: storage(), conversationId }, 'too_many_files'],
      [{ storage: storage(), conversationId: other.conversationId }, 'not_found'],
      [{ storage: failingPut, conversationId: await createConversation(userId) }, undefined],
    ] as const) {
      const result = uploadAttachment({ ...base, ...attempt });
      await (code
        ? expect(result).rejects.toMatchObject({ code })
        : expect(result).rejects.toThrow('disk full'));
    }
    expect(await storedFiles(userId)).toEqual(before);
    expect(await rowsOf(userId)).toHaveLength(CHAT_FILES_MAX);
  });

  it('refuses a form without exactly one file part', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const pdf = pdfWithText(['x']);
    for (const [parts, field] of [
      [[], 'file'],
      [[{ name: 'document', data: pdf, filename: 'a.pdf' }], 'document'],
      [
        [
          { name: 'file', data: pdf, filename: 'a.pdf' },
          { name: 'file', data: pdf, filename: 'b.pdf' },
        ],
        'file',
      ],
    ] as [FormPart[], string][]) {
      const res = await upload(client, conversationId, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'validation_error',
        errors: { [field]: ['validation.invalid'] },
      });
    }
    const json = await client.post(`/api/conversation/attachment/upload/${conversationId}`, {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedFiles(userId)).toEqual([]);
  });

  it("needs a session, and shows 404 for another user's or an unknown conversation", async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const pdf = pdfWithText(['x']);
    const anonymous = await upload(new Client(t), owner.conversationId, [
      { name: 'file', data: pdf, filename: 'a.pdf' },
    ]);
    expect(anonymous.statusCode).toBe(401);
    for (const id of [owner.conversationId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await upload(other.client, id, [{ name: 'file', data: pdf, filename: 'a.pdf' }]);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
    expect(await rowsOf(owner.userId)).toEqual([]);
    expect(await rowsOf(other.userId)).toEqual([]);
    expect(await storedFiles(other.userId)).toEqual([]);
  });
});

describe('attachment deletion', () => {
  it('removes only an unsent attachment of the user, row and file', async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const file = await uploadFile(owner.client, owner.conversationId, pdfWithText(['x']), 'a.pdf');
    const url = `/api/conversation/attachment/delete/${file.pk}`;

    for (const path of [url, '/api/conversation/attachment/delete/not-a-pk']) {
      const res = await other.client.delete(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
    expect((await new Client(t).delete(url)).statusCode).toBe(401);
    expect(await storedFiles(owner.userId)).toHaveLength(1);

    const res = await owner.client.delete(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await rowsOf(owner.userId)).toEqual([]);
    expect(await storedFiles(owner.userId)).toEqual([]);
    expect((await owner.client.delete(url)).statusCode).toBe(404);
  });

  it('keeps an attachment already sent with a question', async () => {
    const { client, userId, conversationId } = await userWithConversation();
    const file = await uploadFile(client, conversationId, pdfWithText(['x']), 'a.pdf');
    const messageId = await createQuestion(userId, conversationId);
    await bindToQuestion(messageId, [file.pk]);
    const res = await client.delete(`/api/conversation/attachment/delete/${file.pk}`);
    expect(res.statusCode).toBe(404);
    expect(await storedFiles(userId)).toHaveLength(1);
  });
});

describe('attachment API description', () => {
  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const uploadPath = doc.paths['/api/conversation/attachment/upload/{conversation_pk}'];
    expect(Object.keys(uploadPath.post.responses)).toContain('201');
    expect(doc.paths['/api/conversation/attachment/delete/{pk}'].delete).toBeDefined();
  });
});

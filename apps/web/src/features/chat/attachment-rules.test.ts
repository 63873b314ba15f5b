import { CHAT_FILE_MAX_BYTES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { checkFiles } from './attachment-rules';

const file = (name: string, type: string, size = 10) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('attachment rules', () => {
  it('allows up to three files together with those attached', () => {
    const pdf = file('a.pdf', 'application/pdf');
    expect(checkFiles([pdf, pdf, pdf], 0)).toEqual({ accepted: [pdf, pdf, pdf], error: undefined });
    expect(checkFiles([pdf, pdf, pdf, pdf], 0)).toEqual({ accepted: [], error: 'too_many_files' });
    expect(checkFiles([pdf], 3).error).toBe('too_many_files');
  });

  it('keeps the allowed types and sizes and names the first rule broken', () => {
    const docx = file('a.docx', '');
    const exe = file('a.exe', 'application/x-msdownload');
    const big = file('scan.png', 'image/png', CHAT_FILE_MAX_BYTES + 1);
    expect(checkFiles([docx, exe], 0)).toEqual({ accepted: [docx], error: 'invalid_file_type' });
    expect(checkFiles([big], 0)).toEqual({ accepted: [], error: 'file_too_large' });
  });

  it('refuses an empty file before uploading it', () => {
    const empty = file('notes.pdf', 'application/pdf', 0);
    const pdf = file('a.pdf', 'application/pdf');
    expect(checkFiles([empty, pdf], 0)).toEqual({ accepted: [pdf], error: 'file_empty' });
  });
});

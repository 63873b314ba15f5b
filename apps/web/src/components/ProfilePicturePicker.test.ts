import { IMAGE_UPLOAD_MAX_BYTES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { pictureProblem } from './ProfilePicturePicker';

const picture = (type: string, size: number) => {
  const file = new File(['x'], 'me.png', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('pictureProblem', () => {
  it('names what keeps a file from being a profile picture, before anything is sent', () => {
    expect(pictureProblem(picture('image/png', 2048))).toBeUndefined();
    expect(pictureProblem(picture('application/pdf', 2048))).toBe('invalid_file_type');
    expect(pictureProblem(picture('image/jpeg', IMAGE_UPLOAD_MAX_BYTES + 1))).toBe(
      'file_too_large',
    );
    expect(pictureProblem(picture('image/png', 0))).toBe('file_empty');
  });
});

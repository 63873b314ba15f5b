import {
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_FILES_MAX,
  type ErrorCode,
} from '@themis/shared';

const EXTENSIONS = new Set<string>(Object.values(CHAT_FILE_TYPES).flat());
/** What the file picker offers. */
export const FILE_ACCEPT = [
  ...Object.keys(CHAT_FILE_TYPES),
  ...[...EXTENSIONS].map((extension) => `.${extension}`),
].join(',');

export interface FileCheck {
  accepted: File[];
  /** The first rule broken, as the server's error code. */
  error:
    | Extract<ErrorCode, 'too_many_files' | 'invalid_file_type' | 'file_too_large' | 'file_empty'>
    | undefined;
}

function allowedType(file: File): boolean {
  if (file.type in CHAT_FILE_TYPES) return true;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return file.type === '' && EXTENSIONS.has(extension);
}

/** Files that may join the ones already attached; the server checks again by content. */
export function checkFiles(files: File[], attachedCount: number): FileCheck {
  if (attachedCount + files.length > CHAT_FILES_MAX) {
    return { accepted: [], error: 'too_many_files' };
  }
  let error: FileCheck['error'];
  const accepted = files.filter((file) => {
    if (!allowedType(file)) {
      error ??= 'invalid_file_type';
      return false;
    }
    if (file.size > CHAT_FILE_MAX_BYTES) {
      error ??= 'file_too_large';
      return false;
    }
    if (file.size === 0) {
      error ??= 'file_empty';
      return false;
    }
    return true;
  });
  return { accepted, error };
}

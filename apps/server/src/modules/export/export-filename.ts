import type { ExportFormat } from '@themis/shared';

const NAME_MAX = 80;

/**
 * `Umowa najmu – pytania 2026-12-04.docx`: the conversation's name without what a file system
 * or a header refuses (controls, slashes, quotes, reserved characters), and the day.
 */
export function exportFileName(options: {
  name: string;
  day: string;
  format: ExportFormat;
}): string {
  const cleaned = options.name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, NAME_MAX)
    .trim();
  return `${cleaned || 'Themis'} ${options.day}.${options.format}`;
}

/** The header that names the download: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‐-―]/g, '-')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

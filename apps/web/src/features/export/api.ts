import type { ExportFormat, ExportQuery, Language } from '@themis/shared';
import { api } from '../../app/api/api';

/** What is exported: the reader's own conversation, or what a shared link shows. */
export type ExportTarget = { conversationPk: string } | { shareSecret: string };

/** The file made, held by the page as an object URL until it is saved. */
export interface ExportedFile {
  url: string;
  fileName: string;
}

const segment = (value: string) => encodeURIComponent(value);

/** The UTF-8 name of Content-Disposition (RFC 6266), else its plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

const exportApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportConversation: build.mutation<
      ExportedFile,
      { target: ExportTarget; format: ExportFormat; language: Language }
    >({
      query: ({ target, format, language }) => ({
        url:
          'conversationPk' in target
            ? `/conversation/export/${segment(target.conversationPk)}`
            : `/conversation/share/export/${segment(target.shareSecret)}`,
        params: {
          format,
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          lang: language,
        } satisfies ExportQuery,
        // The file goes to an object URL: the store keeps its name and address, not its bytes.
        responseHandler: async (response) =>
          response.ok
            ? {
                url: URL.createObjectURL(await response.blob()),
                fileName: fileNameOf(
                  response.headers.get('content-disposition'),
                  `Themis.${format}`,
                ),
              }
            : response.json(),
      }),
    }),
  }),
});

export const { useExportConversationMutation } = exportApi;

/** Hands the file to the browser's downloads, then lets its bytes go. */
export function saveFile(file: ExportedFile): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(file.url), 10_000);
}

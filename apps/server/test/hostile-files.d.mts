// The types of hostile-files.mjs, which stays plain JavaScript for the bench.

/**
 * A one-page pdf (Helvetica as /F1) whose content stream is `content` as stored, encoded by
 * `filter` when one is named, with a correct cross-reference table.
 */
export function onePagePdf(content: Buffer, filter?: string): Buffer;

/** The parts of a docx besides word/document.xml, by name: content types and relationships. */
export const DOCX_PACKAGE_PARTS: Readonly<Record<string, string>>;

/** What word/document.xml holds before and after its paragraphs. */
export const DOCX_DOCUMENT: { readonly head: string; readonly tail: string };

/** The hostile files of the tests and the bench, each a few MB at most. */
export const hostile: {
  /** A content stream that inflates to 80 MB of text operators. */
  inflatingPdf(): Promise<Buffer>;
  /** 16 MB of text operators: within the inflate limit, but over 7M characters of text. */
  wordyPdf(): Promise<Buffer>;
  /** A word/document.xml of 300 MB, declared as such. */
  declaredDocx(): Promise<Buffer>;
  /** The same 300 MB, declared as 1 MB. */
  lyingDocx(): Promise<Buffer>;
  /** 3.5 MB of plain text: sizes and compression as a real document's, but too much text. */
  wordyDocx(): Promise<Buffer>;
};

/** The parts an e-mail is made of; each becomes plain text and HTML the same way. */
export type MailBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'code'; code: string }
  /** A button in HTML, with the bare address under it for clients that hide buttons. */
  | { kind: 'link'; label: string; fallback: string; url: string }
  /** Labelled facts, one a line: the device, address and time of a sign-in. */
  | { kind: 'details'; rows: [label: string, value: string][] };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

/** More than this in one event, ended or not: not a stream of events a model sends. */
export const MAX_SSE_EVENT_CHARS = 1024 * 1024;

export class SseEventTooLong extends Error {
  constructor() {
    super(`an event stream event longer than ${MAX_SSE_EVENT_CHARS} characters`);
  }
}

/**
 * The data of server-sent events, from text as it arrives in pieces of any size. Only what
 * a model's stream uses is kept: `data` lines (several join with a newline); event names,
 * ids, retry hints and comments are skipped. Lines end in LF, CRLF or CR.
 */
export class ServerSentEvents {
  private pending = '';
  private data: string[] = [];
  private dataChars = 0;
  /** A CR ended the last piece: an LF starting the next one belongs to it. */
  private afterCr = false;

  /** The events completed by `text`, in order. */
  push(text: string): string[] {
    let from = this.afterCr && text.startsWith('\n') ? 1 : 0;
    this.afterCr = false;
    const events: string[] = [];
    // Looked up again only once passed: most streams have no CR, and a piece can hold many lines.
    let cr = text.indexOf('\r', from);
    for (;;) {
      if (cr >= 0 && cr < from) cr = text.indexOf('\r', from);
      const lf = text.indexOf('\n', from);
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (end < 0) break;
      this.line(this.pending + text.slice(from, end), events);
      this.pending = '';
      from = end + 1;
      if (text[end] === '\r') {
        if (from === text.length) this.afterCr = true;
        else if (text[from] === '\n') from += 1;
      }
    }
    this.pending += text.slice(from);
    if (this.pending.length + this.dataChars > MAX_SSE_EVENT_CHARS) throw new SseEventTooLong();
    return events;
  }

  private line(line: string, events: string[]) {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      this.dataChars = 0;
      return;
    }
    if (!line.startsWith('data:')) return;
    const data = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    this.data.push(data);
    this.dataChars += data.length;
  }
}

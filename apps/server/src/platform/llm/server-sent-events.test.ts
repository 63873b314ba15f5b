import { describe, expect, it } from 'vitest';
import { MAX_SSE_EVENT_CHARS, SseEventTooLong, ServerSentEvents } from './server-sent-events';

const STREAM =
  ': a comment\n' +
  'event: message\nid: 7\ndata: {"a":"zażółć"}\n\n' +
  'data:no space\r\n\r\n' +
  'data: first\rdata: second\r\r' +
  'data: one\r\ndata: two\n\n' +
  'retry: 10\n\n' +
  'data: [DONE]\n\n';
const EVENTS = ['{"a":"zażółć"}', 'no space', 'first\nsecond', 'one\ntwo', '[DONE]'];

function feed(pieces: string[]): string[] {
  const events = new ServerSentEvents();
  return pieces.flatMap((piece) => events.push(piece));
}

describe('ServerSentEvents', () => {
  it('reads the data of each event, whatever the line endings', () => {
    expect(feed([STREAM])).toEqual(EVENTS);
  });

  it('gives the same events however the text is cut into pieces', () => {
    for (let at = 1; at < STREAM.length; at++) {
      expect(feed([STREAM.slice(0, at), STREAM.slice(at)]), `cut at ${at}`).toEqual(EVENTS);
    }
    expect(feed([...STREAM])).toEqual(EVENTS);
  });

  it('keeps an event without its blank line until the line comes', () => {
    const events = new ServerSentEvents();
    expect(events.push('data: partial')).toEqual([]);
    expect(events.push('\n')).toEqual([]);
    expect(events.push('\n')).toEqual(['partial']);
  });

  it('refuses an event that never ends, rather than holding it in memory', () => {
    const events = new ServerSentEvents();
    const piece = 'x'.repeat(64 * 1024);
    expect(() => {
      events.push('data: ');
      for (let i = 0; i <= MAX_SSE_EVENT_CHARS / piece.length; i++) events.push(piece);
    }).toThrow(SseEventTooLong);
  });

  it('counts the lines of one unfinished event together', () => {
    const events = new ServerSentEvents();
    const line = `data: ${'x'.repeat(1000)}\n`;
    expect(() => {
      for (let i = 0; i <= MAX_SSE_EVENT_CHARS / 1000; i++) events.push(line);
    }).toThrow(SseEventTooLong);
  });
});

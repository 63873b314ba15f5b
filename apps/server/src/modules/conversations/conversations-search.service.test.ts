import { describe, expect, it } from 'vitest';
import { buildSnippet, splitQuery } from './conversations-search.service';

describe('splitQuery', () => {
  it('adds the last plain word as a prefix', () => {
    expect(splitQuery('kodeks cyw')).toEqual({
      query: 'kodeks cyw',
      prefix: { head: 'kodeks ', word: 'cyw' },
    });
    expect(splitQuery('Świad')).toEqual({ query: 'Świad', prefix: { head: '', word: 'świad' } });
    expect(splitQuery('art. 415')).toEqual({
      query: 'art. 415',
      prefix: { head: 'art. ', word: '415' },
    });
  });

  it('leaves quoted, negated, "or" and punctuated endings as written', () => {
    for (const query of ['"kodeks cyw', 'najem -umowa', 'najem or', 'k.c.', 'art.415', 'najem!']) {
      expect(splitQuery(query)).toEqual({ query });
    }
  });
});

describe('buildSnippet', () => {
  const words = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => `słowo${from + i}`).join(' ');

  it('keeps short text whole, on one line', () => {
    expect(buildSnippet('Najem\n\n  lokalu ', ['najem'])).toBe('Najem lokalu');
  });

  it('cuts about 160 characters around the first match, at spaces', () => {
    const text = `${words(40)} Kodeks cywilny ${words(40, 40)}`;
    const snippet = buildSnippet(text, ['kodeks']);
    expect(snippet.length).toBeLessThanOrEqual(162);
    expect(snippet).toMatch(/^…słowo\d+ .*Kodeks cywilny.* słowo\d+…$/);
    expect(snippet.indexOf('Kodeks')).toBeGreaterThan(20);
  });

  it('starts at the beginning when the match is early or not found in the text', () => {
    const text = `Kodeks ${words(60)}`;
    expect(buildSnippet(text, ['kodeks'])).toMatch(/^Kodeks słowo0 .*…$/);
    expect(buildSnippet(words(60), ['brak'])).toMatch(/^słowo0 .*…$/);
  });
});

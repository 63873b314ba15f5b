import { describe, expect, it } from 'vitest';
import { COUNTRY_DIAL_CODES, countriesOfAreaCode, uniqueAreaCodes } from './countries';

describe('country dial codes', () => {
  it('lists about 240 countries, each once, with a numeric dial code', () => {
    expect(COUNTRY_DIAL_CODES.length).toBeGreaterThanOrEqual(240);
    const shorts = COUNTRY_DIAL_CODES.map(([short]) => short);
    expect(new Set(shorts).size).toBe(shorts.length);
    for (const [short, code] of COUNTRY_DIAL_CODES) {
      expect(short).toMatch(/^[A-Z]{2}$/);
      expect(code).toMatch(/^\d{1,4}$/);
    }
  });

  it('offers each dial code once, sorted numerically rather than as text', () => {
    const codes = uniqueAreaCodes();
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.slice(0, 3)).toEqual(['+1', '+7', '+20']);
    const numbers = codes.map((code) => Number(code.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(codes).toContain('+48');
  });

  it('names the countries behind a dial code', () => {
    expect(countriesOfAreaCode('+48')).toEqual(['PL']);
    expect(countriesOfAreaCode('+1')).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(countriesOfAreaCode('+999')).toEqual([]);
  });
});

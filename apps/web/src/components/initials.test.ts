import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the name and surname', () => {
    expect(initials({ name: 'łucja', surname: 'Żak', email: 'l@example.com' })).toBe('ŁŻ');
    expect(initials({ name: 'Anna', surname: null, email: 'a@example.com' })).toBe('A');
  });

  it('falls back to the e-mail', () => {
    expect(initials({ name: ' ', surname: null, email: 'jan@example.com' })).toBe('J');
  });
});

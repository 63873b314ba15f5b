import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeRedirectPath('/chat/42?tab=files')).toBe('/chat/42?tab=files');
    expect(safeRedirectPath('/questionnaire')).toBe('/questionnaire');
  });

  it('falls back to the chat for anything that could leave the site', () => {
    for (const from of [
      null,
      '',
      'chat',
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirectPath(from)).toBe('/chat');
    }
  });

  it('never sends a signed-in user back to login or registration', () => {
    expect(safeRedirectPath('/login?from=%2Flogin')).toBe('/chat');
    expect(safeRedirectPath('/register/')).toBe('/chat');
    expect(safeRedirectPath('/register/confirmation?email=a%40b.pl')).toBe(
      '/register/confirmation?email=a%40b.pl',
    );
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../app/i18n';
import { fakeApi, renderRoute, signedOut } from '../test/fake-api';

describe('legal links at the foot of the pages outside the shell', () => {
  it.each([
    ['en', 'Legal information', 'Terms of use', 'Privacy policy'],
    ['pl', 'Informacje prawne', 'Regulamin', 'Polityka prywatności'],
  ])('lead from the login page to both documents, in %s', async (...row) => {
    const [language, label, terms, privacy] = row;
    await i18n.changeLanguage(language);
    fakeApi(signedOut);
    renderRoute('/login');
    await screen.findByTestId('login-form');
    const nav = screen.getByRole('navigation', { name: label });
    expect(within(nav).getByRole('link', { name: terms }).getAttribute('href')).toBe('/terms');
    expect(within(nav).getByRole('link', { name: privacy }).getAttribute('href')).toBe('/privacy');
  });

  it('mark the document being read', async () => {
    fakeApi(signedOut);
    renderRoute('/privacy');
    const nav = await screen.findByRole('navigation', { name: 'Legal information' });
    expect(
      within(nav).getByRole('link', { name: 'Privacy policy' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav).getByRole('link', { name: 'Terms of use' }).getAttribute('aria-current'),
    ).toBeNull();
  });
});

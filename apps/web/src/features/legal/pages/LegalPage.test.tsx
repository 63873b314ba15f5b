import { screen, within } from '@testing-library/react';
import { DEFAULT_CONTACT_EMAIL, LANGUAGES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import { fakeApi, renderRoute, signedOut } from '../../../test/fake-api';
import { legalResources, type LegalSection } from '../legal-resources';

type Document = 'terms' | 'privacy';
const DOCUMENTS: Document[] = ['terms', 'privacy'];

describe('legal pages', () => {
  it.each([
    ['/terms', 'en', 'Terms of use', 'In force from 19.05.2025', 'Privacy policy', '/privacy'],
    ['/privacy', 'en', 'Privacy policy', 'In force from 19.05.2025', 'Terms of use', '/terms'],
    ['/terms', 'pl', 'Regulamin', 'Obowiązuje od 19.05.2025', 'Polityka prywatności', '/privacy'],
    ['/privacy', 'pl', 'Polityka prywatności', 'Obowiązuje od 19.05.2025', 'Regulamin', '/terms'],
  ])('%s in %s: dated, sectioned, open to visitors, with the mailbox', async (...row) => {
    const [path, language, title, date, other, otherPath] = row;
    await i18n.changeLanguage(language);
    fakeApi(signedOut);
    const { router } = renderRoute(path);
    const page = await screen.findByTestId(`legal-${path.slice(1)}`);
    expect(router.state.location.pathname).toBe(path);
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(page.textContent).toContain(date);
    expect(within(page).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(5);
    expect(page.textContent).toContain(DEFAULT_CONTACT_EMAIL);
    expect(page.textContent).not.toMatch(/\{\{\w+\}\}/);
    const mailbox = within(screen.getByTestId('contact-mailbox')).getByRole('link');
    expect(mailbox.getAttribute('href')).toBe(`mailto:${DEFAULT_CONTACT_EMAIL}`);
    const links = within(page).getAllByRole('link', { name: other });
    expect(links.map((link) => link.getAttribute('href'))).toContain(otherPath);
  });

  it('says in both languages that answers are legal information, not legal advice', async () => {
    fakeApi(signedOut);
    renderRoute('/terms');
    expect((await screen.findByTestId('legal-terms')).textContent).toContain(
      'They are not legal advice',
    );
    expect(JSON.stringify(legalResources.pl.terms)).toContain('Nie są poradą prawną');
  });

  it('have the same sections and paragraphs in every language, none empty', () => {
    const shape = (language: (typeof LANGUAGES)[number], document: Document) =>
      (legalResources[language][document].sections as LegalSection[]).map(
        (section) => section.paragraphs.length,
      );
    for (const document of DOCUMENTS) {
      for (const language of LANGUAGES) {
        expect(shape(language, document), `${language}/${document}`).toEqual(shape('en', document));
        const texts = JSON.stringify(legalResources[language][document]);
        expect(texts, `${language}/${document}`).not.toContain('""');
      }
    }
  });
});

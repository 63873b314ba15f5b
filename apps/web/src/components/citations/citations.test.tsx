import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { renderWithProviders as render } from '../../test/render';
import { MarkdownAnswer } from '../MarkdownAnswer';

const ANSWER = [
  'Odpowiedzialność wynika z **art. 415 k.c.** (Dz. U. z 2023 r. poz. 1610).',
  '',
  'Zob. też art. 6 ust. 1 lit. f RODO, wyrok C-311/18 i uchwałę III CZP 11/20; `art. 5 k.c.` w kodzie zostaje tekstem.',
].join('\n');

describe('citations in an answer', () => {
  it('are links to their official sources, opened apart, and listed once under the answer', async () => {
    render(<MarkdownAnswer text={ANSWER} />);
    const civil = screen.getByRole('link', { name: 'art. 415 k.c.' });
    expect(civil.getAttribute('href')).toBe('https://eli.gov.pl/eli/DU/1964/93/ogl');
    expect(civil.getAttribute('target')).toBe('_blank');
    expect(civil.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(
      screen.getByRole('link', { name: 'art. 6 ust. 1 lit. f RODO' }).getAttribute('href'),
    ).toBe('https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679');
    expect(screen.getByRole('link', { name: 'C-311/18' }).getAttribute('href')).toContain(
      'curia.europa.eu',
    );
    // Code stays code.
    expect(screen.queryByRole('link', { name: 'art. 5 k.c.' })).toBeNull();

    const sources = screen.getByTestId('answer-sources');
    expect(within(sources).getByText('Sources (5)')).toBeTruthy();
    expect(
      within(sources)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Civil Code',
      'Polish act, Dziennik Ustaw 2023 item 1610',
      'General Data Protection Regulation (GDPR)',
      'Court of Justice of the EU, case C-311/18',
      'Polish court, case III CZP 11/20',
    ]);
  });

  it('are reached by the keyboard and name the act in a tooltip, in Polish too', async () => {
    await i18n.changeLanguage('pl');
    render(<MarkdownAnswer text={ANSWER} />);
    const civil = screen.getByRole('link', { name: 'art. 415 k.c.' });
    await userEvent.tab();
    expect(document.activeElement).toBe(civil);
    await userEvent.hover(civil);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'Kodeks cywilny · Akt prawny, Dz.U. 1964 poz. 93',
    );
    expect(civil.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'art. 6 ust. 1 lit. f RODO' }).getAttribute('href'),
    ).toContain('/legal-content/PL/');
    expect(within(screen.getByTestId('answer-sources')).getByText('Źródła (5)')).toBeTruthy();
  });

  it('are neither linked nor listed in code or in the answer’s own links', () => {
    render(
      <MarkdownAnswer
        text={
          'Zob. `art. 5 k.c.` oraz [art. 415 k.c.](https://example.com/kc).\n\n```\nDz.U. 2023 poz. 1610\n```'
        }
      />,
    );
    expect(screen.getByRole('link', { name: 'art. 415 k.c.' }).getAttribute('href')).toBe(
      'https://example.com/kc',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByTestId('answer-sources')).toBeNull();
  });

  it('leave an answer without citations as it was', () => {
    render(
      <MarkdownAnswer text="Umowa najmu może być zawarta na czas nieoznaczony; zob. art. 5 umowy." />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('answer-sources')).toBeNull();
  });
});

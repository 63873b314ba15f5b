import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders as render } from '../test/render';
import { MarkdownAnswer } from './MarkdownAnswer';

describe('MarkdownAnswer', () => {
  it('never loads an image of an answer: its description shows instead', () => {
    const { container } = render(
      <MarkdownAnswer text={'Zob. ![wykres](/api/auth/logout) i ![](https://x.example/a.png)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('Zob. [wykres] i ');
  });

  it('links only to other sites, opened apart; a relative link stays text', () => {
    render(
      <MarkdownAnswer
        text={`[ustawa](https://isap.sejm.gov.pl/x) [wyloguj](/api/auth/logout) [js](javascript:alert(1)) [mail](mailto:biuro@example.com) [nasze](${window.location.origin}/api/user/get)`}
      />,
    );
    const external = screen.getByRole('link', { name: 'ustawa' });
    expect(external.getAttribute('href')).toBe('https://isap.sejm.gov.pl/x');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe(
      'mailto:biuro@example.com',
    );
    expect(screen.queryByRole('link', { name: 'wyloguj' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'js' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'nasze' })).toBeNull();
    expect(screen.getByText('wyloguj').tagName).toBe('SPAN');
  });
});

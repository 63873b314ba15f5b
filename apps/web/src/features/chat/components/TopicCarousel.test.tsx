import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { renderWithProviders } from '../../../test/render';
import { TopicCarousel } from './TopicCarousel';

/** jsdom lays nothing out: the list is given a width, a scroll width and a scroll position. */
function layOut(list: HTMLElement, scrollLeft: number) {
  Object.defineProperties(list, {
    clientWidth: { configurable: true, value: 400 },
    scrollWidth: { configurable: true, value: 1600 },
    scrollLeft: { configurable: true, value: scrollLeft, writable: true },
  });
  act(() => {
    fireEvent.scroll(list);
  });
}

function renderCarousel(labels: { region: string }) {
  const onPick = vi.fn();
  renderWithProviders(<TopicCarousel onPickTopic={onPick} />);
  const region = screen.getByRole('region', { name: labels.region });
  const list = within(region).getByRole('list', { name: labels.region });
  const scrollBy = vi.fn();
  list.scrollBy = scrollBy;
  return { onPick, region, list, scrollBy };
}

describe('example-topic carousel', () => {
  it('pages with the previous and next buttons, disabled at either end', () => {
    const { region, list, scrollBy } = renderCarousel({ region: 'Example topics' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    // Everything fits until measured: no buttons to press.
    expect(within(region).queryByRole('button', { name: 'Next topics' })).toBeNull();
    layOut(list, 0);
    const previous = within(region).getByRole('button', { name: 'Previous topics' });
    const next = within(region).getByRole('button', { name: 'Next topics' });
    expect(previous.hasAttribute('disabled')).toBe(true);
    expect(next.getAttribute('aria-controls')).toBe(list.id);
    fireEvent.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 360 }));

    layOut(list, 600);
    expect(previous.hasAttribute('disabled')).toBe(false);
    fireEvent.click(previous);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -360 }));

    // At the end the focused next button hands the focus to previous rather than losing it.
    next.focus();
    layOut(list, 1200);
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(previous);
  });

  it('walks the cards with the arrow keys, Home and End, and picks one', () => {
    const { list, onPick } = renderCarousel({ region: 'Example topics' });
    const cards = within(list).getAllByRole('button');
    expect(cards).toHaveLength(7);
    cards[0]!.focus();
    fireEvent.keyDown(cards[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cards[1]);
    fireEvent.keyDown(cards[1]!, { key: 'End' });
    expect(document.activeElement).toBe(cards[6]);
    fireEvent.keyDown(cards[6]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cards[6]);
    fireEvent.keyDown(cards[6]!, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toContain('GDPR');
    fireEvent.keyDown(cards[5]!, { key: 'Home' });
    expect(document.activeElement).toBe(cards[0]);
    fireEvent.click(within(list).getByRole('button', { name: /GDPR/ }));
    expect(onPick).toHaveBeenCalledWith('How can I ask a company to delete my personal data?');
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    const { region, list, onPick } = renderCarousel({ region: 'Przykładowe tematy' });
    expect(region.getAttribute('aria-roledescription')).toBe('karuzela');
    layOut(list, 0);
    expect(within(region).getByRole('button', { name: 'Poprzednie tematy' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Następne tematy' })).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /RODO/ }));
    expect(onPick).toHaveBeenCalledWith('Jak zażądać od firmy usunięcia moich danych osobowych?');
  });
});

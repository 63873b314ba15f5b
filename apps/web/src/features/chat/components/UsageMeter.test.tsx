import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { UsageMeter } from './UsageMeter';

function renderMeter(used: number, limit: number) {
  fakeApi({
    'GET /usage/current': () => json({ month: '2026-11', used_tokens: used, limit_tokens: limit }),
  });
  return renderWithProviders(<UsageMeter />);
}

/** Text with the non-breaking spaces of Polish grouping shown as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('usage meter', () => {
  it("shows this month's tokens against the limit, as numbers in English", async () => {
    renderMeter(12_345, 100_000);
    const meter = await screen.findByTestId('usage-meter');
    // Visible text, so a screen reader reads the numbers rather than a tooltip.
    expect(screen.getByText('12,345 of 100,000 tokens this month')).toBeTruthy();
    expect(meter.getAttribute('title')).toBe("12% of this month's limit used");
    expect(meter.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('12');
  });

  it('formats the numbers the Polish way', async () => {
    await i18n.changeLanguage('pl');
    renderMeter(1_234_567, 2_000_000);
    const meter = await screen.findByTestId('usage-meter');
    expect(plain(meter.textContent)).toBe('1 234 567 z 2 000 000 tokenów w tym miesiącu');
    expect(meter.getAttribute('title')).toBe('Wykorzystano 62% limitu w tym miesiącu');
  });

  it('fills the bar at the limit and past it', async () => {
    renderMeter(150_000, 100_000);
    const meter = await screen.findByTestId('usage-meter');
    expect(screen.getByText('150,000 of 100,000 tokens this month')).toBeTruthy();
    expect(meter.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('100');
  });

  it('shows nothing when the plan has no limit', async () => {
    fakeApi({
      'GET /usage/current': () => json({ month: '2026-11', used_tokens: 5, limit_tokens: 0 }),
    });
    const { store } = renderWithProviders(<UsageMeter />);
    await vi.waitFor(() =>
      expect(Object.values(store.getState().api.queries).map((query) => query?.status)).toEqual([
        'fulfilled',
      ]),
    );
    expect(screen.queryByTestId('usage-meter')).toBeNull();
  });
});

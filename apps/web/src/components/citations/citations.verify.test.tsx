import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckedLegalSource } from '@themis/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, sentBodies } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { MarkdownAnswer } from '../MarkdownAnswer';

// The server checks citations (LEGAL_SOURCES=verify), as it says in the config it injects once.
await vi.hoisted(async () => {
  const { DEFAULT_RUNTIME_CONFIG } = await import('@themis/shared');
  window.__APP_CONFIG__ = { ...DEFAULT_RUNTIME_CONFIG, legalSources: 'verify' };
});

const ANSWER =
  'Zob. art. 415 k.c., ustawę (Dz. U. z 1997 r. Nr 133, poz. 883), Dz. U. z 2023 r. poz. 99999, ' +
  'uchwałę III CZP 25/22 i art. 6 RODO.';

const checked = (
  key: string,
  state: CheckedLegalSource['state'],
  extra: Partial<CheckedLegalSource> = {},
): CheckedLegalSource => ({
  key,
  state,
  title: null,
  repealed_on: null,
  repealed_by: null,
  url: null,
  ...extra,
});

describe('citations checked against their registers', () => {
  it('show each source’s state under a finished answer and in its tooltip', async () => {
    const api = fakeApi({
      'POST /legal-sources/check': () =>
        json({
          items: [
            checked('pl:DU:1964:93', 'in_force', { title: 'Kodeks cywilny' }),
            checked('pl:DU:1997:883', 'repealed', {
              title: 'Ustawa z dnia 29 sierpnia 1997 r. o ochronie danych osobowych',
              repealed_on: '2018-05-25',
              repealed_by: 'pl:DU:2018:1000',
            }),
            checked('pl:DU:2023:99999', 'not_found'),
            checked('pl-case:III CZP 25/22', 'found', {
              url: 'https://www.saos.org.pl/judgments/12345',
            }),
            checked('eu:32016R0679', 'not_checked'),
          ],
        }),
    });
    renderWithProviders(<MarkdownAnswer text={ANSWER} finished />);
    const sources = screen.getByTestId('answer-sources');
    await within(sources).findByText('Not in the register: possibly an invented citation');
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((item) => [item.dataset.state, within(item).getByTestId('source-state').textContent]),
    ).toEqual([
      ['in_force', 'In force'],
      ['repealed', 'Repealed on 25.05.2018'],
      ['not_found', 'Not in the register: possibly an invented citation'],
      ['found', 'Found in SAOS'],
      ['not_checked', 'Not checked'],
    ]);
    // The act that repealed it, linked.
    expect(
      within(sources).getByTestId('source-repealed-by').querySelector('a')?.getAttribute('href'),
    ).toBe('https://eli.gov.pl/eli/DU/2018/1000/ogl');
    expect(within(sources).getByTestId('source-repealed-by').textContent).toBe(
      'Repealed by Personal Data Protection Act',
    );
    // The register's title names an act the table does not know; the judgment links to SAOS.
    expect(
      within(sources).getByRole('link', {
        name: 'Ustawa z dnia 29 sierpnia 1997 r. o ochronie danych osobowych',
      }),
    ).toBeTruthy();
    expect(
      within(sources)
        .getByRole('link', { name: 'Polish court, case III CZP 25/22' })
        .getAttribute('href'),
    ).toBe('https://www.saos.org.pl/judgments/12345');
    // Only the keys were sent, once.
    expect(await sentBodies(api, 'POST /legal-sources/check')).toEqual([
      {
        sources: [
          'pl:DU:1964:93',
          'pl:DU:1997:883',
          'pl:DU:2023:99999',
          'pl-case:III CZP 25/22',
          'eu:32016R0679',
        ],
      },
    ]);
    await userEvent.hover(screen.getByRole('link', { name: 'Dz. U. z 2023 r. poz. 99999' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Polish act, Dziennik Ustaw 2023 item 99999. Not in the register: possibly an invented citation',
    );
  });

  it('are not checked while the answer is still written', async () => {
    const api = fakeApi({});
    renderWithProviders(<MarkdownAnswer text={ANSWER} finished={false} />);
    expect(screen.getByRole('link', { name: 'art. 415 k.c.' })).toBeTruthy();
    expect(screen.queryAllByTestId('source-state')).toEqual([]);
    expect(await sentBodies(api, 'POST /legal-sources/check')).toEqual([]);
  });

  it('say not checked when the check fails, the links staying', async () => {
    fakeApi({
      'POST /legal-sources/check': () => json({ detail: 'service_unavailable' }, 503),
    });
    renderWithProviders(<MarkdownAnswer text={ANSWER} finished />);
    expect(screen.getByRole('link', { name: 'art. 415 k.c.' })).toBeTruthy();
    expect(screen.getByTestId('answer-sources')).toBeTruthy();
  });
});

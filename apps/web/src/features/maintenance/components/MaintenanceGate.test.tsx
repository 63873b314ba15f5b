import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import {
  maintenanceStatus,
  maintenanceStatusCalls,
  renderWithProviders,
  stubFetch,
  stubMaintenanceServer,
} from '../../../test/render';
import { MaintenanceGate } from './MaintenanceGate';

const app = <p data-testid="the-app">app</p>;

describe('MaintenanceGate', () => {
  it('renders the app when no maintenance is on, from the bootstrap alone', async () => {
    const fetchMock = stubMaintenanceServer(() => maintenanceStatus());
    renderWithProviders(<MaintenanceGate>{app}</MaintenanceGate>);
    expect(await screen.findByTestId('the-app')).toBeTruthy();
    expect(maintenanceStatusCalls(fetchMock)).toHaveLength(0);
  });

  it('renders the app when the status call fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<MaintenanceGate>{app}</MaintenanceGate>);
    expect(await screen.findByTestId('the-app')).toBeTruthy();
  });

  it('renders the maintenance page instead of the app during maintenance', async () => {
    const fetchMock = stubMaintenanceServer(() =>
      maintenanceStatus({
        is_during_maintenance: true,
        maintenance_start_time: '2025-11-07T08:00:00Z',
        maintenance_end_time: '2025-11-07T12:30:00Z',
        message: { en: 'Upgrading the database', pl: 'Aktualizujemy bazę danych' },
      }),
    );
    renderWithProviders(<MaintenanceGate>{app}</MaintenanceGate>);
    const page = await screen.findByTestId('maintenance-page');
    expect(screen.queryByTestId('the-app')).toBeNull();
    expect(page.textContent).toContain('Upgrading the database');
    expect(page.textContent).toMatch(/07\.11\.2025 \d\d:30:00/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Themis is under maintenance',
    );

    fireEvent.click(screen.getByTestId('language-option-pl'));
    // The Polish texts load on the first switch to Polish.
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('pl'));
    expect(await screen.findByText('Aktualizujemy bazę danych')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sprawdź ponownie' }));
    await waitFor(() => expect(maintenanceStatusCalls(fetchMock)).toHaveLength(2));
  });
});

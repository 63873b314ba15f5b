import type { MaintenanceStatusResponse } from '@themis/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppStore } from '../../../app/store';
import {
  maintenanceStatus,
  renderWithProviders,
  stubMaintenanceServer,
} from '../../../test/render';
import { maintenanceApi } from '../api';
import { MAINTENANCE_BANNER_DISMISSED_KEY } from '../maintenance-window';
import { MaintenanceBanner } from './MaintenanceBanner';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Waits until the status has arrived: before that the banner is hidden whatever the status. */
async function statusLoaded(store: AppStore) {
  const select = maintenanceApi.endpoints.getMaintenanceStatus.select();
  await waitFor(() => expect(select(store.getState()).isSuccess).toBe(true));
}

function scheduled(startHours: number, endHours: number | null): MaintenanceStatusResponse {
  return maintenanceStatus({
    maintenance_start_time: inHours(startHours),
    maintenance_end_time: endHours === null ? null : inHours(endHours),
    message: { en: 'Planned upgrade', pl: 'Planowana aktualizacja' },
  });
}

describe('MaintenanceBanner', () => {
  it('announces an upcoming window until dismissed, across reloads', async () => {
    const status = scheduled(24, 26);
    stubMaintenanceServer(() => status);
    const first = renderWithProviders(<MaintenanceBanner />);
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain('Planned upgrade');
    expect(banner.textContent).toContain('Themis will be unavailable from');

    fireEvent.click(screen.getByTestId('maintenance-banner-dismiss'));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    expect(window.localStorage.getItem(MAINTENANCE_BANNER_DISMISSED_KEY)).toContain(
      status.maintenance_start_time,
    );

    first.unmount();
    const second = renderWithProviders(<MaintenanceBanner />);
    await statusLoaded(second.store);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });

  it('shows again for a new window', async () => {
    window.localStorage.setItem(MAINTENANCE_BANNER_DISMISSED_KEY, 'an-older-window|');
    stubMaintenanceServer(() => scheduled(48, null));
    renderWithProviders(<MaintenanceBanner />);
    expect(await screen.findByTestId('maintenance-banner')).toBeTruthy();
  });

  it('stays hidden without an upcoming window', async () => {
    stubMaintenanceServer(() => maintenanceStatus());
    const { store } = renderWithProviders(<MaintenanceBanner />);
    await statusLoaded(store);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });
});

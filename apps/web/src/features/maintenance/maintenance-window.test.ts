import { describe, expect, it } from 'vitest';
import { maintenanceStatus } from '../../test/render';
import { scheduledWindow } from './maintenance-window';

const now = Date.parse('2025-11-07T10:00:00Z');

describe('scheduledWindow', () => {
  it('returns an upcoming window keyed by its start and end', () => {
    const status = maintenanceStatus({
      maintenance_start_time: '2025-11-08T10:00:00Z',
      maintenance_end_time: '2025-11-08T12:00:00Z',
    });
    expect(scheduledWindow(status, now)).toEqual({
      key: '2025-11-08T10:00:00Z|2025-11-08T12:00:00Z',
      start: '2025-11-08T10:00:00Z',
      end: '2025-11-08T12:00:00Z',
    });
  });

  it('ignores missing, past and ongoing windows', () => {
    expect(scheduledWindow(undefined, now)).toBeNull();
    expect(scheduledWindow(maintenanceStatus(), now)).toBeNull();
    const past = maintenanceStatus({ maintenance_start_time: '2025-11-06T10:00:00Z' });
    expect(scheduledWindow(past, now)).toBeNull();
    const ongoing = maintenanceStatus({
      is_during_maintenance: true,
      maintenance_start_time: '2025-11-08T10:00:00Z',
    });
    expect(scheduledWindow(ongoing, now)).toBeNull();
  });
});

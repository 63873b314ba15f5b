import { describe, expect, it } from 'vitest';
import { api } from '../../app/api/api';
import { makeStore } from '../../app/store';
import { maintenanceStatus, stubFetch } from '../../test/render';
import { maintenanceApi } from './api';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/probe' }) }),
});

describe('maintenance listener', () => {
  it('re-checks the status when a call answers service_under_maintenance', async () => {
    const statusCalls: string[] = [];
    stubFetch((request) => {
      if (request.url.endsWith('/maintenance/status')) {
        statusCalls.push(request.url);
        return Response.json(maintenanceStatus());
      }
      return Response.json({ detail: 'service_under_maintenance' }, { status: 503 });
    });
    const store = makeStore();
    const status = store.dispatch(maintenanceApi.endpoints.getMaintenanceStatus.initiate());
    await status;
    expect(statusCalls).toHaveLength(1);

    await store.dispatch(probeApi.endpoints.probe.initiate());
    await expect.poll(() => statusCalls.length).toBe(2);
    status.unsubscribe();
  });
});

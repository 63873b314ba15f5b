import { act, renderHook } from '@testing-library/react';
import type { ReceivedInvitation } from '@themis/shared';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { takeNoticeAfterReload } from '../../app/notice-after-reload';
import { AppProviders } from '../../app/providers';
import { makeStore } from '../../app/store';
import { detail, fakeApi, json, sentBodies } from '../../test/fake-api';
import { reloadIntoContext } from './context';
import { useContextSwitch } from './use-context-switch';

// Entering a context reloads the page, which the test environment cannot do.
vi.mock('./context', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./context')>()),
  reloadIntoContext: vi.fn(),
}));

const INVITATION: ReceivedInvitation = {
  pk: 'inv-1',
  invitation_type: 'EMAIL',
  organization: { pk: 'org-1', name: 'Kowalski Legal' },
  role: 'MEMBER',
  email: 'anna@example.com',
  invited_by: 'Jan Nowak',
  is_for_current_user: true,
};

function renderSwitch() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders store={store}>{children}</AppProviders>
  );
  return renderHook(() => useContextSwitch(), { wrapper });
}

describe('switching the context from the menu', () => {
  beforeEach(() => {
    vi.mocked(reloadIntoContext).mockClear();
    takeNoticeAfterReload();
  });

  it('switches to the profile confirmed and enters it', async () => {
    const api = fakeApi({
      'POST /organization/switch-organization': () => json({ organization: null }),
    });
    const { result } = renderSwitch();
    act(() => result.current.askToSwitch({ pk: null, name: 'Individual' }));
    expect(result.current.target).toEqual({ pk: null, name: 'Individual' });
    await act(() => result.current.confirmSwitch());
    expect(await sentBodies(api, 'POST /organization/switch-organization')).toEqual([
      { organization_pk: null },
    ]);
    expect(reloadIntoContext).toHaveBeenCalledOnce();
  });

  it('says a switch failed, and asks no more', async () => {
    fakeApi({ 'POST /organization/switch-organization': () => detail('forbidden', 403) });
    const { result } = renderSwitch();
    act(() => result.current.askToSwitch({ pk: 'org-1', name: 'Kowalski Legal' }));
    await act(() => result.current.confirmSwitch());
    expect(result.current.failed).toBe('switch');
    expect(result.current.target).toBeNull();
    expect(reloadIntoContext).not.toHaveBeenCalled();
  });

  it('enters the organization of an accepted invitation, saying so after the reload', async () => {
    fakeApi({ 'POST /organization/invitation/accept/inv-1': () => new Response(null) });
    const { result } = renderSwitch();
    await act(() => result.current.answer(INVITATION, 'accept'));
    expect(reloadIntoContext).toHaveBeenCalledOnce();
    expect(takeNoticeAfterReload()).toBe('You joined Kowalski Legal.');
  });

  it('stays after declining, and says when an answer failed', async () => {
    // The first answer is taken; the second finds the invitation gone.
    let answers = 0;
    fakeApi({
      'POST /organization/invitation/decline/inv-1': () =>
        (answers += 1) === 1 ? new Response(null) : detail('not_found', 404),
    });
    const { result } = renderSwitch();
    await act(() => result.current.answer(INVITATION, 'decline'));
    expect(result.current.failed).toBeNull();
    await act(() => result.current.answer(INVITATION, 'decline'));
    expect(result.current.failed).toBe('invitation');
    expect(reloadIntoContext).not.toHaveBeenCalled();
    expect(takeNoticeAfterReload()).toBeUndefined();
  });
});

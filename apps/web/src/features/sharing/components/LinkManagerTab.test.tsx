import type { SharedLink } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { LINK_URL, renderAt, sharedLink } from '../test-data';
import { LinkManagerTab } from './LinkManagerTab';

const LIST = 'GET /conversation/share/list';

const ACTIVE = sharedLink({
  pk: 'a0000000-0000-4000-8000-000000000001',
  conversation_pk: 'c0000000-0000-4000-8000-000000000001',
  conversation_name: 'Lease question',
  users: [
    { full_name: 'Jan Nowak', avatar_url: null },
    { full_name: null, avatar_url: null },
    { full_name: 'Ewa Lis', avatar_url: 'http://localhost/api/user/avatar/e' },
  ],
  visitors_count: 5,
});
const EXPIRED = sharedLink({
  pk: 'a0000000-0000-4000-8000-000000000002',
  conversation_name: 'Notice period',
  status: 'expired',
  expired_at: '2026-11-21T10:00:00.000Z',
});
const NEVER = sharedLink({
  pk: 'a0000000-0000-4000-8000-000000000003',
  conversation_name: 'Inheritance',
  expired_at: null,
  users: [{ full_name: 'Piotr Zieliński', avatar_url: null }],
  visitors_count: 1,
});

const page = (items: SharedLink[], next_cursor: string | null = null) =>
  json({ items, next_cursor });

function openManager(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const onNavigate = vi.fn();
  const api = fakeApi({ [LIST]: () => page([ACTIVE, EXPIRED, NEVER]), ...handlers });
  const view = renderAt('/chat', <LinkManagerTab onNavigate={onNavigate} />);
  return { api, onNavigate, ...view };
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name);
  return cell.closest('tr') as HTMLElement;
}

/** The requests made to one endpoint, 'METHOD /path' as the fake API keys them. */
function requestsTo(api: ReturnType<typeof fakeApi>, key: string) {
  const [method, path] = key.split(' ');
  return api.mock.calls
    .map(([input]) => input as Request)
    .filter(
      (request) => request.method === method && new URL(request.url).pathname === `/api${path}`,
    )
    .map((request) => new URL(request.url));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('link manager', () => {
  it('shows the first three visitors, then how many more, and the dates and status', async () => {
    openManager();
    const active = await rowOf('Lease question');
    const visitors = within(active).getByTestId('link-visitors');
    expect(
      within(visitors)
        .getAllByRole('img')
        .map((avatar) => avatar.getAttribute('aria-label')),
    ).toEqual(['Jan Nowak', 'A Themis user', 'Ewa Lis', '2 more visitors']);
    expect(within(visitors).getByTestId('link-more-visitors').textContent).toBe('+2');
    // Initials, or a person icon for a visitor without a name.
    expect(within(visitors).getByRole('img', { name: 'Jan Nowak' }).textContent).toBe('JN');
    expect(within(active).getByTestId('link-status').textContent).toBe('Active');
    expect(active.textContent).toContain('Created: 20.11.2026 · Expires: 29.11.2026');

    const expired = await rowOf('Notice period');
    expect(expired.textContent).toContain('No visitors yet');
    expect(within(expired).getByTestId('link-status').textContent).toBe('Expired');

    const never = await rowOf('Inheritance');
    expect(never.textContent).toContain('Expires: Never');
    expect(within(never).queryByTestId('link-more-visitors')).toBeNull();
  });

  it('opens and copies active links only', async () => {
    const { onNavigate, router } = openManager();
    const expired = await rowOf('Notice period');
    expect(within(expired).getByRole('button', { name: 'Open “Notice period”' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      within(expired).getByRole('button', { name: 'Copy the link to “Notice period”' }),
    ).toHaveProperty('disabled', true);
    expect(within(expired).getByTestId('shared-link-disable')).toHaveProperty('disabled', false);
    expect(within(expired).getByTestId('shared-link-delete')).toHaveProperty('disabled', false);

    const active = await rowOf('Lease question');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(
      within(active).getByRole('button', { name: 'Copy the link to “Lease question”' }),
    );
    expect(await screen.findByText('Link copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK_URL);

    fireEvent.click(within(active).getByRole('button', { name: 'Open “Lease question”' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/chat/${ACTIVE.conversation_pk}`),
    );
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('disables a link once confirmed and refreshes the list', async () => {
    let disabled = false;
    const { api } = openManager({
      [LIST]: () => page(disabled ? [ACTIVE, NEVER] : [ACTIVE, EXPIRED, NEVER]),
      [`POST /conversation/share/disable/${EXPIRED.pk}`]: () => {
        disabled = true;
        return json({ status: 'ok' });
      },
    });
    fireEvent.click(within(await rowOf('Notice period')).getByTestId('shared-link-disable'));
    const confirm = await screen.findByRole('dialog', { name: 'Disable this link?' });
    expect(confirm.textContent).toContain('Nobody will be able to open “Notice period”');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));

    expect(await screen.findByText('The link was disabled.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Notice period')).toBeNull());
    expect(requestsTo(api, `POST /conversation/share/disable/${EXPIRED.pk}`)).toHaveLength(1);
    expect(requestsTo(api, LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('deletes a link once confirmed, and not when cancelled', async () => {
    let deleted = false;
    const { api } = openManager({
      [LIST]: () => page(deleted ? [EXPIRED, NEVER] : [ACTIVE, EXPIRED, NEVER]),
      [`DELETE /conversation/share/delete/${ACTIVE.pk}`]: () => {
        deleted = true;
        return json({ status: 'ok' });
      },
    });
    const row = await rowOf('Lease question');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Delete the link to “Lease question”' }),
    );
    let confirm = await screen.findByRole('dialog', { name: 'Delete this link?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(false);

    fireEvent.click(within(row).getByTestId('shared-link-delete'));
    confirm = await screen.findByRole('dialog', { name: 'Delete this link?' });
    fireEvent.click(within(confirm).getByTestId('confirm-action'));
    expect(await screen.findByText('The link was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Lease question')).toBeNull());
    expect(requestsTo(api, `DELETE /conversation/share/delete/${ACTIVE.pk}`)).toHaveLength(1);
  });

  it('loads further pages with their cursor', async () => {
    const first = Array.from({ length: 25 }, (_, index) =>
      sharedLink({ pk: `p1-${index}`, conversation_name: `First page ${index + 1}` }),
    );
    const { api } = openManager({
      [LIST]: (request) =>
        new URL(request.url).searchParams.get('cursor') === 'next-1'
          ? page([sharedLink({ pk: 'p2-0', conversation_name: 'Second page 1' })])
          : page(first, 'next-1'),
    });
    await screen.findByText('First page 25');
    expect(screen.getAllByTestId('shared-link-row')).toHaveLength(25);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Second page 1');
    expect(screen.getAllByTestId('shared-link-row')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requestsTo(api, LIST).map((url) => url.searchParams.get('cursor'))).toEqual([
      null,
      'next-1',
    ]);
  });

  it('says when no link is listed, and when nothing is shared at all', async () => {
    openManager({ [LIST]: () => page([]) });
    expect((await screen.findByTestId('link-manager-empty')).textContent).toContain(
      'No active or expired links.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show disabled links' }));
    await waitFor(() =>
      expect(screen.getByTestId('link-manager-empty').textContent).toContain(
        'You have not shared any conversation yet.',
      ),
    );
  });

  it('gives dates, visitors and status columns of their own on a wide screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    openManager();
    const table = await screen.findByRole('table', { name: 'Shared links' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Created', 'Expires', 'Visitors', 'Status', 'Actions']);
    const never = await rowOf('Inheritance');
    expect(
      within(never)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Inheritance', '20.11.2026', 'Never', 'PZ', 'Active', '']);
  });
});

import { SHARE_EXPIRY_DEFAULT } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, fakeApi, json, sentBodies, userResponse } from '../../../test/fake-api';
import { LOCKED_PIN, typePin } from '../../encryption/test-data';
import { CONVERSATION, LINK_URL, renderAt, sharedLink } from '../test-data';
import { ShareDialog } from './ShareDialog';

const LOOKUP = 'GET /conversation/share/access_token';
const CREATE = `POST /conversation/share/create/${CONVERSATION}`;

function openDialog(handlers: Parameters<typeof fakeApi>[0], encrypted = false) {
  const api = fakeApi({
    [LOOKUP]: () => detail('not_found', 404),
    [CREATE]: () => json(sharedLink(), 201),
    ...handlers,
  });
  renderAt(
    '/chat',
    <ShareDialog
      conversationPk={CONVERSATION}
      name="Lease question"
      encrypted={encrypted}
      onClose={() => undefined}
    />,
  );
  return api;
}

const dialog = () => screen.findByRole('dialog', { name: 'Share conversation' });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('share dialog', () => {
  it('shares for a week by default and shows the new link with its expiry', async () => {
    const api = openDialog({});
    const view = await dialog();
    expect(within(view).getByRole('radio', { name: '1 week' })).toHaveProperty('checked', true);
    expect(
      within(view)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 day', '1 week', '30 days', 'Never']);
    // The lookup answered 404: there is no link yet.
    const create = await within(view).findByRole('button', { name: 'Create link' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    expect(view.textContent).toContain('Messages written after sharing are not shared.');

    fireEvent.click(create);
    const field = await within(view).findByRole('textbox', { name: 'Shared link' });
    expect(field).toHaveProperty('value', LINK_URL);
    expect(field).toHaveProperty('readOnly', true);
    expect(within(view).getByTestId('share-expiry').textContent).toBe('Expires on 29.11.2026');
    expect(await sentBodies(api, CREATE)).toEqual([{ expires_in_ms: SHARE_EXPIRY_DEFAULT }]);
    expect(await screen.findByText('The link was created.')).toBeTruthy();
    expect(within(view).getByRole('button', { name: 'Update link' })).toBeTruthy();
  });

  it('shows the existing link and updates it with the chosen expiry', async () => {
    const api = openDialog({
      [LOOKUP]: (request) =>
        new URL(request.url).searchParams.get('conversation_pk') === CONVERSATION
          ? json(sharedLink())
          : detail('not_found', 404),
      [CREATE]: () => json(sharedLink({ expired_at: null }), 200),
    });
    const view = await dialog();
    expect(await within(view).findByRole('textbox', { name: 'Shared link' })).toHaveProperty(
      'value',
      LINK_URL,
    );
    fireEvent.click(within(view).getByRole('radio', { name: 'Never' }));
    fireEvent.click(within(view).getByRole('button', { name: 'Update link' }));
    expect(await screen.findByText('The link was updated.')).toBeTruthy();
    expect(within(view).getByTestId('share-expiry').textContent).toBe('Never expires');
    expect(await sentBodies(api, CREATE)).toEqual([{ expires_in_ms: null }]);
  });

  it('says an expired link has expired and offers to update it', async () => {
    openDialog({
      [LOOKUP]: () => json(sharedLink({ status: 'expired', expired_at: '2026-11-21T10:00:00Z' })),
    });
    const view = await dialog();
    expect((await within(view).findByTestId('share-link-expired')).textContent).toContain(
      'Expired on 21.11.2026',
    );
    expect(within(view).queryByRole('textbox', { name: 'Shared link' })).toBeNull();
    expect(within(view).getByRole('button', { name: 'Update link' })).toBeTruthy();
  });

  it('copies the link and says so, or says that copying failed', async () => {
    openDialog({ [LOOKUP]: () => json(sharedLink()) });
    const view = await dialog();
    const copy = await within(view).findByRole('button', { name: 'Copy link' });

    const writeText = stubClipboard(() => Promise.resolve());
    fireEvent.click(copy);
    expect(await screen.findByText('Link copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK_URL);

    stubClipboard(() => Promise.reject(new Error('denied')));
    fireEvent.click(copy);
    expect(await screen.findByText('The link could not be copied')).toBeTruthy();
  });

  it('asks to confirm a readable copy of an encrypted conversation before sharing', async () => {
    const api = openDialog({}, true);
    const view = await dialog();
    expect(within(view).getByTestId('share-encrypted-warning').textContent).toContain(
      'This conversation is encrypted.',
    );
    const create = within(view).getByRole('button', { name: 'Create link' });
    await waitFor(() => expect(screen.queryByLabelText('Loading the link')).toBeNull());
    expect(create).toHaveProperty('disabled', true);

    fireEvent.click(
      within(view).getByRole('checkbox', {
        name: 'I understand that a readable copy will be stored',
      }),
    );
    expect(create).toHaveProperty('disabled', false);
    fireEvent.click(create);
    await within(view).findByRole('textbox', { name: 'Shared link' });
    expect(await sentBodies(api, CREATE)).toEqual([
      { expires_in_ms: SHARE_EXPIRY_DEFAULT, decrypt_confirmed: true },
    ]);
  });

  it('asks for the confirmation when the server says the conversation is encrypted', async () => {
    let calls = 0;
    const api = openDialog({
      [CREATE]: () => {
        calls += 1;
        return calls === 1 ? detail('share_decryption_unconfirmed', 409) : json(sharedLink(), 201);
      },
    });
    const view = await dialog();
    const create = await within(view).findByRole('button', { name: 'Create link' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    fireEvent.click(create);

    expect((await within(view).findByTestId('form-error')).textContent).toContain(
      'Confirm that a readable copy may be stored',
    );
    expect(create).toHaveProperty('disabled', true);
    fireEvent.click(within(view).getByTestId('share-decrypt-confirm'));
    fireEvent.click(create);
    await within(view).findByRole('textbox', { name: 'Shared link' });
    expect(await sentBodies(api, CREATE)).toEqual([
      { expires_in_ms: SHARE_EXPIRY_DEFAULT },
      { expires_in_ms: SHARE_EXPIRY_DEFAULT, decrypt_confirmed: true },
    ]);
  });

  it('unlocks a locked key and shares again', async () => {
    let unlocked = false;
    const api = openDialog(
      {
        'GET /user/get': () => json(userResponse({ encryption: LOCKED_PIN })),
        'POST /user/unlock-decryption': () => {
          unlocked = true;
          return json({ ...LOCKED_PIN, is_decryption_unlocked: true });
        },
        [CREATE]: () => (unlocked ? json(sharedLink(), 201) : detail('decryption_locked', 403)),
      },
      true,
    );
    const view = await dialog();
    fireEvent.click(within(view).getByTestId('share-decrypt-confirm'));
    const create = within(view).getByRole('button', { name: 'Create link' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    fireEvent.click(create);

    const unlock = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    await within(unlock).findByRole('group', { name: 'Your PIN' });
    typePin('975310');
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock' }));
    expect(await within(view).findByRole('textbox', { name: 'Shared link' })).toHaveProperty(
      'value',
      LINK_URL,
    );
    expect(await sentBodies(api, CREATE)).toHaveLength(2);
  });
});

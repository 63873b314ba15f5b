import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, fakeApi, json, userResponse } from '../../../test/fake-api';
import { LOCKED_PIN, typePin } from '../../encryption/test-data';
import { CONVERSATION, renderAt } from '../../sharing/test-data';
import { fileNameOf } from '../api';
import { ExportDialog } from './ExportDialog';

const EXPORT = `GET /conversation/export/${CONVERSATION}`;
const FILE_NAME = 'Umowa najmu – Łódź 2026-12-04.docx';

const aFile = () =>
  new Response('PK', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`,
    },
  });

function openDialog(answer: () => Response, handlers: Parameters<typeof fakeApi>[0] = {}) {
  const onClose = vi.fn();
  const api = fakeApi({ [EXPORT]: answer, ...handlers });
  renderAt(
    '/chat',
    <ExportDialog target={{ conversationPk: CONVERSATION }} name="Umowa najmu" onClose={onClose} />,
  );
  return { api, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Export conversation' });

afterEach(() => vi.restoreAllMocks());

describe('export dialog', () => {
  it('downloads the chosen format under the name the server gives, in the reader’s time zone', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, onClose } = openDialog(aFile);
    const view = await dialog();
    expect(within(view).getByRole('radio', { name: /Word document/ })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(view).getByRole('radio', { name: /PDF/ }));
    fireEvent.click(within(view).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = api.mock.calls
      .map(([input]) => input as Request)
      .find((r) => r.url.includes('/export/'))!;
    const query = new URL(request.url).searchParams;
    expect(query.get('format')).toBe('pdf');
    expect(query.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query.get('lang')).toBe('en');
    expect(created).toHaveBeenCalledOnce();
    expect(clicked).toHaveBeenCalledOnce();
    expect(await screen.findByText(`Saved as ${FILE_NAME}`)).toBeDefined();
  });

  it('says why the organization refuses, and stays open', async () => {
    const { onClose } = openDialog(() => detail('export_disabled', 403));
    const view = await dialog();
    fireEvent.click(within(view).getByRole('button', { name: 'Download' }));
    expect(await within(view).findByTestId('export-error')).toHaveProperty(
      'textContent',
      'Exporting conversations is turned off in this organization. Its owner or an admin can turn it on.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the PIN of a locked encrypted conversation, then exports it', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let unlocked = false;
    const { onClose } = openDialog(() => (unlocked ? aFile() : detail('decryption_locked', 403)), {
      'GET /user/get': () => json(userResponse({ encryption: LOCKED_PIN })),
      'POST /user/unlock-decryption': () => {
        unlocked = true;
        return json({ ...LOCKED_PIN, is_decryption_unlocked: true });
      },
    });
    const view = await dialog();
    fireEvent.click(within(view).getByRole('button', { name: 'Download' }));
    const unlock = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    await within(unlock).findByRole('group', { name: 'Your PIN' });
    typePin('975310');
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the exported file’s name', () => {
  it('prefers the UTF-8 name, and falls back to the plain one or the default', () => {
    expect(
      fileNameOf(
        `attachment; filename="a.md"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`,
        'd',
      ),
    ).toBe(FILE_NAME);
    expect(fileNameOf('attachment; filename="a.md"', 'd')).toBe('a.md');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'd')).toBe('d');
    expect(fileNameOf(null, 'Themis.md')).toBe('Themis.md');
  });
});

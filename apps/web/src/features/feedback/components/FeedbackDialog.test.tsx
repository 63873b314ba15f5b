import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type Organization, type RuntimeConfig } from '@themis/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detail, fakeApi, json, sentBodies, userResponse } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentOrganization } from '../../sharing/test-data';
import { FeedbackDialog } from './FeedbackDialog';

const { config, sentry } = vi.hoisted(() => ({
  config: { sentryDsn: '' } as Partial<RuntimeConfig>,
  // The error-reporting SDK the app loads on demand when a DSN is configured.
  sentry: { init: vi.fn(), captureException: vi.fn(), captureFeedback: vi.fn() },
}));

vi.mock('../../../app/runtime-config', () => ({
  runtimeConfig: () => ({ ...DEFAULT_RUNTIME_CONFIG, ...config }),
}));
vi.mock('@sentry/react', () => sentry);

const DSN = 'https://key@errors.example.test/7';

beforeEach(() => {
  config.sentryDsn = DSN;
  for (const fn of Object.values(sentry)) fn.mockReset();
});

function openDialog(created: () => Response, organization?: Organization) {
  const api = fakeApi({
    'GET /user/get': () => json(userResponse()),
    'POST /feedback/create': created,
    ...(organization && { 'GET /organization/get-current': () => json(organization) }),
  });
  const onClose = vi.fn();
  renderWithProviders(<FeedbackDialog onClose={onClose} />);
  return { api, onClose };
}

async function send(type: string, message: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
  // The sender comes from the session: wait for it before sending.
  await within(dialog).findByText('anna@example.com');
  fireEvent.click(within(dialog).getByLabelText(type));
  fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: message } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
}

describe('feedback dialog and error reporting', () => {
  it('with a DSN, sends the feedback to the server and to error reporting as user feedback', async () => {
    const { api, onClose } = openDialog(() => json({ pk: 'f1' }, 201));
    await send('Opinion', 'Clear answers.');

    await waitFor(() => expect(sentry.captureFeedback).toHaveBeenCalledOnce());
    expect(sentry.captureFeedback).toHaveBeenCalledWith({
      message: 'Clear answers.',
      email: 'anna@example.com',
      name: 'Anna Kowalska',
      tags: {
        type: 'opinion',
        userId: 'u1',
        planId: 'plan-free',
        product: 'Free',
        organization: '',
        organizationId: '',
      },
    });
    expect(sentry.init).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ dsn: DSN }));
    expect(await sentBodies(api, 'POST /feedback/create')).toEqual([
      { type: 'opinion', message: 'Clear answers.' },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Thank you, your feedback was sent.')).toBeTruthy();
  });

  it('in an organization, names it in the dialog and in the report', async () => {
    openDialog(() => json({ pk: 'f3' }, 201), currentOrganization('MEMBER'));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    expect(await within(dialog).findByText('Kancelaria')).toBeTruthy();
    expect(within(dialog).queryByText('Individual profile')).toBeNull();
    await send('Opinion', 'Useful for the firm.');

    await waitFor(() => expect(sentry.captureFeedback).toHaveBeenCalledOnce());
    expect(sentry.captureFeedback.mock.calls[0]![0].tags).toMatchObject({
      organization: 'Kancelaria',
      organizationId: 'org-1',
    });
  });

  it('sends nothing to error reporting when the server refused the feedback', async () => {
    const { onClose } = openDialog(() => detail('internal_error', 500));
    await send('Error', 'The page froze.');

    expect(await screen.findByText(/Your feedback could not be sent/)).toBeTruthy();
    expect(sentry.captureFeedback).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without a DSN, the error-reporting SDK is never started', async () => {
    config.sentryDsn = '';
    const { api } = openDialog(() => json({ pk: 'f2' }, 201));
    await send('Information', 'Just saying hello.');

    expect(await screen.findByText('Thank you, your feedback was sent.')).toBeTruthy();
    expect(await sentBodies(api, 'POST /feedback/create')).toHaveLength(1);
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureFeedback).not.toHaveBeenCalled();
  });
});

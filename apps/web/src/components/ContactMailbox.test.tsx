import { screen, within } from '@testing-library/react';
import { DEFAULT_CONTACT_EMAIL } from '@themis/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../app/i18n';
import { RouteErrorPage } from '../features/errors/pages/RouteErrorPage';
import { FeedbackDialog } from '../features/feedback/components/FeedbackDialog';
import { MaintenancePage } from '../features/maintenance/pages/MaintenancePage';
import { fakeApi, json, renderRoute, signedOut, userResponse } from '../test/fake-api';
import { maintenanceStatus, renderWithProviders } from '../test/render';

vi.mock('../app/reporting', () => ({ reportError: vi.fn(() => Promise.resolve()) }));

/** The mailbox as a mail link, after the sentence `prompt`. */
async function expectMailbox(prompt: string) {
  const line = await screen.findByTestId('contact-mailbox');
  expect(line.textContent).toBe(`${prompt} ${DEFAULT_CONTACT_EMAIL}`);
  const link = within(line).getByRole('link', { name: DEFAULT_CONTACT_EMAIL });
  expect(link.getAttribute('href')).toBe(`mailto:${DEFAULT_CONTACT_EMAIL}`);
}

describe('the contact mailbox', () => {
  it('is offered in the feedback dialog', async () => {
    fakeApi({ 'GET /user/get': () => json(userResponse()) });
    renderWithProviders(<FeedbackDialog onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Send feedback' });
    await expectMailbox('You can also write to us at');
  });

  it('is offered on the not-found page, in Polish too', async () => {
    await i18n.changeLanguage('pl');
    fakeApi(signedOut);
    renderRoute('/no/such/page');
    await screen.findByTestId('not-found-page');
    await expectMailbox('Jeśli ta strona powinna tu być, napisz do nas na adres');
  });

  it('is offered on the error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render failed');
    };
    const router = createMemoryRouter(
      [{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }],
      { initialEntries: ['/'] },
    );
    fakeApi(signedOut);
    renderWithProviders(<RouterProvider router={router} />);
    await screen.findByTestId('route-error-page');
    await expectMailbox('If this keeps happening, write to us at');
  });

  it('is offered on the maintenance page', async () => {
    fakeApi(signedOut);
    renderWithProviders(
      <MaintenancePage
        status={maintenanceStatus({ is_during_maintenance: true })}
        onCheckAgain={() => undefined}
        checking={false}
      />,
    );
    await screen.findByTestId('maintenance-page');
    await expectMailbox('Questions? Write to us at');
  });
});

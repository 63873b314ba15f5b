import { SHARE_ROUTE_ROOT } from '@themis/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { RouteErrorPage } from '../features/errors/pages/RouteErrorPage';
import { SHOWS_OWN_BANNER } from '../features/maintenance/components/OutsideShellBanner';
import { deferredPage } from './deferred-page';
import { paths } from './paths';
import { RootLayout } from './RootLayout';
import { loadSignedInTexts } from './i18n';
import { hadSession } from './session';

// Pages use the function form of `lazy`: with the object form a chunk that fails to load
// never reaches the errorElement and the page stays blank.
const page = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/**
 * A signed-in page: its code and the signed-in texts are fetched beside the session check
 * when this browser had a session last time (a reload waits for neither in turn); otherwise
 * only once the page is shown, so a visitor sent to login never downloads them.
 */
const signedInPage = (loadPage: () => Promise<ComponentType>) => async () => {
  const load = async () => (await Promise.all([loadPage(), loadSignedInTexts()]))[0];
  return { Component: hadSession() ? await load() : deferredPage(load) };
};

const requireAuth = (personalInfo: 'required' | 'optional') => async () => {
  const { RequireAuth } = await import('../features/auth/components/RequireAuth');
  return { element: <RequireAuth personalInfo={personalInfo} /> };
};

export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <CenteredSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.chat} replace /> },
      {
        lazy: requireAuth('required'),
        children: [
          {
            lazy: signedInPage(async () => (await import('./AppShell')).AppShell),
            handle: SHOWS_OWN_BANNER,
            children: [
              {
                path: `${SHARE_ROUTE_ROOT}:secret`,
                lazy: signedInPage(
                  async () =>
                    (await import('../features/sharing/pages/SharedConversationPage'))
                      .SharedConversationPage,
                ),
              },
              {
                path: 'chat/:conversationId?',
                lazy: signedInPage(
                  async () => (await import('../features/chat/pages/ChatPage')).ChatPage,
                ),
              },
              {
                path: `${paths.organizations}/:tab?`,
                lazy: signedInPage(
                  async () =>
                    (await import('../features/organizations/pages/OrganizationsPage'))
                      .OrganizationsPage,
                ),
              },
              {
                path: paths.documents,
                lazy: signedInPage(
                  async () =>
                    (await import('../features/errors/pages/NotEnabledPage')).DocumentsPage,
                ),
              },
              {
                path: paths.models,
                lazy: signedInPage(
                  async () => (await import('../features/errors/pages/NotEnabledPage')).ModelsPage,
                ),
              },
              { path: paths.billing, element: <Navigate to={paths.billingPlans} replace /> },
              {
                path: `${paths.billing}/:tab`,
                lazy: signedInPage(
                  async () => (await import('../features/billing/pages/BillingPage')).BillingPage,
                ),
              },
              {
                path: paths.payment,
                lazy: signedInPage(
                  async () => (await import('../features/billing/pages/PaymentPage')).PaymentPage,
                ),
              },
              {
                path: paths.organizationInvitation,
                lazy: signedInPage(
                  async () =>
                    (await import('../features/organizations/pages/InvitationPage')).InvitationPage,
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: requireAuth('optional'),
        children: [
          {
            path: paths.questionnaire,
            lazy: signedInPage(
              async () =>
                (await import('../features/questionnaire/pages/QuestionnairePage'))
                  .QuestionnairePage,
            ),
          },
        ],
      },
      {
        lazy: page(async () => (await import('../features/auth/components/GuestOnly')).GuestOnly),
        children: [
          {
            path: paths.login,
            lazy: page(async () => (await import('../features/auth/pages/LoginPage')).LoginPage),
          },
          {
            path: paths.register,
            lazy: page(
              async () => (await import('../features/auth/pages/RegisterPage')).RegisterPage,
            ),
          },
        ],
      },
      {
        path: paths.registerConfirmation,
        lazy: page(
          async () =>
            (await import('../features/auth/pages/RegisterConfirmationPage'))
              .RegisterConfirmationPage,
        ),
      },
      {
        path: paths.activation,
        lazy: page(
          async () => (await import('../features/auth/pages/ActivationPage')).ActivationPage,
        ),
      },
      {
        path: paths.activated,
        lazy: page(
          async () => (await import('../features/auth/pages/ActivatedPage')).ActivatedPage,
        ),
      },
      {
        path: paths.resetRequest,
        lazy: page(
          async () => (await import('../features/auth/pages/ResetRequestPage')).ResetRequestPage,
        ),
      },
      {
        path: paths.resetRequestSuccess,
        lazy: page(
          async () =>
            (await import('../features/auth/pages/ResetRequestSuccessPage'))
              .ResetRequestSuccessPage,
        ),
      },
      {
        path: `${paths.resetPassword}/:token`,
        lazy: page(
          async () => (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage,
        ),
      },
      { path: paths.auth, element: <Navigate to={paths.login} replace /> },
      { path: paths.authSignup, element: <Navigate to={paths.register} replace /> },
      {
        path: paths.authSignout,
        lazy: page(async () => (await import('../features/auth/pages/SignOutPage')).SignOutPage),
      },
      {
        path: `${paths.providerLogin}/:provider`,
        lazy: page(
          async () => (await import('../features/auth/pages/ProviderLoginPage')).ProviderLoginPage,
        ),
      },
      {
        path: paths.authSuccess,
        lazy: page(
          async () => (await import('../features/auth/pages/AuthResultPage')).AuthSuccessPage,
        ),
      },
      {
        path: paths.authFailure,
        lazy: page(
          async () => (await import('../features/auth/pages/AuthResultPage')).AuthFailurePage,
        ),
      },
      {
        path: paths.authCancel,
        lazy: page(
          async () => (await import('../features/auth/pages/AuthResultPage')).AuthCancelPage,
        ),
      },
      {
        path: paths.terms,
        lazy: page(async () => (await import('../features/legal/pages/LegalPage')).TermsPage),
      },
      {
        path: paths.privacy,
        lazy: page(async () => (await import('../features/legal/pages/LegalPage')).PrivacyPage),
      },
      {
        path: '*',
        lazy: page(
          async () => (await import('../features/errors/pages/NotFoundPage')).NotFoundPage,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

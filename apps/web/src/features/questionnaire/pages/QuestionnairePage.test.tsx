import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedInvitation } from '@themis/shared';
import { i18n } from '../../../app/i18n';
import { pendingDestination, rememberDestination } from '../../auth/pending-destination';
import {
  authUser,
  fakeApi,
  json,
  plan,
  renderRoute,
  sentForms,
  userResponse,
} from '../../../test/fake-api';
import { CHAT_PAGE_WAIT } from '../../../test/render';

const plans = [
  plan({ pk: 'plan-free', code: 'free', product_name: 'Free', monthly_token_limit: 100_000 }),
  plan({
    pk: 'plan-pro',
    code: 'pro',
    product_name: 'Pro',
    is_free: false,
    has_encryption: true,
    monthly_token_limit: 2_000_000,
    price_monthly_cents: 8049,
    price_yearly_cents: 80488,
  }),
  plan({ pk: 'plan-team', code: 'team', product_name: 'Team', scope: 'organization' }),
];

// Intl puts no-break spaces into numbers and prices.
const plainText = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

function newUser(invitations: ReceivedInvitation[] = []) {
  let detailsSet = false;
  return fakeApi({
    'GET /organization/invitation/list': () => json(invitations),
    'GET /auth/verify': () => json(authUser({ has_personal_info_set: detailsSet })),
    'GET /user/get': () =>
      json(
        userResponse({
          name: detailsSet ? 'Anna' : null,
          surname: null,
          has_personal_info_set: detailsSet,
        }),
      ),
    'PUT /user/update': () => {
      detailsSet = true;
      return json(userResponse());
    },
    'GET /plan/list': () => json(plans),
  });
}

async function saveDetails() {
  const form = await screen.findByTestId('questionnaire-details-form');
  fireEvent.change(within(form).getByLabelText('First name'), { target: { value: ' Anna ' } });
  fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Kowalska' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
  return screen.findByTestId('questionnaire-plans');
}

describe('questionnaire', () => {
  it('asks for the personal details with the shared rules', async () => {
    newUser();
    renderRoute('/questionnaire');
    const form = await screen.findByTestId('questionnaire-details-form');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    fireEvent.change(within(form).getByLabelText('First name'), {
      target: { value: 'x'.repeat(51) },
    });
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '12ab' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    expect(await within(form).findByText('Maximum length is 50 characters')).toBeTruthy();
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(within(form).getByText('Enter 9 to 12 digits, or leave the field empty')).toBeTruthy();
  });

  // The area code and phone, whose menu of two hundred options is slow under jsdom, are
  // walked in the browser (e2e/auth.spec.ts).
  it('saves the details, shows the individual plans and finishes in the chat', async () => {
    const api = newUser();
    const { router } = renderRoute('/questionnaire');
    const step = await saveDetails();
    const sent = await sentForms(api, 'PUT /user/update');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: 'Anna', surname: 'Kowalska' });
    const free = await within(step).findByTestId('plan-card-free');
    const pro = within(step).getByTestId('plan-card-pro');
    expect(within(step).queryByTestId('plan-card-team')).toBeNull();
    expect(within(free).getByRole('button', { name: 'Current plan' })).toHaveProperty(
      'disabled',
      true,
    );
    const proText = plainText(pro);
    expect(proText).toContain('Monthly token limit: 2,000,000');
    expect(proText).toContain('PLN 99.00 / month');
    expect(proText).toContain('NetPLN 80.49VAT 23%PLN 18.51GrossPLN 99.00');
    expect(proText).toContain('Conversation encryption included');
    expect(free.textContent).toContain('No conversation encryption');

    fireEvent.click(screen.getByTestId('questionnaire-finish'));
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('leads to the payment of a paid plan chosen, in the period chosen', async () => {
    newUser();
    const { router } = renderRoute('/questionnaire');
    const step = await saveDetails();
    const pro = await within(step).findByTestId('plan-card-pro');
    fireEvent.click(within(pro).getByRole('button', { name: 'Choose Pro' }));
    expect(pro.dataset.state).toBe('selected');
    fireEvent.click(within(step).getByRole('button', { name: 'Yearly' }));
    expect(plainText(pro)).toContain('PLN 990.00 / year');
    expect(within(step).getByRole('status').textContent).toBe(
      'You pay for the Pro plan, billed yearly, on the next screen.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(router.state.location.search).toBe('?plan=plan-pro&period=yearly');
  });

  it('formats the plans in Polish', async () => {
    newUser();
    await i18n.changeLanguage('pl');
    renderRoute('/questionnaire');
    const form = await screen.findByTestId('questionnaire-details-form');
    fireEvent.change(within(form).getByLabelText('Imię'), { target: { value: 'Anna' } });
    fireEvent.change(within(form).getByLabelText('Nazwisko'), { target: { value: 'Kowalska' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Zapisz i przejdź dalej' }));
    const pro = await screen.findByTestId('plan-card-pro');
    const text = plainText(pro);
    expect(text).toContain('Miesięczny limit tokenów: 2 000 000');
    expect(text).toContain('99,00 zł / miesiąc');
    expect(text).toContain('Netto80,49 zł');
  });

  it('names the firm and the inviter of an invitee, offers no plan and opens the invitation', async () => {
    const invitation = (pk: string, organization: string): ReceivedInvitation => ({
      pk,
      invitation_type: 'EMAIL',
      organization: { pk: `org-${pk}`, name: organization },
      role: 'MEMBER',
      email: 'anna@example.com',
      invited_by: 'Jan Nowak',
      is_for_current_user: true,
    });
    // Signed up from the second invitation's e-mail: that one opens, not the newest.
    newUser([invitation('inv-1', 'Kowalski Legal'), invitation('inv-2', 'Nowak & Partners')]);
    rememberDestination('/organizations/invitation?invitation_type=EMAIL&invitation_pk=inv-2');
    const { router } = renderRoute('/questionnaire');
    const notice = await screen.findByTestId('questionnaire-invitation');
    expect(notice.textContent).toBe(
      'Jan Nowak invited you to Nowak & Partners as Employee. The organization\u2019s plan applies to you: once your details are saved, you answer the invitation.',
    );
    expect(screen.queryByText('Plan')).toBeNull();
    const form = await screen.findByTestId('questionnaire-details-form');
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Anna' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Kowalska' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/invitation'));
    expect(router.state.location.search).toBe('?invitation_type=EMAIL&invitation_pk=inv-2');
    expect(screen.queryByTestId('questionnaire-plans')).toBeNull();
    expect(pendingDestination()).toBeUndefined();
  });

  it('goes on to the shared link a new account signed up from', async () => {
    newUser();
    rememberDestination('/chat/share/abc123');
    const { router } = renderRoute('/questionnaire');
    await saveDetails();
    expect(screen.queryByTestId('questionnaire-invitation')).toBeNull();
    fireEvent.click(screen.getByTestId('questionnaire-finish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/share/abc123'));
    expect(pendingDestination()).toBeUndefined();
  });

  it('sends a user whose details are already set to the chat', async () => {
    fakeApi({
      'GET /auth/verify': () => json(authUser()),
      'GET /user/get': () => json(userResponse()),
    });
    const { router } = renderRoute('/questionnaire');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });
});

import {
  codeFromOutbox,
  createConversationThroughApi,
  PASSWORD,
  signInThroughApi,
  signUpThroughApi,
  uniqueEmail,
} from './accounts';
import { E2E_URL } from './env';
import { expect, expectAccessible, test } from './fixtures';

// The walks of registration, sign-in to a deep page and password reset, in both languages,
// are in accounts-walk.spec.ts.

test.describe('accounts', () => {
  test('log out, log in with the second step, and a trusted device skips it next time', async ({
    page,
    pageProblems,
  }) => {
    // The wrong password's refusal, on purpose.
    pageProblems.allow(/status of 400 .*\/api\/auth\/login\)/);
    const email = await signUpThroughApi(page);
    const activationCode = await codeFromOutbox(page.request, email);
    await page.goto('/chat');
    await page.getByTestId('sidebar').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login\?from=%2Fchat/);
    const login = page.getByTestId('login-form');
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Password').fill('Wrong-Pass-1');
    await login.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: /sign in|log in/i }).click();

    const codeForm = page.getByTestId('login-code-form');
    await expect(codeForm).toBeVisible();
    await expectAccessible(page, 'login code step');
    // The sign-in code is delivered by the job queue a moment later than the activation code.
    const code = await codeFromOutbox(page.request, email, activationCode);
    await page.getByTestId('code-input').fill(code);
    await expect(page.getByTestId('login-trust-device')).toBeChecked();
    await codeForm.getByRole('button', { name: /confirm|verify|sign in/i }).click();
    await expect(page).toHaveURL(/\/chat$/);

    // Leave the app first: its calls would otherwise race the sign-out redirect.
    await page.goto('about:blank');
    await page.context().clearCookies({ name: 'access' });
    await page.context().clearCookies({ name: 'refresh' });
    await page.goto('/login');
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('login-code-form')).toHaveCount(0);
  });

  test('an expired access cookie is renewed silently by the refresh cookie', async ({ page }) => {
    await signUpThroughApi(page);
    await page.context().clearCookies({ name: 'access' });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto('/chat');
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    // The session check says renewable rather than 401: nothing is logged as failed.
    expect(refused).toEqual([]);
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toContain('access');
  });

  test('a session revoked elsewhere: the next call is refused, so is the refresh, and login keeps the page', async ({
    page,
    browser,
    pageProblems,
  }) => {
    // The refusals this test is about.
    pageProblems.allow(/status of 401 /);
    const email = await signUpThroughApi(page, uniqueEmail('revoked'));
    const pk = await createConversationThroughApi(page.request, 'Notice period');
    const deep = `/chat/${pk}`;
    await page.goto(deep);
    await expect(page.getByTestId('chat-page')).toBeVisible();

    // Another device signs out every other session: this page keeps its cookies, but the
    // server no longer knows its session, and its refresh token died with it.
    const refresh = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/token/refresh'),
    );
    const other = await browser.newContext();
    await signInThroughApi(other.request, email);
    const signOut = await other.request.post('/api/user/session/delete-others', {
      headers: { origin: E2E_URL },
    });
    expect(signOut.status()).toBe(200);
    await other.close();

    // The next call is refused: the settings' own call, or the chat socket reconnecting first.
    const settings = page.getByTestId('sidebar').getByRole('button', { name: 'Settings' });
    await settings.click({ timeout: 3000 }).catch(() => undefined);
    expect((await refresh).status()).toBe(401);
    await expect(page).toHaveURL(`${E2E_URL}/login?from=${encodeURIComponent(deep)}`);
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('the questionnaire saves the details with an area code, offers the plans and leads to payment', async ({
    page,
  }) => {
    await signUpThroughApi(page, uniqueEmail('questionnaire'), { withDetails: false });
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/questionnaire$/);
    const details = page.getByTestId('questionnaire-details-form');
    await details.getByLabel('First name').fill(' Anna ');
    await details.getByLabel('Last name').fill('Kowalska');
    await details.getByRole('combobox', { name: 'Area code' }).click();
    await page.getByRole('option', { name: /^\+48 Poland/ }).click();
    await details.getByLabel('Phone number').fill('600100200');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/user/update') && response.request().method() === 'PUT',
    );
    await details.getByRole('button', { name: 'Save and continue' }).click();
    // What the server kept, as it answers (the form is sent as multipart, with the picture).
    expect(await (await saved).json()).toMatchObject({
      name: 'Anna',
      surname: 'Kowalska',
      phone_prefix: '+48',
      phone_number: '600100200',
    });

    const plans = page.getByTestId('questionnaire-plans');
    const free = plans.getByTestId('plan-card-free');
    const pro = plans.getByTestId('plan-card-pro');
    await expect(free.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(free).toContainText('No conversation encryption');
    await expect(pro).toContainText('Monthly token limit: 2,000,000');
    await expect(pro).toContainText('PLN 99.00 / month');
    await expect(pro).toContainText('Conversation encryption included');
    await expectAccessible(page, 'questionnaire plans, en, light');
    await pro.getByRole('button', { name: 'Choose Pro' }).click();
    await expect(
      plans.getByText('You pay for the Pro plan, billed monthly, on the next screen.'),
    ).toBeVisible();
    await expect(pro).toHaveAttribute('data-state', 'selected');
    await page.getByTestId('questionnaire-finish').click();
    await expect(page).toHaveURL(/\/payment\?plan=[^&]+&period=monthly$/);
    await expect(page.getByTestId('payment-summary-plan')).toContainText('Pro');
    await page.goto('/chat');
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    // The details were kept: the questionnaire does not come back.
    await page.reload();
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('the questionnaire speaks Polish, light and dark, on a phone', async ({ page }) => {
    await signUpThroughApi(page, uniqueEmail('questionnaire'), { withDetails: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/chat?lang=pl');
    await expect(page).toHaveURL(/\/questionnaire$/);
    const details = page.getByTestId('questionnaire-details-form');
    await expect(details.getByLabel('Imię')).toBeVisible();
    await expectAccessible(page, 'questionnaire, pl, light, 375px');
    await details.getByRole('combobox', { name: 'Numer kierunkowy' }).click();
    await expect(page.getByRole('option', { name: /^\+48 Polska/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('questionnaire-details-form')).toBeVisible();
    await expectAccessible(page, 'questionnaire, pl, dark, 375px');
  });

  test('the auth screens speak Polish, light and dark', async ({ page }) => {
    await page.goto('/login?lang=pl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByTestId('login-form')).toBeVisible();
    for (const path of ['/login', '/register', '/send-reset-password-link', '/activation']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectAccessible(page, `${path}, pl, light`);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
      // The theme is set before the page's code has come: checked once the page is drawn.
      await expect(page.locator('h1')).toBeVisible();
      await expectAccessible(page, `${path}, pl, dark`);
    }
  });
});

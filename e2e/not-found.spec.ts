import { applyVariant, interpolate, signUpThroughApi, textsOf, type Variant } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

test.describe('not-found page', () => {
  test('an unknown route shows the not-found page, light and dark, and leads back to the chat', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'not found, light');

    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    // The theme is set before the page's code has come: checked once the page is drawn.
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expectAccessible(page, 'not found, dark');

    await page.getByTestId('not-found-page').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
  });
});

const NOT_ENABLED: { path: string; area: 'documents' | 'models'; variant: Variant }[] = [
  {
    path: '/documents',
    area: 'documents',
    variant: {
      language: 'en',
      theme: 'light',
      viewport: { width: 1440, height: 900 },
      label: 'en, light, 1440px',
    },
  },
  {
    path: '/models',
    area: 'models',
    variant: {
      language: 'pl',
      theme: 'dark',
      viewport: { width: 375, height: 812 },
      label: 'pl, dark, 375px',
    },
  },
];

for (const { path, area, variant } of NOT_ENABLED) {
  test(`${path} says it is not enabled yet, in the shell, ${variant.label}`, async ({
    page,
  }, testInfo) => {
    const { common } = textsOf(variant.language);
    await applyVariant(page, variant);
    await signUpThroughApi(page);
    await page.goto(path);
    const shown = page.getByTestId('not-enabled-page');
    await expect(shown).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      interpolate(common.notEnabled.title, { name: common.nav[area] }),
    );
    await expect(page.getByTestId('not-found-page')).toHaveCount(0);
    await expectAccessible(page, `${path}, ${variant.label}`);
    await page.screenshot({ path: testInfo.outputPath('not-enabled.png') });
    await shown.getByRole('link', { name: common.notEnabled.backToChat }).click();
    await expect(page).toHaveURL(/\/chat$/);
  });
}

test('the API documentation renders under the Content-Security-Policy', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible();
  await expect(page.getByText('/api/maintenance/status')).toBeVisible();
});

test('a page that fails to load shows the error screen, and reloading recovers', async ({
  page,
  pageProblems,
}) => {
  // The chunk made to fail, and the router's report of it.
  pageProblems.allow(/ChatPage-[^/]+\.js/);
  // A deployment that replaced the page's chunk while the tab was open, for example.
  await signUpThroughApi(page);
  await page.route(/\/assets\/ChatPage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/chat');
  const screen = page.getByTestId('route-error-page');
  await expect(screen).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await expectAccessible(page, 'route error, light');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(screen).toBeVisible();
  await expectAccessible(page, 'route error, dark');

  await page.unrouteAll();
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByTestId('chat-empty-state')).toBeVisible();
});

// Both variants of the list above: /organizations in the individual context.
for (const { variant } of NOT_ENABLED) {
  test(`/organizations without an organization says so and offers to create one, ${variant.label}`, async ({
    page,
  }, testInfo) => {
    const { organizations } = textsOf(variant.language);
    await applyVariant(page, variant);
    await signUpThroughApi(page);
    await page.goto('/organizations/general');
    const shown = page.getByTestId('no-organization');
    await expect(shown.getByRole('heading', { level: 1 })).toHaveText(
      organizations.page.noOrganization,
    );
    await expectAccessible(page, `no organization, ${variant.label}`);
    await page.screenshot({ path: testInfo.outputPath('no-organization.png') });
    await shown.getByRole('button', { name: organizations.page.createOrganization }).click();
    await expect(page.getByRole('dialog', { name: organizations.create.title })).toBeVisible();
  });
}

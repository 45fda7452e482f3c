import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.js';

/** The routes of the search targets, in the order the dropdown lists them. */
async function menuOrder(page: Page): Promise<string[]> {
  await page.getByTestId('global-search-target').click();
  const menu = page.getByTestId('global-search-menu');
  await expect(menu).toBeVisible();
  const ids = await menu.getByRole('menuitemradio').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return ids.map((id) => id.replace('global-search-option-', ''));
}

test('the administrator searches the tags: Enter opens their list filtered by the text', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  const bar = page.getByTestId('global-search');
  await expect(bar).toBeVisible();

  await page.getByTestId('global-search-target').click();
  await expect(page.getByTestId('global-search-menu')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('global-search-menu.png') });
  await page.getByTestId('global-search-option-tags').click();
  await expect(page.getByTestId('global-search-target')).toHaveAttribute('data-route', 'tags');
  // tags may be created by the administrator: the plus button is there
  await expect(page.getByTestId('global-search-new')).toBeVisible();

  const input = page.getByTestId('global-search-input');
  await input.fill('carta riciclata');
  await input.press('Enter');

  await expect(page).toHaveURL((url) => url.pathname === '/tags' && url.searchParams.get('filters') === '{"query":"carta riciclata"}');
  await expect(page.locator('[data-testid="record-list"][data-route="tags"]')).toBeVisible();
  await expect(page.getByTestId('list-search-input')).toHaveValue('carta riciclata');
  await expect(input).toBeEnabled();

  await page.getByTestId('global-search-new').click();
  await expect(page).toHaveURL(/\/tags\/new$/);
});

test('the order and visibility set in configuration mode survive a reload and reach the other tabs', async ({ page, context }) => {
  // two tabs, a reload and a second browser signing in
  test.setTimeout(90_000);
  // the manager: the administrator's preferences stay untouched for the test above
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await menuOrder(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  expect(before).toContain('tags');
  const [first, second] = before as [string, string];

  const otherTab = await context.newPage();
  await otherTab.goto('/dashboard');
  await expect(otherTab.getByTestId('global-search-target')).toHaveAttribute('data-route', first);

  await page.getByTestId('global-search-configure').click();
  const config = page.getByTestId('global-search-config');
  await expect(config).toBeVisible();
  // tags to the top, the entity that was second hidden
  for (let i = before.indexOf('tags'); i > 0; i--) await page.getByTestId('global-search-up-tags').click();
  const hidden = second === 'tags' ? first : second;
  await page.getByTestId(`global-search-visible-${hidden}`).click();
  await page.screenshot({ path: test.info().outputPath('global-search-config.png') });
  await page.getByTestId('global-search-save').click();
  await expect(config).toHaveCount(0);

  const expected = ['tags', ...before.filter((route) => route !== 'tags' && route !== hidden)];
  expect(await menuOrder(page)).toEqual(expected);

  // the other tab follows without reload
  expect(await menuOrder(otherTab)).toEqual(expected);

  await page.reload();
  await expect(page.getByTestId('global-search-target')).toHaveAttribute('data-route', 'tags');
  expect(await menuOrder(page)).toEqual(expected);

  // and they are on the server: a fresh browser without the cached copy finds them too
  const fresh = await context.browser()!.newContext();
  const freshPage = await fresh.newPage();
  await signIn(freshPage, 'manager');
  await expect(freshPage).toHaveURL(/\/dashboard$/);
  await expect(freshPage.getByTestId('global-search-target')).toHaveAttribute('data-route', 'tags');
  expect(await menuOrder(freshPage)).toEqual(expected);
  await fresh.close();
});

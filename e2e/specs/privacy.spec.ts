import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { textPdf } from '../../packages/server/src/domain/privacy/seed.js';
import { apiToken, signIn } from '../support/auth.js';

// a fresh server on a shared machine can be slow to answer the first calls of a page
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Privacy!2026';
const notification = (page: Page) => page.locator('.ant-notification');

async function api(request: APIRequestContext, token: string, method: 'post' | 'put' | 'get', url: string, data?: unknown) {
  const response = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

/** Signs in and waits for the answer of changed-privacies (the modal's question). */
async function signInAndCheck(page: Page, username: string): Promise<string[]> {
  const checked = page.waitForResponse((r) => r.url().includes('/api/subjects/subjects/changed-privacies/'));
  await signIn(page, username, PASSWORD);
  const response = await checked;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: string[] }).data;
}

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test('a changed privacy document is asked after sign-in, cannot be dismissed, opens, and accepting it lets the user in', async ({ page, browser, request }) => {
  const admin = await apiToken(request, 'admin');
  // the user and the definition of this test only: the definition is for a role no demo user has,
  // so the other browser tests (demo users) never see it
  const suffix = Date.now().toString(36).toUpperCase();
  await api(request, admin, 'post', '/api/security/groups', { code: `CITIZENS_${suffix}`, name: 'Cittadini (prova privacy)', authorities: ['ROLE_CITIZEN'] });
  const username = `privacy.${suffix.toLowerCase()}`;
  const user = (await api(request, admin, 'post', '/api/security/users', {
    username,
    email: `${username}@esempio.it`,
    firstName: 'Carla',
    lastName: 'Privacy',
    lang: 'it',
    groups: ['OPERATORS', `CITIZENS_${suffix}`],
    password: PASSWORD,
  })) as { id: number };
  const upload = await request.post('/api/resources/document', {
    headers: { Authorization: `Bearer ${admin}` },
    multipart: { file: { name: 'informativa-cittadini.pdf', mimeType: 'application/pdf', buffer: textPdf(['Informativa per i cittadini', 'Versione 1']) } },
  });
  expect(upload.status()).toBe(201);
  const documentId = ((await upload.json()) as { data: { id: number } }).data.id;
  const definition = (await api(request, admin, 'post', '/api/privacy/definitions', {
    code: `CITTADINI_${suffix}`,
    label: { it: 'Informativa cittadini', en: 'Citizens notice' },
    document: documentId,
    audience: ['ROLE_CITIZEN'],
  })) as { id: number };

  // a user created after the demo data: the seeded notice and the citizens' one are asked
  const asked = await signInAndCheck(page, username);
  expect(asked.map((entry) => entry.split(';')[1])).toEqual(expect.arrayContaining(['Informativa sul trattamento dei dati personali', 'Informativa cittadini']));
  const modal = page.getByTestId('changed-privacies');
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Informativa cittadini')).toBeVisible();
  await expect(modal.getByText('Informativa sul trattamento dei dati personali')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('privacy-modal.png') });

  // neither a click outside nor Escape closes it, and there is no close button
  await page.mouse.click(10, 10);
  await page.keyboard.press('Escape');
  await page.mouse.click(page.viewportSize()!.width - 10, page.viewportSize()!.height - 10);
  await expect(modal).toBeVisible();
  await expect(page.locator('.ant-modal-close')).toHaveCount(0);

  // each document opens in a new window
  const popup = page.waitForEvent('popup');
  await page.getByTestId(`changed-privacy-${definition.id}`).click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toMatch(/^blob:/);
  await opened.close();

  await page.getByTestId('changed-privacies-accept').click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // the next sign-in asks nothing
  await signOut(page);
  expect(await signInAndCheck(page, username)).toEqual([]);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('changed-privacies')).toHaveCount(0);

  // an administrator publishes a new version on the generic record page
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'admin');
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  await adminPage.goto(`/privacy-definitions/${definition.id}/edit`);
  const revision = adminPage.getByTestId('record-field-revision').locator('input').first();
  await expect(revision).toHaveValue('1');
  await revision.fill('2');
  await adminPage.getByTestId('record-save').click();
  await expect(notification(adminPage).getByText('Record salvato').last()).toBeVisible();
  await adminContext.close();

  // changed again for the user: only that one is asked
  await signOut(page);
  const again = await signInAndCheck(page, username);
  expect(again).toEqual([`${definition.id};Informativa cittadini`]);
  await expect(modal.getByText('Informativa cittadini')).toBeVisible();
  await expect(modal.getByText('Informativa sul trattamento dei dati personali')).toHaveCount(0);
  await page.getByTestId('changed-privacies-accept').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // the profile lists what was accepted, at which version
  await page.goto(`/profile/${user.id}`);
  await page.getByRole('tab', { name: 'Informative privacy' }).click();
  await expect(page.getByTestId(`accepted-privacy-${definition.id}-version`)).toHaveText('2');
  await page.screenshot({ path: test.info().outputPath('profile-privacy.png'), fullPage: true });

  await signOut(page);
  expect(await signInAndCheck(page, username)).toEqual([]);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('changed-privacies')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/auth.js';

const COMPANY_NAME = 'Circula Ambiente S.r.l.';

test("the owner's company entry opens the record of the owner's own company", async ({ page, request }) => {
  // the demo owner belongs to a customer company (users.subject_id): the entry opens that subject
  const login = await request.post('/api/auth/login', { form: { username: 'owner', secret: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token, subjectId } = ((await login.json()) as { data: { token: string; subjectId: number | null } }).data;
  expect(subjectId).not.toBeNull();
  const company = await request.get(`/api/subjects/subjects/${subjectId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(company.ok()).toBe(true);
  const { name } = ((await company.json()) as { data: { name: string } }).data;
  expect(name).not.toBe(COMPANY_NAME);
  // spec §2: the entry opens the company on the requester path (the demo gives the owner's company the REQUESTER role)

  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/rdr$/);
  const entry = page.getByTestId('side-menu').getByTestId('menu-item-company');
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('La mia azienda');
  await entry.click();

  await expect(page).toHaveURL(new RegExp(`/requester/${subjectId}$`));
  const record = page.getByTestId('record-page');
  await expect(record).toBeVisible();
  await expect(record).toHaveAttribute('data-mode', 'show');
  await expect(page.getByTestId('record-field-name').locator('input').first()).toHaveValue(name);
  // the owner reads subjects only: no edit button
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('company.png'), fullPage: true });
});

test('a manager, who may write subjects, can edit the company from its record', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).not.toHaveURL(/\/login/);
  // the company entry is the owners'; the page behind it works for anyone signed in
  await expect(page.getByTestId('menu-item-company')).toHaveCount(0);
  await page.goto('/company');
  // a full load, then the business unit and a second page: more than one step's 10 s on a loaded machine
  await expect(page.getByTestId('record-page')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('record-field-name').locator('input').first()).toHaveValue(COMPANY_NAME);
  await expect(page.getByTestId('record-edit')).toBeVisible();
});

test('an administrator manages business units on the generic pages: the DEFAULT unit is the demo company', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/business-units');
  await expect(page.getByTestId('list-total')).toHaveAttribute('data-total', '1');
  await page.getByTestId('list-open-record').filter({ hasText: 'CIRCULA' }).click();
  await expect(page).toHaveURL(/\/business-units\/\d+$/);
  await expect(page.getByTestId('record-field-type').locator('input').first()).toHaveValue('DEFAULT');
  await expect(page.getByTestId('record-field-name').locator('input').first()).toHaveValue(COMPANY_NAME);
  await expect(page.getByTestId('record-field-subject').locator('input').first()).toHaveValue(new RegExp(COMPANY_NAME.replace(/\./g, '\\.')));
});

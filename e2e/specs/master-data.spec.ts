import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const field = (page: Page, name: string) => page.getByTestId(`record-field-${name}`).locator('input, textarea').first();

test('a customer with a wrong partita IVA shows the translated error; corrected, it is saved with IBAN and address and found in the list', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/customers/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');

  await field(page, 'name').fill('Officine Brambilla S.r.l.');
  await field(page, 'vatNumber').fill('00159560367');
  await field(page, 'vatNumber').blur();
  await expect(page.getByTestId('record-field-vatNumber')).toContainText('Valore non valido.');
  await expect(page.getByTestId('record-save')).toBeDisabled();

  await field(page, 'vatNumber').fill('00159560366');
  const payment = page.getByTestId('record-field-payment');
  await payment.getByLabel('IBAN').fill('IT60X0542811101000000123457');
  await payment.getByLabel('IBAN').blur();
  await expect(payment).toContainText(/non valido/i);
  await payment.getByLabel('IBAN').fill('IT60 X054 2811 1010 0000 0123 456');
  await page.getByTestId('record-field-addresses').getByLabel('Città').first().fill('Monza');

  await expect(page.getByTestId('record-save')).toBeEnabled();
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  await expect(page.getByTestId('record-title')).toContainText(/SBJ-\d{6}/);
  await expect(field(page, 'vatNumber')).toHaveValue('00159560366');

  await page.goto(`/customers?filters=${encodeURIComponent(JSON.stringify({ query: 'brambilla officine' }))}`);
  await expect(page.getByTestId('record-list')).toBeVisible();
  await expect(page.getByText('Officine Brambilla S.r.l.')).toBeVisible();
});

test('the demo data is there: transporters, vehicles and collection centres', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).not.toHaveURL(/\/login/);
  for (const [route, text] of [
    ['transporters', /Trasporti|Autotrasporti/],
    ['vehicles', /[A-Z]{2}\d{3}[A-Z]{2}/],
    ['warehouses-cdr', /Centro di raccolta/i],
  ] as const) {
    await page.goto(`/${route}`);
    await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', route);
    await expect(page.locator('.ag-row').first()).toContainText(text);
  }
});

import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/auth.js';

test('the expired user is sent through change-password and can then work', async ({ page }) => {
  await signIn(page, 'expired');
  await expect(page).toHaveURL(/\/change-password\?/);
  await expect(page.getByTestId('change-password-page')).toBeVisible();
  await expect(page.getByTestId('cp-username')).toHaveValue('expired');
  await expect(page.getByTestId('cp-username')).toBeDisabled();

  // a new password that breaks the registry rule is refused on the page
  await page.getByTestId('cp-old').fill(DEMO_PASSWORD);
  await page.getByTestId('cp-new').fill('semplice');
  await page.getByTestId('cp-confirm').fill('semplice');
  await expect(page.getByTestId('cp-save')).toBeDisabled();

  // a wrong current password is reported by the server and the field is cleared
  await page.getByTestId('cp-old').fill('Sbagliata!2026');
  await page.getByTestId('cp-new').fill('Rinnovata!2026');
  await page.getByTestId('cp-confirm').fill('Rinnovata!2026');
  await page.getByTestId('cp-save').click();
  await expect(page.getByTestId('cp-error')).toBeVisible();
  await expect(page.getByTestId('cp-old')).toHaveValue('');

  await page.getByTestId('cp-old').fill(DEMO_PASSWORD);
  await page.getByTestId('cp-save').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // the old password no longer works, the new one does
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'expired', DEMO_PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, 'expired', 'Rinnovata!2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});

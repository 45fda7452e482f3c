import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.js';

test('a wrong password shows the error and stays on the login page', async ({ page }) => {
  await signIn(page, 'manager', 'not-the-password');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('login-error')).toContainText(/non valid/i);
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no-such-place/42');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('a protected route asks for sign-in and then returns to it', async ({ page }) => {
  await page.goto('/waste');
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('login-username').fill('operator');
  await page.getByTestId('login-password').fill('Circula!2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/waste$/);
  await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', 'waste');
});

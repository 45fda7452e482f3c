import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.js';

// spec §1: owners land on rdr, FIR verifiers on transport, everyone else on the dashboard
const LANDINGS: [string, RegExp][] = [
  ['admin', /\/dashboard$/],
  ['manager', /\/dashboard$/],
  ['operator', /\/dashboard$/],
  ['owner', /\/rdr$/],
  ['verifier', /\/transport$/],
  ['logistic', /\/dashboard$/],
  ['customer', /\/dashboard$/],
];

for (const [username, landing] of LANDINGS) {
  test(`${username} signs in and lands where spec §1 says`, async ({ page }) => {
    await signIn(page, username);
    await expect(page).toHaveURL(landing);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    if (landing.source.includes('dashboard')) await expect(page.getByTestId('dashboard')).toBeVisible();
    // owners land on their requests (issue 15), FIR verifiers on the transports' list (issue 16)
    else if (landing.source.includes('rdr')) await expect(page.getByTestId('requests-landing')).toBeVisible();
    else await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', 'transport');
  });
}

test('a user still in registration lands on the registration page', async ({ page }) => {
  await signIn(page, 'onboard');
  await expect(page).toHaveURL(/\/registration/);
  await expect(page.getByTestId('registration-pending')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/registration/);
});

test('the interface speaks Italian by default', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByTestId('login-submit')).toHaveText(/accedi/i);
});

// the sign-in page downloads only its own texts (issue 14): a language chosen there comes whole after sign-in
test('English chosen on the sign-in page: the sign-in page, then the shell and the dashboard speak English', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(page.getByTestId('login-submit')).toHaveText(/sign in/i);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('Circula!2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toContainText('Indicators');
  await expect(page.getByTestId('dashboard')).not.toContainText('DASHBOARD.');
  // and back to Italian from the shell: its whole dictionary is loaded on the switch
  await page.getByTestId('language-switch').getByText('IT', { exact: true }).click();
  await expect(page.getByTestId('dashboard')).toContainText('Indicatori');
});

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

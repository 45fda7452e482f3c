import { expect, test } from '@playwright/test';

// The whole registration and recovery journey, with a real SMTP receiver: accounts-smtp.spec.ts.

test('a wrong registration link shows the invalid-link page, and Go Back leads to the start', async ({ page }) => {
  await page.goto('/registration?u=0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f');
  await expect(page.getByTestId('registration-invalid')).toBeVisible();
  await expect(page.getByTestId('registration-invalid')).toContainText('Link non valido');
  await page.getByTestId('registration-go-back').click();
  await expect(page).toHaveURL(/\/login$/);
});

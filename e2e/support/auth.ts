import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Circula!2026';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function openSystemMenu(page: Page): Promise<void> {
  await page.getByTestId('system-menu-trigger').click();
  await expect(page.getByTestId('system-menu')).toBeVisible();
}

/** A bearer token of a demo user, for the API calls a test makes beside the browser. */
export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/login', { form: { username, secret: password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOidcProvider, type TestProvider } from '../../packages/server/test/support/oidc-provider.js';
import { freePort, startServer, waitForExit, type ServerProcess } from '../../packages/server/test/support/server-process.js';
import { preparedDataDir } from '../support/data-dir.js';

/**
 * Single sign-on (issue 20): a real OpenID Connect provider (oidc-provider) on loopback and an
 * application of this spec's own configured for it. The user clicks "Accedi con SSO", signs in at
 * the provider's development pages (login, then consent) and lands signed in on the dashboard.
 */

const WEB_DIST = process.env.WEB_DIST || path.resolve(import.meta.dirname, '../../packages/web/dist');

let provider: TestProvider | undefined;
let server: ServerProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // the application's address is needed before it starts: the provider allows only its callback
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({
    clientId: 'circula-e2e',
    clientSecret: 'circula-e2e-secret',
    redirectUris: [`${baseUrl}/api/auth/oidc/callback`],
    accounts: [
      { sub: 'sso-manager', email: 'manager@circula.example' },
      { sub: 'sso-stranger', email: 'stranger@elsewhere.example' },
    ],
  });
  dataDir = preparedDataDir('circula-sso-');
  server = await startServer({
    PORT: String(port),
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    WEB_DIST,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'circula-e2e',
    OIDC_CLIENT_SECRET: 'circula-e2e-secret',
  });
});

test.afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
  }
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a user signs in through the test OIDC provider and lands on the dashboard', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseUrl });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    const sso = page.getByTestId('login-sso');
    await expect(sso).toHaveText(/Accedi con SSO/);
    await sso.click();

    // the provider's development login page, then its consent page
    await expect(page).toHaveURL(new RegExp(`^${provider!.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('sso-manager');
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // back through the callback and /sso-callback, signed in as the manager
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByTestId('dashboard')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('circula.user') ?? 'null') as { username?: string } | null);
    expect(stored?.username).toBe('manager');
    // the one-time code does not stay in the address bar or the history
    expect(page.url()).not.toContain('code=');
  } finally {
    await context.close();
  }
});

test('a provider account that matches no user is refused with a translated message on the sign-in page', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseUrl });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.getByTestId('login-sso').click();
    await page.locator('input[name="login"]').fill('sso-stranger');
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login\?sso=SSO_UNKNOWN_USER$/, { timeout: 30_000 });
    await expect(page.getByTestId('login-error')).toContainText(/Nessun utente dell'applicazione corrisponde/);
  } finally {
    await context.close();
  }
});

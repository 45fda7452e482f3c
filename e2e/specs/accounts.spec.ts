import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, openSystemMenu, signIn } from '../support/auth.js';

// The e2e server has no SMTP_URL: every message stays in the outbox, read here as a manager would.

const notification = (page: Page) => page.locator('.ant-notification');

interface OutboxMessage {
  to: string;
  subject: string;
  template: string;
  status: string;
  text: string;
}

async function outbox(request: APIRequestContext, to: string, template: string, count = 1): Promise<OutboxMessage> {
  const token = await apiToken(request, 'admin');
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/mail/outbox?to=${encodeURIComponent(to)}&template=${template}&size=50`, {
          headers: { authorization: `Bearer ${token}` },
        });
        found = (await res.json()).data.items;
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  // newest first
  return found[0]!;
}

/** The path and query of the link a message carries (the server's BASE_URL names another host). */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path}\\?u=[0-9a-f-]{36})`).exec(text);
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

test('a wrong registration link shows the invalid-link page, and Go Back leads to the start', async ({ page }) => {
  await page.goto('/registration?u=0f6f8a5e-1c2b-4c3d-9e8f-0a1b2c3d4e5f');
  await expect(page.getByTestId('registration-invalid')).toBeVisible();
  await expect(page.getByTestId('registration-invalid')).toContainText('Link non valido');
  await page.getByTestId('registration-go-back').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a manager invites a collaborator, who registers, recovers the password and signs in', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const email = `collaboratore.${Date.now().toString(36)}@example.org`;

  // the manager sends the link from the system menu; the modal checks the email first
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSystemMenu(page);
  await page.getByTestId('system-menu-registration-link').click();
  const modal = page.getByTestId('registration-link-modal');
  await expect(modal).toBeVisible();
  await page.getByTestId('registration-link-email').fill('non-una-email');
  await expect(page.getByTestId('registration-link-confirm')).toBeDisabled();
  await page.getByTestId('registration-link-email').fill('operator@circula.example');
  await page.getByTestId('registration-link-confirm').click();
  await expect(notification(page).getByText('Esiste già un utente con questa email.')).toBeVisible();
  await page.getByTestId('registration-link-email').fill(email);
  await page.getByTestId('registration-link-confirm').click();
  await expect(notification(page).getByText('Link di registrazione inviato')).toBeVisible();
  await expect(modal).toBeHidden();

  const invitation = await outbox(request, email, 'REGISTRATION_LINK');
  expect(invitation).toMatchObject({ to: email, subject: 'Circula: completa la tua registrazione', status: 'QUEUED' });
  const registrationLink = linkIn(invitation.text, '/registration');

  // the collaborator opens the link in a browser of their own
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(registrationLink);
  await expect(guest.getByTestId('registration-form')).toBeVisible();
  await expect(guest.getByTestId('registration-email')).toHaveValue(email);
  await expect(guest.getByTestId('registration-email')).toBeDisabled();
  await guest.getByTestId('registration-name').fill('Carla');
  await guest.getByTestId('registration-lastname').fill('Fontana');
  await guest.getByTestId('registration-password').fill('semplice');
  await guest.getByTestId('registration-confirm').fill('diversa');
  await guest.getByTestId('registration-save').click();
  await expect(guest.getByText('Le due password non coincidono.')).toBeVisible();
  await guest.getByTestId('registration-password').fill('Registrata!2026');
  await guest.getByTestId('registration-confirm').fill('Registrata!2026');
  await guest.getByTestId('registration-save').click();
  await expect(notification(guest).getByText('Registrazione completata')).toBeVisible();
  await expect(guest).toHaveURL(/\/login$/);

  // the link worked once
  await guest.goto(registrationLink);
  await expect(guest.getByTestId('registration-invalid')).toBeVisible();

  // signing in: registered, waiting for an administrator
  await signIn(guest, email, 'Registrata!2026');
  await expect(guest).toHaveURL(/\/registration$/);
  await expect(guest.getByTestId('registration-pending')).toBeVisible();
  await guest.getByRole('button', { name: 'Esci' }).click();
  await expect(guest).toHaveURL(/\/login/);

  // forgotten password: the modal of the login page
  await guest.getByTestId('forgot-password').click();
  await expect(guest.getByTestId('reset-link-modal')).toBeVisible();
  await guest.getByTestId('reset-link-username').fill(email);
  await guest.getByTestId('reset-link-confirm').click();
  await expect(notification(guest).getByText('Richiesta inviata')).toBeVisible();

  const recovery = await outbox(request, email, 'RECOVER_PASSWORD_LINK');
  expect(recovery.subject).toBe('Circula: recupero della password');
  await guest.goto(linkIn(recovery.text, '/recover-password'));
  await expect(guest.getByTestId('recover-success')).toBeVisible();

  const temporaryMail = await outbox(request, email, 'TEMPORARY_PASSWORD');
  expect(temporaryMail.subject).toBe('Circula: la tua password temporanea');
  const temporary = /è:\n(\S+)\n/.exec(temporaryMail.text.replace(/\r\n/g, '\n'))?.[1];
  expect(temporary).toBeTruthy();

  // the old password is gone; the temporary one leads through change-password
  await signIn(guest, email, 'Registrata!2026');
  await expect(guest.getByTestId('login-error')).toBeVisible();
  await signIn(guest, email, temporary!);
  await expect(guest).toHaveURL(/\/change-password\?/);
  await guest.getByTestId('cp-old').fill(temporary!);
  await guest.getByTestId('cp-new').fill('Ritrovata!2026');
  await guest.getByTestId('cp-confirm').fill('Ritrovata!2026');
  await guest.getByTestId('cp-save').click();
  await expect(guest).not.toHaveURL(/\/change-password/);

  await guest.context().clearCookies();
  await guest.evaluate(() => localStorage.clear());
  await signIn(guest, email, 'Ritrovata!2026');
  await expect(guest).toHaveURL(/\/registration$/);
  await expect(guest.getByTestId('registration-pending')).toBeVisible();
  await context.close();
});

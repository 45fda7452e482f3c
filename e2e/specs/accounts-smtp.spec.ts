import { expect, test, type Browser, type Page } from '@playwright/test';
import { openSystemMenu, signIn } from '../support/auth.js';
import { ownServerWithMail } from '../support/own-server.js';

/**
 * The accounts journey of issue 5 with real mail: a server of its own (fresh database, demo data)
 * whose SMTP_URL points at an SMTP server in this test process. Every link and password is read
 * from the messages that server received, as the people involved would read their mailbox.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const own = ownServerWithMail('circula-e2e-smtp-');

const notification = (page: Page) => page.locator('.ant-notification');

/** The path and query of the link a message carries (the server's BASE_URL names another host). */
function linkIn(text: string, linkPath: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${linkPath}\\?u=[0-9a-f-]{36})`).exec(text);
  expect(match, `a ${linkPath} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

const pageOn = (browser: Browser) => own.pageOn(browser);

test('invited by mail, a collaborator registers, is let in by an administrator, accepts the privacy notice, recovers the password by mail and signs in', async ({ browser }) => {
  const email = `collaboratore.${Date.now().toString(36)}@example.org`;

  // the manager sends the link from the system menu; the modal checks the email first
  const manager = await pageOn(browser);
  await signIn(manager, 'manager');
  await expect(manager).toHaveURL(/\/dashboard$/);
  await openSystemMenu(manager);
  await manager.getByTestId('system-menu-registration-link').click();
  await expect(manager.getByTestId('registration-link-modal')).toBeVisible();
  await manager.getByTestId('registration-link-email').fill('non-una-email');
  await expect(manager.getByTestId('registration-link-confirm')).toBeDisabled();
  await manager.getByTestId('registration-link-email').fill('operator@circula.example');
  await manager.getByTestId('registration-link-confirm').click();
  await expect(notification(manager).getByText('Esiste già un utente con questa email.')).toBeVisible();
  await manager.getByTestId('registration-link-email').fill(email);
  await manager.getByTestId('registration-link-confirm').click();
  await expect(notification(manager).getByText('Link di registrazione inviato')).toBeVisible();

  const invitation = await own.smtp.waitFor(email);
  expect(invitation).toMatchObject({ from: 'no-reply@circula.example', subject: 'Circula: completa la tua registrazione' });
  const registrationLink = linkIn(invitation.text, '/registration');

  // the collaborator opens the link in a browser of their own
  const guest = await pageOn(browser);
  await guest.goto(registrationLink);
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

  // registered, waiting for an administrator
  await signIn(guest, email, 'Registrata!2026');
  await expect(guest).toHaveURL(/\/registration$/);
  await expect(guest.getByTestId('registration-pending')).toBeVisible();
  await guest.getByRole('button', { name: 'Esci' }).click();
  await expect(guest).toHaveURL(/\/login/);

  // the administrator lets the collaborator in: out of ONBOARDING, into OPERATORS
  const admin = await pageOn(browser);
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto('/users');
  await admin.getByTestId('admin-search').locator('input').fill(email);
  await admin.getByTestId('admin-search').locator('input').press('Enter');
  await expect(admin.getByTestId('admin-total')).toContainText('1');
  await admin.getByTestId(`user-open-${email}`).click();
  const groups = admin.getByTestId('user-groups');
  await expect(groups).toContainText('ONBOARDING');
  // choosing a chosen option again takes it away
  await groups.click();
  await admin.keyboard.type('ONBOARDING');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('OPERATORS');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Escape');
  await expect(groups).not.toContainText('ONBOARDING');
  await admin.getByTestId('user-save').click();
  await expect(admin.getByTestId('user-authorities')).toContainText('ACCESS_BACKOFFICE');
  await expect(admin.getByTestId('user-authorities')).not.toContainText('ON_BOARD');

  // now the back office; a first entry asks for the current privacy documents
  await signIn(guest, email, 'Registrata!2026');
  await expect(guest.getByTestId('changed-privacies')).toBeVisible();
  await guest.getByTestId('changed-privacies-accept').click();
  await expect(guest.getByTestId('changed-privacies')).toBeHidden();
  await expect(guest).toHaveURL(/\/dashboard$/);
  await openSystemMenu(guest);
  await guest.getByTestId('system-menu-logout').click();
  await expect(guest).toHaveURL(/\/login/);

  // forgotten password: the modal of the login page, then two messages
  await guest.getByTestId('forgot-password').click();
  await guest.getByTestId('reset-link-username').fill(email);
  await guest.getByTestId('reset-link-confirm').click();
  await expect(notification(guest).getByText('Richiesta inviata')).toBeVisible();
  const recovery = await own.smtp.waitFor(email, 2);
  expect(recovery.subject).toBe('Circula: recupero della password');
  await guest.goto(linkIn(recovery.text, '/recover-password'));
  await expect(guest.getByTestId('recover-success')).toBeVisible();
  const temporaryMail = await own.smtp.waitFor(email, 3);
  expect(temporaryMail.subject).toBe('Circula: la tua password temporanea');
  const temporary = /è:\s*\n\s*(\S+)\s*\n/.exec(temporaryMail.text.replace(/\r\n/g, '\n'))?.[1];
  expect(temporary, temporaryMail.text).toBeTruthy();

  // the old password is gone; the temporary one leads through change-password
  await signIn(guest, email, 'Registrata!2026');
  await expect(guest.getByTestId('login-error')).toBeVisible();
  await signIn(guest, email, temporary!);
  await expect(guest).toHaveURL(/\/change-password\?/);
  await guest.getByTestId('cp-old').fill(temporary!);
  await guest.getByTestId('cp-new').fill('Ritrovata!2026');
  await guest.getByTestId('cp-confirm').fill('Ritrovata!2026');
  await guest.getByTestId('cp-save').click();
  await expect(guest).toHaveURL(/\/dashboard$/);

  // and with the new one, straight in: the privacy notice was accepted once
  await guest.context().clearCookies();
  await guest.evaluate(() => localStorage.clear());
  await signIn(guest, email, 'Ritrovata!2026');
  await expect(guest).toHaveURL(/\/dashboard$/);
  await expect(guest.getByTestId('changed-privacies')).toBeHidden();

  // the mails went through SMTP: the outbox keeps who, what and how it went, not the text
  expect(own.smtp.to(email).map((m) => m.subject)).toEqual([
    'Circula: completa la tua registrazione',
    'Circula: recupero della password',
    'Circula: la tua password temporanea',
  ]);
});

import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from '../support/auth.js';
import { ownServerWithMail } from '../support/own-server.js';

/**
 * Issue 20, "Messages": a manager writes to a subject — from the communications list and from the
 * subject's page — and reads the outcome in the list, on the subject's tab and on the
 * communication's page; the mail is read where it arrives, an SMTP server in this test process. A
 * message the SMTP server could not take is resent from its page once the server is back.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const own = ownServerWithMail('circula-e2e-communications-');

const notification = (page: Page) => page.locator('.ant-notification');

/** Waits for the notice titled `title`, then closes it: a later expectation sees only a new one. */
async function noticed(page: Page, title: string): Promise<void> {
  const notice = notification(page).locator('.ant-notification-notice').filter({ has: page.getByText(title, { exact: true }) });
  await expect(notice).toBeVisible();
  await notice.locator('.ant-notification-notice-close').click();
  await expect(notice).toHaveCount(0);
}
const normalized = (text: string) => text.replace(/\r\n/g, '\n');

/** Writes a message in the open modal: the subject line and the body (the recipient already chosen). */
async function write(page: Page, subjectLine: string, body: string): Promise<void> {
  await page.getByTestId('communication-subject-line').fill(subjectLine);
  await page.getByTestId('communication-body').fill(body);
  await expect(page.getByTestId('communication-send')).toBeEnabled();
  await page.getByTestId('communication-send').click();
}

test('a manager writes to a subject, sees it SENT in the list and on the subject\'s page; a failed one is resent', async ({ browser }) => {
  const page = await own.pageOn(browser);
  // a subject of its own, with an email and a PEC
  const stamp = Date.now().toString(36);
  const name = `Ecoservizi Brianza ${stamp}`;
  const email = `info.${stamp}@ecoservizi.example.it`;
  const pec = `ecoservizi.${stamp}@pec.example.it`;
  const token = await apiToken(page.request, 'admin');
  const created = await page.request.post('/api/subjects/subjects', { headers: { Authorization: `Bearer ${token}` }, data: { subjectType: 'COMPANY', name, pec, contact: { email } } });
  expect(created.status(), await created.text()).toBe(201);
  const subjectId = ((await created.json()) as { data: { id: number } }).data.id;

  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/communications');
  await expect(page.getByTestId('record-list')).toBeVisible();

  // the list's "Nuova comunicazione": the subject chosen, its email proposed, Invia disabled until the text is written
  await page.getByTestId('communication-new').click();
  const modal = page.getByTestId('communication-modal');
  await expect(modal).toBeVisible();
  await page.locator('#communication_subject').fill(`Ecoservizi Brianza ${stamp}`);
  await page.getByRole('option', { name: new RegExp(name) }).first().click();
  await expect(page.getByTestId('communication-to')).toHaveValue(email);
  await expect(modal).toContainText(`${pec} (PEC)`);
  await expect(page.getByTestId('communication-send')).toBeDisabled();
  await page.getByTestId('communication-to').fill('info@ecoservizi');
  await expect(modal).toContainText('Valore non valido.');
  await page.getByTestId('communication-to').fill(email);
  await page.screenshot({ path: test.info().outputPath('communication-form.png') });
  await write(page, 'Ritiro ingombranti del 12 marzo', 'Buongiorno,\nconfermiamo il ritiro di martedì 12 marzo alle 9:00.\n\nCordiali saluti');
  await noticed(page, 'Comunicazione inviata');
  await expect(modal).toBeHidden();

  // it arrived, with its subject line and body
  const mail = await own.smtp.waitFor(email);
  expect(mail).toMatchObject({ from: 'no-reply@circula.example', subject: 'Ritiro ingombranti del 12 marzo' });
  expect(normalized(mail.text)).toContain('Buongiorno,\nconfermiamo il ritiro di martedì 12 marzo alle 9:00.\n\nCordiali saluti');

  // the list shows it SENT (the list reloaded), and its status filter finds it
  const row = page.locator('.ag-row').filter({ hasText: 'Ritiro ingombranti del 12 marzo' });
  await expect(row).toContainText('Inviato');
  await expect(row).toContainText(email);
  await page.getByTestId('communication-filter-status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Non inviato' }).click();
  await expect(page.getByTestId('list-filter-tag')).toContainText('Stato = Non inviato');
  await expect(row).toHaveCount(0);
  await page.getByTestId('list-filter-tag').getByLabel('Rimuovi il filtro').click();
  await expect(row).toContainText('Inviato');
  await page.screenshot({ path: test.info().outputPath('communications-list.png'), fullPage: true });

  // the SMTP server down: the message is FAILED, with the error
  const port = own.smtp.port;
  await own.smtp.stop();
  try {
    await page.getByTestId('communication-new').click();
    await page.locator('#communication_subject').fill(`Ecoservizi Brianza ${stamp}`);
    await page.getByRole('option', { name: new RegExp(name) }).first().click();
    await expect(page.getByTestId('communication-to')).toHaveValue(email);
    await write(page, 'Fattura di marzo', 'In allegato alla prossima mail la fattura di marzo.');
    await noticed(page, 'Comunicazione non inviata');
    await expect(page.locator('.ag-row').filter({ hasText: 'Fattura di marzo' })).toContainText('Non inviato');
  } finally {
    await own.smtp.start(port);
  }

  // the subject's page: its communications in a tab, newest first; a message to its PEC from there
  await page.goto(`/subjects/${subjectId}`);
  await page.getByRole('tab', { name: 'Comunicazioni' }).click();
  const tab = page.getByTestId('subject-communications');
  await expect(tab).toContainText('2 comunicazioni');
  await expect(tab.locator('tbody tr').first()).toContainText('Fattura di marzo');
  await expect(tab.locator('tbody tr').first()).toContainText('Non inviato');
  await expect(tab.locator('tbody tr').nth(1)).toContainText('Inviato');
  await tab.getByTestId('communication-new').click();
  await expect(page.locator('#communication_subject')).toHaveValue(new RegExp(name));
  await expect(page.getByTestId('communication-to')).toHaveValue(email);
  await page.getByTestId('communication-to').fill(pec);
  await write(page, 'Documenti per il contratto', 'Gentili signori,\nvi chiediamo la visura camerale aggiornata.');
  await noticed(page, 'Comunicazione inviata');
  expect((await own.smtp.waitFor(pec)).subject).toBe('Documenti per il contratto');
  await expect(tab).toContainText('3 comunicazioni');
  await expect(tab.locator('tbody tr').first()).toContainText('Documenti per il contratto');

  // the failed one's page: its error, its body; "Reinvia" sends it, the page shows it SENT
  await tab.getByRole('link', { name: 'Fattura di marzo' }).click();
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  // a textarea's value, not its text: React writes the text only when it mounts with its value
  await expect(page.getByTestId('record-field-error').locator('textarea')).toHaveValue(/ECONNREFUSED|connect/);
  await expect(page.getByTestId('record-field-body').locator('textarea')).toHaveValue('In allegato alla prossima mail la fattura di marzo.');
  await page.getByTestId('communication-resend').click();
  await noticed(page, 'Comunicazione inviata');
  expect((await own.smtp.waitFor(email, 2)).subject).toBe('Fattura di marzo');
  await expect(page.getByTestId('communication-resend')).toHaveCount(0);
  await expect(page.getByTestId('record-page')).toContainText('Inviato');
  await page.screenshot({ path: test.info().outputPath('communication-page.png'), fullPage: true });

  // an operator holds no mail authority: no tab, no button
  const operator = await own.pageOn(browser);
  await signIn(operator, 'operator');
  await expect(operator).toHaveURL(/\/dashboard$/);
  await operator.goto(`/subjects/${subjectId}`);
  await expect(operator.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  await expect(operator.getByRole('tab', { name: 'Comunicazioni' })).toHaveCount(0);
  await expect(operator.getByTestId('communication-new')).toHaveCount(0);
});

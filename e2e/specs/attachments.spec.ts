import { expect as baseExpect, test, type Page } from '@playwright/test';
import { minimalPdf } from '../../packages/server/test/documents/fixtures.js';
import { apiToken, signIn } from '../support/auth.js';

// a fresh server on a shared machine can be slow to answer the first calls of a page
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

async function signedIn(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login/);
}

test('on a customer: add a note, upload a PDF and see it in the viewer, open the note in its virtual folder, delete the note', async ({ page, request }) => {
  const token = await apiToken(request, 'operator');
  const created = await request.post('/api/subjects/customers', {
    headers: { authorization: `Bearer ${token}` },
    data: { subjectType: 'COMPANY', name: `Ecologia Allegati ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const customerId = ((await created.json()) as { data: { id: number } }).data.id;

  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
  });
  await signedIn(page, 'operator');
  await page.goto(`/customers/${customerId}`);
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  await expect(page.getByTestId('attachments-tab')).toHaveText('Allegati e note');
  const notes = page.getByTestId('attachments-notes');
  const documents = page.getByTestId('attachments-documents');
  await expect(notes).toContainText('Nessuna nota');
  await expect(documents).toContainText('Nessun documento');

  // a note
  await page.getByTestId('note-add').click();
  await page.getByTestId('note-title').fill('Sopralluogo');
  await page.getByTestId('note-body').fill('Cassoni da sostituire entro venerdì');
  await page.getByTestId('note-save').click();
  await expect(notes.getByTestId('note-item')).toHaveCount(1);
  await expect(notes.getByTestId('note-item')).toContainText('Sopralluogo');
  await expect(notes.getByTestId('note-item')).toContainText('Cassoni da sostituire entro venerdì');

  // a PDF, uploaded through the documents API and linked to the customer
  await documents.locator('input[type=file]').setInputFiles({ name: 'contratto-servizio.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
  await expect(documents.getByTestId('document-item')).toHaveCount(1);
  await expect(documents.getByTestId('document-item')).toContainText('contratto-servizio.pdf');
  await expect(documents.getByTestId('document-item')).toContainText('application/pdf');

  // in the viewer
  await documents.getByTestId('document-open').click();
  const viewer = page.getByTestId('document-viewer');
  await expect(viewer.getByTestId('document-viewer-title')).toHaveText('contratto-servizio.pdf');
  await expect(viewer.getByTestId('document-viewer-pdf')).toBeVisible();
  await expect(viewer.getByTestId('document-viewer-pdf')).toHaveAttribute('src', /^blob:/);
  await expect(viewer.getByTestId('document-viewer-error')).toHaveCount(0);
  await expect(viewer.getByTestId('document-viewer-open')).toBeEnabled();
  // the browser really shows the file: the frame holds the blob (a frame blocked by the page's policy is an error page)
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('blob:')), { timeout: 15_000 }).toBe(true);
  expect(page.frames().filter((frame) => frame.url().startsWith('chrome-error:'))).toEqual([]);
  expect(policyViolations).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('attachments-viewer.png') });
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // the note opens in its virtual folder, whose back button returns to the customer
  await notes.getByTestId('note-open').click();
  await expect(page).toHaveURL(/\/subject-notes\/\d+\/virtual-folder\//);
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'virtual-folder');
  await expect(page.getByTestId('record-field-title').locator('input')).toHaveValue('Sopralluogo');
  await page.getByTestId('record-back').click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}$`));

  // delete the note: the document stays
  await page.getByTestId('attachments-notes').getByTestId('note-delete').click();
  await page.getByTestId('note-delete-confirm').click();
  await expect(page.getByTestId('attachments-notes').getByTestId('note-item')).toHaveCount(0);
  await expect(page.getByTestId('attachments-notes')).toContainText('Nessuna nota');
  await expect(page.getByTestId('attachments-documents').getByTestId('document-item')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('attachments-tab.png'), fullPage: true });
});

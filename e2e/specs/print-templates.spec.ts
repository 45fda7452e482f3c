import { expect as baseExpect, test, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { api, filter, type Rec } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { renderFirstPage } from '../support/pdf.js';

// a fresh server on a shared machine can be slow to answer the first calls of a page
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const field = (page: Page, name: string) => page.getByTestId(`record-field-${name}`);
const notification = (page: Page) => page.locator('.ant-notification');

/**
 * Issue 20's print templates: an administrator opens the demo invoice template, changes its footer,
 * previews it on a real issued invoice (the PDF the page shows is read back), is told in Italian
 * about a placeholder invoices do not have, saves, sees the new version in use on the invoice's PDF,
 * and brings the earlier version back from the versions list.
 */
test('an administrator edits the invoice template, previews it on a real invoice, saves it and restores the earlier version', async ({ page, request }) => {
  const admin = await api(request, 'admin');
  const active = { filters: [{ field: 'document', op: 'eq', value: 'INVOICE' }, { field: 'active', op: 'eq', value: true }] };
  const [template] = ((await admin.get(`/api/templates/print-templates?q=${encodeURIComponent(JSON.stringify(active))}`)) as { items: Rec[] }).items;
  expect(template, 'the demo data has an invoice template').toBeDefined();
  const original = (await admin.get(`/api/templates/print-templates/${template!.id}`)) as Rec & { footer: string };
  const [invoice] = ((await admin.get(`/api/invoices/invoices?${filter('status', 'ISSUED')}&size=1`)) as { items: Rec[] }).items;
  expect(invoice, 'the demo data has an issued invoice').toBeDefined();
  const number = String(invoice!.documentNumber);

  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/print-templates/${template!.id}`);
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  await expect(page.getByTestId('record-versions')).toBeVisible();
  await page.getByTestId('record-edit').click();
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'edit');

  // the placeholders of an invoice are listed; one it lacks is refused by the preview, in Italian
  await expect(page.getByTestId('print-placeholders')).toContainText('{{invoice.number}}');
  await expect(page.getByTestId('print-placeholders')).not.toContainText('{{transport.firNumber}}');
  const footer = field(page, 'footer').locator('input');
  await footer.fill('Fattura {{invoice.numero}}');
  await page.locator('#print-preview-record').fill(String(invoice!.code));
  // an invoice is labelled by its number
  await page.getByRole('option', { name: number, exact: true }).first().click();
  await page.getByTestId('print-preview-run').click();
  await expect(page.getByTestId('print-preview-errors')).toContainText('segnaposto che questo documento non ha');

  // the preview prints the text in the form, unsaved, on the real invoice
  await footer.fill('Fattura {{invoice.number}} per {{subject.name}} – prova');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/templates/print-templates/preview') && r.request().method() === 'POST'),
    page.getByTestId('print-preview-run').click(),
  ]);
  expect(response.status()).toBe(200);
  // the same call again outside the page (the page keeps the PDF as a blob): the text it sent, printed
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ document: 'INVOICE', recordId: invoice!.id, footer: 'Fattura {{invoice.number}} per {{subject.name}} – prova' });
  const again = await request.post('/api/templates/print-templates/preview', { headers: { authorization: `Bearer ${admin.token}` }, data: sent });
  expect(again.ok()).toBe(true);
  const preview = await renderFirstPage(Buffer.from(await again.body()));
  expect(preview.text).toContain(`Fattura ${number} per`);
  expect(preview.text).toContain('prova');
  await expect(page.getByTestId('print-preview-frame')).toBeVisible();
  writeFileSync(test.info().outputPath('preview-page-1.png'), preview.png);
  await page.screenshot({ path: test.info().outputPath('print-template-edit.png'), fullPage: true });
  // nothing was saved by the preview
  expect(((await admin.get(`/api/templates/print-templates/${template!.id}`)) as Rec).version).toBe(original.version);

  await page.getByTestId('record-save').click();
  await expect(notification(page).getByText('Record salvato').last()).toBeVisible();
  const newVersion = original.version + 1;
  await expect(page.getByTestId(`record-version-${newVersion}`)).toContainText('in uso');

  // the invoice's own PDF prints with the new version
  const pdf = await request.get(`/api/invoices/invoices/${invoice!.id}/pdf`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(pdf.ok()).toBe(true);
  expect((await renderFirstPage(Buffer.from(await pdf.body()))).text).toContain(`Fattura ${number} per`);

  // the earlier version comes back: its text into the form, then saved as the newest version
  await page.getByTestId(`record-version-restore-${original.version}`).click();
  await expect(footer).toHaveValue(original.footer);
  // the save lock of spec §4 lets a second save through after a moment
  await expect(page.getByTestId('record-save')).toBeEnabled();
  await page.getByTestId('record-save').click();
  await expect(page.getByTestId(`record-version-${newVersion + 1}`)).toContainText('in uso');
  const restored = (await admin.get(`/api/templates/print-templates/${template!.id}`)) as Rec & { footer: string };
  expect(restored.footer).toBe(original.footer);
  await page.screenshot({ path: test.info().outputPath('print-template-versions.png'), fullPage: true });
});

test("an administrator previews the request status mail on a real request, then the template's versions", async ({ page, request }) => {
  const admin = await api(request, 'admin');
  const [template] = (
    (await admin.get(`/api/templates/email-templates?q=${encodeURIComponent(JSON.stringify({ filters: [{ field: 'template', op: 'eq', value: 'REQUEST_STATUS_CHANGED' }, { field: 'lang', op: 'eq', value: 'it' }] }))}`)) as { items: Rec[] }
  ).items;
  expect(template, 'the base data has the request status mail').toBeDefined();
  const [accepted] = ((await admin.get(`/api/transactions/movement-requests?${filter('status', 'ACCEPTED')}&size=1`)) as { items: Rec[] }).items;
  expect(accepted, 'the demo data has an accepted request').toBeDefined();

  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/email-templates/${template!.id}`);
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  await page.locator('#email-preview-record').fill(String(accepted!.code));
  await page.getByRole('option', { name: new RegExp(String(accepted!.code)) }).first().click();
  await page.getByTestId('email-preview-run').click();
  await expect(page.getByTestId('email-preview-subject')).toHaveText(`Circula: richiesta ${String(accepted!.code)} – Accettata`);
  await expect(page.getByTestId('email-preview-source')).toContainText('Valori presi dalla richiesta scelta');
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').locator('body')).toContainText(String(accepted!.code));
  await expect(page.getByTestId('record-versions')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('email-template-preview.png'), fullPage: true });
});

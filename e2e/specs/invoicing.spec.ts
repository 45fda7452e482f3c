import { writeFileSync } from 'node:fs';
import { calendarMonth, todayInItaly } from '@circula/model';
import { expect as baseExpect, test } from '@playwright/test';
import { compileFatturaPaXsd } from '../../packages/server/test/support/xsd-compile.js';
import { api, filter, pageAs, type Rec } from '../support/api.js';
import { apiToken } from '../support/auth.js';
import { renderFirstPage } from '../support/pdf.js';

/**
 * Issue 19's journey: a manager runs the invoicing of last month (the demo leaves the month just
 * closed to be invoiced) — a dry run first, which creates nothing, then the real one, which makes
 * one draft per customer; issues one of them in the browser; downloads its FatturaPA XML (valid
 * against the official schema) and its PDF (rendered to an image and looked at); records a
 * partial collection, and the invoice shows as overdue for the rest.
 */
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const italianDay = (day: string) => day.split('-').reverse().join('/');

test('invoicing: run last month (dry run, then real), issue an invoice, FatturaPA and PDF, a partial collection, overdue for the rest', async ({ browser, request }) => {
  const manager = await api(request, 'manager');
  const page = await pageAs(browser, 'manager');
  const drafts = async () => ((await manager.get(`/api/invoices/invoices?size=200&${filter('status', 'DRAFT')}`)) as { items: Rec[]; total: number });
  expect((await drafts()).total).toBe(0);

  // the run: a dry run shows the invoices it would make and creates none
  await page.goto('/invoices');
  await page.getByTestId('invoice-run').click();
  const modal = page.getByTestId('invoice-run-modal');
  await modal.getByTestId('invoice-run-simulate').click();
  const proposed = modal.locator('[data-testid^="invoice-run-row-"]');
  await expect(proposed.first()).toBeVisible();
  const count = await proposed.count();
  expect(count).toBeGreaterThan(0);
  expect((await drafts()).total).toBe(0);

  // the real run: one draft per customer
  await modal.getByTestId('invoice-run-create').click();
  await expect(modal).toBeHidden();
  const made = await drafts();
  expect(made.total).toBe(count);

  // one draft, dated the last day of last month and due the same day (so that it is overdue now)
  const lastMonthEnd = calendarMonth(todayInItaly(), 1).to;
  const draft = made.items[0]!;
  await manager.put(`/api/invoices/invoices/${draft.id}`, { version: draft.version, issueDate: lastMonthEnd, dueDate: lastMonthEnd });

  // issued in the browser: it gets its number
  await page.goto(`/invoices/${draft.id}`);
  await page.getByTestId('status-ISSUED').click();
  await page.getByTestId('status-confirm').click();
  await expect(page.getByTestId('status-ISSUED')).toHaveAttribute('aria-pressed', 'true');
  const issued = (await manager.get(`/api/invoices/invoices/${draft.id}`)) as Rec;
  expect(issued.documentNumber).toMatch(/^\d+\/A$/);
  expect(issued.issueDate).toBe(lastMonthEnd);

  // its FatturaPA file, downloaded from the page: valid against the official schema
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-xml').click()]);
  expect(download.suggestedFilename()).toBe(String(issued.fileName));
  const xml = await (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  })();
  const xsd = compileFatturaPaXsd();
  try {
    expect(xsd.errors(xml)).toEqual([]);
  } finally {
    xsd.dispose();
  }
  expect(xml).toContain(`<Numero>${String(issued.documentNumber)}</Numero>`);
  expect(xml).toContain(`<Data>${lastMonthEnd}</Data>`);

  // its PDF: the button opens it; fetched with the same rights, rendered and looked at
  const printed = page.waitForResponse((r) => r.url().endsWith(`/api/invoices/invoices/${draft.id}/pdf`));
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('invoice-pdf').click()]);
  expect((await printed).status()).toBe(200);
  await popup.close();
  const pdf = await request.get(`/api/invoices/invoices/${draft.id}/pdf`, { headers: { authorization: `Bearer ${await apiToken(request, 'manager')}` } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const shown = await renderFirstPage(Buffer.from(await pdf.body()));
  await test.info().attach('invoice-page-1.png', { body: shown.png, contentType: 'image/png' });
  writeFileSync(test.info().outputPath('invoice-page-1.png'), shown.png);
  expect(shown.height).toBeGreaterThan(shown.width);
  expect(shown.inkShare).toBeGreaterThan(0.005);
  for (const text of ['Fattura', String(issued.documentNumber), italianDay(lastMonthEnd), 'Totale documento', 'Copia di cortesia']) expect(shown.text).toContain(text);

  // a partial collection: from the invoice, the form starts with what is still due
  await page.getByTestId('invoice-collect').click();
  await expect(page).toHaveURL(new RegExp(`/account-movements/new\\?invoice=${draft.id}`));
  const payable = Number(issued.payable);
  const half = Math.round(payable * 50) / 100;
  const amount = page.getByTestId('record-field-amount').locator('input');
  await expect(amount).not.toHaveValue('');
  // focused first: the box then shows the number ungrouped, and the typed text replaces it whole
  await amount.click();
  await amount.fill(String(half).replace('.', ','));
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/account-movements\/\d+/);

  // the invoice: partly collected, overdue for the rest
  const after = (await manager.get(`/api/invoices/invoices/${draft.id}`)) as Rec;
  expect(after.paymentStatus).toBe('PARTIALLY_PAID');
  expect(Number(after.paidAmount)).toBe(half);
  await page.goto(`/invoices/${draft.id}`);
  await expect(page.getByTestId('invoice-overdue')).toBeVisible();
  const rest = (Math.round(payable * 100) - Math.round(half * 100)) / 100;
  await expect(page.getByTestId('invoice-payment-state')).toContainText(new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(rest));
  await page.context().close();
});

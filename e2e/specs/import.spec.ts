import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.js';

// the server shares the machine with the browsers
test.describe.configure({ timeout: 90_000 });
const slow = expect.configure({ timeout: 30_000 });

/** A valid partita IVA (the check digit of isItalianVatNumber). */
function vatNumber(n: number): string {
  const base = `2${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(base[i]);
    sum += i % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

const chooseFile = (page: Page, name: string, content: string) =>
  page.getByTestId('import-modal').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });

test('imports customers from a CSV: the dry run shows the bad row, the fixed file is imported', async ({ page }) => {
  const run = Date.now() % 1_000_000;
  const name = (i: number) => `Importazione E2E ${run} cliente ${i}`;
  const vats = [1, 2, 3].map((i) => vatNumber(run * 10 + i));
  const badVat = `${vats[1]!.slice(0, 10)}${(Number(vats[1]![10]) + 1) % 10}`;
  const csv = (second: string) => `\uFEFFRagione sociale o nome;Partita IVA;Colonna ignorata\n${name(1)};${vats[0]};x\n${name(2)};${second};y\n${name(3)};${vats[2]};z\n`;

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/customers');
  await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', 'customers');

  await page.getByTestId('list-import').click();
  await chooseFile(page, 'clienti.csv', csv(badVat));
  // the headers equal to a field label are mapped to it; the others are left out
  await slow(page.locator('[data-testid=import-mapping-select][data-column="Ragione sociale o nome"]')).toContainText('Ragione sociale o nome');
  await expect(page.locator('[data-testid=import-mapping-select][data-column="Partita IVA"]')).toContainText('Partita IVA');
  await expect(page.locator('[data-testid=import-mapping-select][data-column="Colonna ignorata"]')).toContainText('Non importare');
  await expect(page.getByTestId('import-commit')).toBeDisabled();

  await page.getByTestId('import-dry-run').click();
  const report = page.getByTestId('import-report');
  await slow(report).toHaveAttribute('data-invalid', '1');
  await expect(report).toHaveAttribute('data-valid', '2');
  const error = page.locator('[data-testid=import-error][data-row="3"][data-field="vatNumber"]');
  await expect(error).toContainText('Partita IVA');
  await expect(error).toContainText('Valore non valido.');
  await expect(page.getByTestId('import-commit')).toBeDisabled();

  // the fixed file: a new dry run, then the import
  await chooseFile(page, 'clienti.csv', csv(vats[1]!));
  await slow(page.locator('[data-testid=import-mapping-select][data-column="Partita IVA"]')).toContainText('Partita IVA');
  await expect(page.getByTestId('import-report')).toHaveCount(0);
  await expect(page.getByTestId('import-commit')).toBeDisabled();
  await page.getByTestId('import-dry-run').click();
  await slow(page.getByTestId('import-all-valid')).toBeVisible();
  await expect(page.getByTestId('import-report')).toHaveAttribute('data-valid', '3');
  await expect(page.getByTestId('import-commit')).toBeEnabled();
  await page.getByTestId('import-commit').click();
  await slow(page.getByText('3 record importati')).toBeVisible();
  await expect(page.getByTestId('import-modal')).toBeHidden();

  await page.getByTestId('list-search-input').fill(`Importazione E2E ${run}`);
  await page.getByTestId('list-search-button').click();
  await slow(page.getByTestId('list-total')).toHaveAttribute('data-total', '3');
  for (const i of [1, 2, 3]) await expect(page.getByTestId('list-grid').getByText(name(i))).toBeVisible();
  await expect(page.getByTestId('list-grid').getByText(vats[1]!)).toBeVisible();
});

test('a large import shows its progress and stops on request, with nothing imported', async ({ page }) => {
  const run = Date.now() % 1_000_000;
  const rows = 20_000;
  const lines = ['Ragione sociale o nome;Partita IVA'];
  for (let i = 1; i <= rows; i++) lines.push(`Interrotta E2E ${run} cliente ${i};${vatNumber(run * 100 + i)}`);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/customers');
  await page.getByTestId('list-import').click();
  await chooseFile(page, 'grande.csv', `${lines.join('\n')}\n`);
  await slow(page.getByTestId('import-max-rows')).toContainText('Al massimo 100.000 righe per file.');
  await page.getByTestId('import-dry-run').click();

  const progress = page.getByTestId('import-progress');
  await slow(progress).toHaveAttribute('data-total', String(rows));
  await slow(progress).toContainText('Verifica in corso:');
  await expect(page.getByTestId('import-cancel')).toBeDisabled();
  await page.getByTestId('import-stop').click();
  await slow(page.getByText('Verifica interrotta.')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('import-report')).toHaveCount(0);

  await page.getByTestId('import-cancel').click();
  await page.getByTestId('list-search-input').fill(`Interrotta E2E ${run}`);
  await page.getByTestId('list-search-button').click();
  await slow(page.getByTestId('list-total')).toHaveAttribute('data-total', '0');
});

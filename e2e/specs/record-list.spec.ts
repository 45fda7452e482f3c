import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn } from '../support/auth.js';
import { BULK_ROWS, BULK_TABLE, bulkCode } from '../support/seed-bulk.js';

const SEARCH_ENDPOINT = '/api/conf/table-values';

const listUrl = (filters: object) => `/table-values?filters=${encodeURIComponent(JSON.stringify(filters))}`;
const BULK_LIST = listUrl({ query: '', filters: [{ field: 'tableCode', op: 'eq', value: BULK_TABLE }] });

/** Search requests of the table values list (not the export). */
const isSearch = (request: Request) => new URL(request.url()).pathname === SEARCH_ENDPOINT;

async function signInAs(page: Page, username: string) {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/);
}

// the server shares the machine with the browsers: counting a large table may take a while
test.describe.configure({ timeout: 90_000 });
const slow = expect.configure({ timeout: 30_000 });

const rowCode = (page: Page, index: number) => page.locator(`.ag-row[row-index="${index}"] [col-id="code"]`);

/** The list's total is an estimate within 5 % of `rows`. */
async function expectAbout(page: Page, rows: number): Promise<void> {
  const total = page.getByTestId('list-total');
  await slow(total).toHaveAttribute('data-total', /^\d+$/);
  await slow.poll(async () => Math.abs(Number(await total.getAttribute('data-total')) - rows) / rows).toBeLessThan(0.05);
}

test('a list of 100 000 rows is read page by page as it scrolls', async ({ page }) => {
  const searches: URL[] = [];
  page.on('request', (request) => {
    if (isSearch(request)) searches.push(new URL(request.url()));
  });
  await signInAs(page, 'admin');
  await page.goto(BULK_LIST);

  const list = page.getByTestId('record-list');
  await expect(list).toHaveAttribute('data-route', 'table-values');
  // past 10 000 rows the server estimates the total (the planner's figure), and the page says so
  await expectAbout(page, BULK_ROWS);
  await slow(page.getByTestId('list-total')).toHaveText('circa 100.000 record');
  await expect(page.getByTestId('list-filter-tag')).toContainText(BULK_TABLE);
  await expect(rowCode(page, 0)).toHaveText(bulkCode(1));

  // far down the list: the grid asks for the page of those rows only
  await page.getByTestId('list-grid').locator('.ag-grid-viewport').evaluate((viewport) => {
    viewport.scrollTop = viewport.scrollHeight * 0.9;
  });
  const far = page.getByTestId('list-open-record').filter({ hasText: /^B0(89|9\d)\d{3}$/ }).first();
  await slow(far).toBeVisible();
  const farCode = Number((await far.textContent())!.slice(1));
  expect(farCode).toBeGreaterThan(89_000);

  const pages = searches.map((url) => Number(url.searchParams.get('page')));
  expect(Math.max(...pages)).toBeGreaterThanOrEqual(890);
  // paged: no request asked for the whole table, and far fewer pages than the table has were read
  expect(searches.length).toBeGreaterThan(1);
  for (const url of searches) {
    const size = Number(url.searchParams.get('size'));
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(1000);
    expect(url.searchParams.get('unpaged')).toBeNull();
  }
  expect(searches.length).toBeLessThan(50);
});

test('an estimated total is counted exactly when the reader asks for it', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(BULK_LIST);
  await slow(page.getByTestId('list-total')).toHaveText('circa 100.000 record');
  const counted = page.waitForRequest((r) => isSearch(r) && new URL(r.url()).searchParams.get('exactCount') === 'true');
  await page.getByTestId('list-exact-count').click();
  await counted;
  await slow(page.getByTestId('list-total')).toHaveText(`${BULK_ROWS.toLocaleString('it-IT')} record`);
  await expect(page.getByTestId('list-total')).toHaveAttribute('data-total', String(BULK_ROWS));
  await expect(page.getByTestId('list-exact-count')).toHaveCount(0);
  // the URL keeps the choice: a reload counts exactly again
  await expect(page).toHaveURL(/[?&]count=exact/);
  await page.reload();
  await slow(page.getByTestId('list-total')).toHaveAttribute('data-total', String(BULK_ROWS));
});

test('clicking a header sorts on the server', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(BULK_LIST);
  await expect(rowCode(page, 0)).toHaveText(bulkCode(1));

  const header = page.locator('.ag-header-cell[col-id="code"]');
  const ascending = page.waitForRequest((r) => isSearch(r) && new URL(r.url()).searchParams.get('sort') === 'code,asc');
  await header.click();
  await ascending;
  const descending = page.waitForRequest((r) => isSearch(r) && new URL(r.url()).searchParams.get('sort') === 'code,desc');
  await header.click();
  await descending;
  await expect(rowCode(page, 0)).toHaveText(bulkCode(BULK_ROWS));
  await expect(rowCode(page, 1)).toHaveText(bulkCode(BULK_ROWS - 1));
});

test('the search box filters, is kept in the URL and applied on load', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/table-values');
  await slow(page.getByTestId('list-total')).toHaveAttribute('data-total', /^\d+$/);
  const all = Number(await page.getByTestId('list-total').getAttribute('data-total'));
  // an estimate of the whole table (its own rows and the lookups'): at least the bulk table, give or take
  expect(all).toBeGreaterThan(BULK_ROWS * 0.95);

  const input = page.getByTestId('list-search-input');
  await input.fill('Voce massiva 12345');
  await input.press('Enter');
  await slow(page.getByTestId('list-total')).toHaveText('1 record');
  await expect(rowCode(page, 0)).toHaveText(bulkCode(12_345));
  await expect.poll(() => new URL(page.url()).searchParams.get('filters')).toBe('{"query":"Voce massiva 12345"}');

  // as the global search bar opens it
  await page.reload();
  await expect(page.getByTestId('list-search-input')).toHaveValue('Voce massiva 12345');
  await slow(page.getByTestId('list-total')).toHaveAttribute('data-total', '1');
});

test('deleted records appear, marked, only with "show deleted"', async ({ page }) => {
  await signInAs(page, 'admin');
  const code = `DEL${Date.now() % 1_000_000}`;
  const table = `E2E_DELETED_${code}`;
  // a record of a table of its own, deleted through the API
  const status = await page.evaluate(async ({ code, table }) => {
    const { token } = JSON.parse(localStorage.getItem('circula.user')!) as { token: string };
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const created = await fetch('/api/conf/table-values', { method: 'POST', headers, body: JSON.stringify({ tableCode: table, code, name: 'Voce eliminata' }) });
    const { data } = (await created.json()) as { data: { id: number } };
    const deleted = await fetch(`/api/conf/table-values/${data.id}/delete`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    return [created.status, deleted.status];
  }, { code, table });
  expect(status).toEqual([201, 200]);

  await page.goto(listUrl({ query: '', filters: [{ field: 'tableCode', op: 'eq', value: table }] }));
  await slow(page.getByTestId('list-total')).toHaveText('0 record');
  await expect(page.getByTestId('list-empty')).toBeVisible();

  const showDeleted = page.waitForRequest((r) => isSearch(r) && new URL(r.url()).searchParams.get('showDeleted') === 'true');
  await page.getByTestId('list-show-deleted').click();
  await showDeleted;
  await slow(page.getByTestId('list-total')).toHaveText('1 record');
  await expect(page.getByTestId('list-empty')).toHaveCount(0);
  await expect(rowCode(page, 0)).toContainText(code);
  await expect(rowCode(page, 0).getByTestId('list-deleted-tag')).toHaveText('Eliminato');
});

test('the export downloads every matching row as CSV with the column headers', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(listUrl({ query: 'Voce massiva 12345' }));
  await slow(page.getByTestId('list-total')).toHaveText('1 record');

  await page.getByTestId('list-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('list-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^table-values-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
  expect(lines[0]).toMatch(/^Codice;Tabella;Valore;Nome;/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(bulkCode(12_345));
});

test('the column chooser hides a column and the choice is remembered', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/table-values');
  const nameHeader = page.locator('.ag-header-cell[col-id="name"]');

  // back to the default columns first (the preference outlives the test on a reused server)
  await page.getByTestId('list-columns-button').click();
  const settingsPut = (r: { url(): string; request(): Request }) => r.url().includes('/api/conf/user/settings/') && r.request().method() === 'PUT';
  const reset = page.waitForResponse(settingsPut);
  await page.getByTestId('list-columns-reset').click();
  await reset;
  await expect(nameHeader).toBeVisible();
  const saved = page.waitForResponse(settingsPut);
  await page.getByTestId('list-column-name').click();
  expect((await saved).ok()).toBe(true);
  // the reload must come after the second choice is stored, not race its PUT
  const savedVal = page.waitForResponse(settingsPut);
  await page.getByTestId('list-column-val').click();
  expect((await savedVal).ok()).toBe(true);
  await expect(nameHeader).toHaveCount(0);
  await expect(page.locator('.ag-header-cell[col-id="val"]')).toBeVisible();

  await page.reload();
  await expect(page.locator('.ag-header-cell[col-id="val"]')).toBeVisible();
  await expect(nameHeader).toHaveCount(0);
});

test('a double click opens the record; the new button follows the create permission', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(BULK_LIST);
  await expect(page.getByTestId('list-new')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Valori delle tabelle' })).toBeVisible();
  await slow(rowCode(page, 0)).toHaveText(bulkCode(1));
  await page.locator('.ag-row[row-index="1"] [col-id="name"]').dblclick();
  await expect(page).toHaveURL(/\/table-values\/\d+$/);
  // the code is a link to the record too
  await page.goBack();
  await slow(rowCode(page, 2)).toHaveText(bulkCode(3));
  await rowCode(page, 2).getByRole('link').click();
  await expect(page).toHaveURL(/\/table-values\/\d+$/);
});

test('a user who may read but not write the tables has the list without the new button', async ({ page }) => {
  // operators hold TABLE_R only (packages/model/src/security/groups.ts)
  await signInAs(page, 'operator');
  await page.goto(BULK_LIST);
  await expectAbout(page, BULK_ROWS);
  await expect(page.getByTestId('list-new')).toHaveCount(0);
});

test('a route the user cannot read answers 403', async ({ page }) => {
  await signInAs(page, 'operator');
  await page.goto('/entityconf');
  await expect(page.getByTestId('area-forbidden')).toBeVisible();
  await expect(page.getByTestId('record-list')).toHaveCount(0);
});

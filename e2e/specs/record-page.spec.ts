import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from '../support/auth.js';

// a fresh server on a shared machine can be slow to answer the first calls of a page
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const field = (page: Page, name: string) => page.getByTestId(`record-field-${name}`).locator('input, textarea').first();
const notification = (page: Page) => page.locator('.ant-notification');

async function signedIn(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A tag created through the UI; returns its id. */
async function createTag(page: Page, name: string): Promise<number> {
  await page.goto('/tags/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await field(page, 'name').fill(name);
  await page.getByTestId('record-field-translations').getByLabel('IT').fill(`${name} (it)`);
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/tags\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('create a tag, see it, edit it, delete and restore it, and read its history', async ({ page }) => {
  await signedIn(page, 'admin');
  const id = await createTag(page, 'Rifiuti speciali');

  const record = page.getByTestId('record-page');
  await expect(record).toHaveAttribute('data-mode', 'show');
  await expect(page.getByTestId('record-title')).toContainText(/Etichette · TAG-\d{6}/);
  await expect(field(page, 'name')).toHaveValue('Rifiuti speciali');
  await expect(field(page, 'name')).toBeDisabled();
  await expect(page.getByTestId('record-save')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('record-show.png'), fullPage: true });

  await page.getByTestId('record-edit').click();
  await expect(page).toHaveURL(new RegExp(`/tags/${id}/edit$`));
  await expect(record).toHaveAttribute('data-mode', 'edit');
  await field(page, 'name').fill('Rifiuti pericolosi');
  // the save lock holds the button for two seconds after the save, then lets it go (measured
  // from the click, so a slow machine can only lengthen the interval, never shorten it)
  const clickedAt = Date.now();
  await page.getByTestId('record-save').click();
  await expect(page.getByTestId('record-save')).toBeDisabled();
  await expect(notification(page).getByText('Record salvato').last()).toBeVisible();
  await expect(page.getByTestId('record-save')).toBeEnabled();
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_000);
  await page.screenshot({ path: test.info().outputPath('record-edit.png'), fullPage: true });

  await page.getByTestId('record-history').click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Modifica');
  await expect(entries.first()).toContainText('admin');
  await expect(entries.first().getByTestId('history-change-name')).toContainText('Rifiuti speciali → Rifiuti pericolosi');
  await expect(entries.last()).toContainText('Creazione');
  await page.screenshot({ path: test.info().outputPath('record-history.png'), fullPage: true });
  await page.keyboard.press('Escape');

  await page.getByTestId('record-delete').click();
  await page.getByTestId('record-delete-confirm').click();
  await expect(page).toHaveURL(/\/tags$/);

  await page.goto(`/tags/${id}`);
  await expect(page.getByTestId('record-deleted')).toBeVisible();
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
  await page.getByTestId('record-restore').click();
  await expect(page).toHaveURL(/\/tags$/);

  await page.goto(`/tags/${id}`);
  await expect(page.getByTestId('record-edit')).toBeVisible();
  await expect(page.getByTestId('record-deleted')).toHaveCount(0);
  await page.getByTestId('record-history').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(4);
  await expect(page.getByTestId('history-entry').first()).toContainText('Ripristino');
});

test('leaving a changed form asks for confirmation; cancelling stays', async ({ page }) => {
  await signedIn(page, 'admin');
  const id = await createTag(page, 'Da lasciare');
  await page.goto(`/tags/${id}/edit`);
  await field(page, 'name').fill('Cambiato ma non salvato');

  await page.getByTestId('record-cancel').click();
  await expect(page.getByTestId('leave-dialog')).toBeVisible();
  await page.getByTestId('leave-cancel').click();
  await expect(page.getByTestId('leave-dialog')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/tags/${id}/edit$`));
  await expect(field(page, 'name')).toHaveValue('Cambiato ma non salvato');

  await page.getByTestId('record-cancel').click();
  await expect(page.getByTestId('leave-dialog')).toBeVisible();
  await page.getByTestId('leave-confirm').click();
  await expect(page.getByTestId('leave-dialog')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/tags/${id}$`));
  await expect(field(page, 'name')).toHaveValue('Da lasciare');
});

test('an invalid cron is refused with the translated message, on the field and in the notification', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/scheduler/new');
  await field(page, 'name').fill('Pulizia notturna');
  await page.getByTestId('record-field-job').locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Pulizia dati scaduti' }).first().click();
  // the cron helper of a new entry opens on a typed expression
  await page.getByTestId('cron-expression').fill('0 0 25 * * ?');
  await page.getByTestId('record-save').click();

  const message = "Ore dell'espressione cron non valide (0-23).";
  await expect(notification(page).getByText(message)).toBeVisible();
  // the field's own error (the cron helper's live preview may say it too, beside it)
  await expect(page.getByTestId('record-field-cron').locator('.ant-form-item-explain-error')).toHaveText(message);
  await expect(page).toHaveURL(/\/scheduler\/new$/);
  await page.screenshot({ path: test.info().outputPath('record-constraint.png'), fullPage: true });

  // a duplicate code of a configuration table: the code field exists where codes are typed
  await page.goto('/tables/new');
  await field(page, 'code').fill('DUP_TABLE_E2E');
  await page.getByTestId('record-field-name').getByLabel('IT').fill('Tabella di prova');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/tables\/\d+$/);
  await page.goto('/tables/new');
  await field(page, 'code').fill('DUP_TABLE_E2E');
  await page.getByTestId('record-field-name').getByLabel('IT').fill('Doppione');
  await page.getByTestId('record-save').click();
  await expect(notification(page).getByText('Valore già presente.')).toBeVisible();
  await expect(page.getByTestId('record-field-code').getByText('Valore già presente.')).toBeVisible();
});

test('a stale edit gets the conflict dialog and reloading keeps the typed value', async ({ page, context }) => {
  await signedIn(page, 'admin');
  const id = await createTag(page, 'Condiviso');
  const other = await context.newPage();

  await page.goto(`/tags/${id}/edit`);
  await other.goto(`/tags/${id}/edit`);
  await expect(field(other, 'name')).toHaveValue('Condiviso');

  await field(other, 'name').fill('Salvato dall\'altra scheda');
  await other.getByTestId('record-save').click();
  await expect(notification(other).getByText('Record salvato').last()).toBeVisible();

  await field(page, 'icon').fill('TagOutlined');
  await page.getByTestId('record-save').click();
  await expect(page.getByTestId('conflict-dialog')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('record-conflict.png'), fullPage: true });
  await page.getByTestId('conflict-reload').click();
  await expect(page.getByTestId('conflict-dialog')).toBeHidden();
  await expect(field(page, 'name')).toHaveValue('Salvato dall\'altra scheda');
  await expect(field(page, 'icon')).toHaveValue('TagOutlined');

  await expect(page.getByTestId('record-save')).toBeEnabled();
  await page.getByTestId('record-save').click();
  await expect(notification(page).getByText('Record salvato').last()).toBeVisible();
  await page.goto(`/tags/${id}`);
  await expect(field(page, 'name')).toHaveValue('Salvato dall\'altra scheda');
  await expect(field(page, 'icon')).toHaveValue('TagOutlined');
});

test('a user who may read tags but not write them sees no Edit and cannot open the create page', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/conf/tags', { headers: { Authorization: `Bearer ${token}` }, data: { name: 'Solo lettura' } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  const operator = await apiToken(request, 'operator');
  const confs = await request.get('/api/entityconf/visible', { headers: { Authorization: `Bearer ${operator}` } });
  const visible = ((await confs.json()) as { data: { route: string; canRead: boolean; canWrite: boolean }[] }).data.find((e) => e.route === 'tags');
  expect(visible).toMatchObject({ canRead: true, canWrite: false });

  await signedIn(page, 'operator');

  await page.goto(`/tags/${id}`);
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  await expect(field(page, 'name')).toHaveValue('Solo lettura');
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
  await expect(page.getByTestId('record-delete')).toHaveCount(0);

  await page.goto('/tags/new');
  await expect(notification(page).getByText('Non hai i permessi per questa operazione.')).toBeVisible();
  await expect(notification(page).getByText('Non puoi modificare questo record.')).toBeVisible();
  await expect(page).toHaveURL(/\/tags$/);

  await page.goto(`/tags/${id}/edit`);
  await expect(notification(page).getByText("Non puoi creare record in quest'area.")).toBeVisible();
});

test('a record that does not exist shows the not-found page', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/tags/987654');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

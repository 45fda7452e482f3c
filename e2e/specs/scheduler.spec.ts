import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { api, filter, type Rec } from '../support/api.js';
import { signIn } from '../support/auth.js';

// a fresh server on a shared machine can be slow to answer the first calls of a page
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const field = (page: Page, name: string) => page.getByTestId(`record-field-${name}`);

/** Picks a value of an antd select by its label. */
async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** A date `days` from today, YYYY-MM-DD, and as the notice writes it (dd/mm/yyyy). */
function inDays(days: number): { iso: string; shown: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
  return { iso, shown: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

test('an administrator schedules a deadline reminder every five minutes with the cron helper, runs it now, sees its run and the notice it created', async ({ page, request }) => {
  const admin = await api(request, 'admin');
  // the reminders of the demo data told first (by the seeded entry), so that the journey's run
  // tells only of the enrolment below and its notice is the newest in the bell
  const [seeded] = ((await admin.get(`/api/conf/scheduler?${filter('job', 'DEADLINE_REMINDERS')}`)) as { items: Rec[] }).items;
  expect(seeded, 'the base data has a DEADLINE_REMINDERS entry').toBeDefined();
  await admin.post(`/api/conf/scheduler/${seeded!.id}/run`, {});
  await expect
    .poll(async () => ((await admin.get(`/api/conf/scheduler/${seeded!.id}/runs`)) as { items: { status: string }[] }).items[0]?.status, { timeout: 60_000 })
    .toBe('SUCCEEDED');

  // an Albo enrolment of its own, expiring in twelve days: the reminder has something new to tell
  const [model] = ((await admin.get('/api/subjects/albo-authorisations?size=1')) as { items: Rec[] }).items;
  expect(model, 'the demo data has an Albo enrolment').toBeDefined();
  const number = `E2E${Date.now() % 1_000_000}`;
  const expiry = inDays(12);
  await admin.post('/api/subjects/albo-authorisations', { holder: model!.holder, category: model!.category, number, expiry: expiry.iso });

  await signIn(page, 'admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/scheduler/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await field(page, 'name').locator('input').fill('Promemoria scadenze ogni 5 minuti');
  await choose(page, field(page, 'job').locator('.ant-select').first(), 'Promemoria scadenze');

  // the cron helper: every 5 minutes, said in Italian, with its next five run times
  await choose(page, page.getByTestId('cron-base'), 'Ogni N minuti');
  await expect(page.getByTestId('cron-interval')).toContainText('5');
  await expect(page.getByTestId('cron-sentence')).toHaveText('Ogni 5 minuti');
  await expect(page.getByTestId('cron-expression-built')).toHaveText('0 0/5 * * * ?');
  const runs = page.getByTestId('cron-next-runs');
  await expect(runs).toBeVisible();
  await expect(runs).toContainText(/(\d{2}\/\d{2}\/\d{4} \d{2}:\d[05])( · \d{2}\/\d{2}\/\d{4} \d{2}:\d[05]){4}/);
  await page.screenshot({ path: test.info().outputPath('scheduler-cron-helper.png'), fullPage: true });

  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/scheduler\/\d+$/);
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'show');
  // shown again from the stored expression
  await expect(page.getByTestId('cron-sentence')).toHaveText('Ogni 5 minuti');

  await page.getByTestId('scheduler-run-now').click();
  await expect(page.locator('.ant-notification').getByText('Esecuzione avviata').last()).toBeVisible();

  await page.getByRole('tab', { name: 'Esecuzioni' }).click();
  const runsTable = page.getByTestId('scheduler-runs');
  const status = runsTable.getByTestId('scheduler-run-status').first();
  await expect(status).toHaveAttribute('data-status', 'SUCCEEDED');
  await expect(status).toHaveText('Riuscita');
  await expect(runsTable).toContainText('Manuale');
  await runsTable.locator('.ant-table-row-expand-icon').first().click();
  await expect(runsTable.getByTestId('scheduler-run-log').first()).toContainText(/deadline\(s\), [1-9]\d* new notice\(s\)/);
  await page.screenshot({ path: test.info().outputPath('scheduler-runs.png'), fullPage: true });

  // the bell asks every minute: a reload shows the new notice at once
  await page.reload();
  await page.getByTestId('notice-bell').click();
  const list = page.getByTestId('notice-list');
  await expect(list).toContainText(`Iscrizione Albo ${number}: scade il ${expiry.shown}`);
  await page.screenshot({ path: test.info().outputPath('scheduler-notice.png'), fullPage: true });
});

import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/auth.js';
import { ownServerWithMail } from '../support/own-server.js';

/**
 * Issue 15's journey with real mail: a server of its own (fresh database, demo data) whose SMTP_URL
 * points at an SMTP server in this test process. The owner files a pickup request with two lines
 * (one hazardous) and submits it; an operator tries to refuse it without a reason (the server
 * says what is missing), accepts it and plans it by dragging it on the calendar; the owner sees
 * it planned and received a mail for each change the company made.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const own = ownServerWithMail('circula-e2e-requests-');
const pageOn = (browser: Browser) => own.pageOn(browser);

const field = (scope: Page | Locator, name: string) => scope.getByTestId(`record-field-${name}`);

/** Picks the suggestion of a reference's autocomplete after typing. */
async function pick(page: Page, scope: Locator, typed: string, option: RegExp): Promise<void> {
  await scope.getByRole('combobox').first().fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Picks a value of an antd select by its label. */
async function choose(page: Page, select: Locator, label: string | RegExp): Promise<void> {
  await select.click();
  // long lists are virtual: typing brings the option into view
  if (typeof label === 'string') await select.locator('input').fill(label);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** The next Monday after today (always in the future, with the rest of its week in the future too). */
function nextMonday(): Date {
  const day = new Date();
  day.setHours(12, 0, 0, 0);
  day.setDate(day.getDate() + (((8 - day.getDay()) % 7) || 7));
  return day;
}
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const italian = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, 12);

test('the owner files a request with two lines; the operator accepts it and plans it on the calendar; the owner sees it planned and got the mails', async ({ browser }) => {
  const monday = nextMonday();
  const wednesday = addDays(monday, 2);

  // the owner lands on their requests and starts a new one for a pickup point
  const owner = await pageOn(browser);
  await signIn(owner, 'owner');
  await expect(owner).toHaveURL(/\/rdr$/);
  await expect(owner.getByTestId('requests-landing')).toBeVisible();
  await owner.locator('[data-testid^="requests-new-"]').first().click();
  await expect(owner).toHaveURL(/\/rdr\/new$/);
  await expect(field(owner, 'requester').getByRole('combobox')).toHaveValue(/Carpenterie Metalliche Brambilla/);
  await expect(field(owner, 'pickupPoint').getByRole('combobox')).toHaveValue(/Brambilla/);
  // the kind is fixed by the route; the planning fields are the company's
  await expect(field(owner, 'kind').locator('.ant-select')).toHaveClass(/ant-select-disabled/);
  await expect(field(owner, 'plannedDate').locator('input')).toBeDisabled();

  await field(owner, 'wishedFrom').locator('input').fill(italian(monday));
  await field(owner, 'wishedFrom').locator('input').press('Enter');
  await field(owner, 'wishedTo').locator('input').fill(italian(addDays(monday, 4)));
  await field(owner, 'wishedTo').locator('input').press('Enter');

  // two lines: packaging paper, and packaging contaminated by hazardous substances (HP required)
  const lines = owner.getByTestId('lines-lines').getByTestId('form-array-row');
  const first = lines.nth(0);
  await pick(owner, first.locator('.ant-form-item').filter({ hasText: 'Codice EER' }), '15.01.01', /15 01 01/);
  await first.getByLabel('Quantità', { exact: true }).fill('1,5');
  await choose(owner, first.locator('.ant-form-item').filter({ hasText: 'Quantità stimata' }).locator('.ant-select'), /^t$/);
  await first.getByRole('button', { name: 'Aggiungi una riga dopo questa' }).click();
  const second = lines.nth(1);
  await pick(owner, second.locator('.ant-form-item').filter({ hasText: 'Codice EER' }), '15 01 10', /15 01 10\*/);
  await second.getByLabel('Quantità', { exact: true }).fill('200');
  await choose(owner, second.locator('.ant-form-item').filter({ hasText: 'Quantità stimata' }).locator('.ant-select'), /^kg$/);
  // hazardous: the server asks for its HP properties, naming the line
  await expect(owner.getByTestId('record-save')).toBeEnabled();
  await owner.getByTestId('record-save').click();
  await expect(field(owner, 'lines')).toContainText('Riga 2 · Caratteristiche di pericolo: Campo obbligatorio');
  await expect(owner).toHaveURL(/\/rdr\/new$/);
  await choose(owner, second.locator('.ant-form-item').filter({ hasText: 'Caratteristiche di pericolo' }).locator('.ant-select'), 'Ecotossico');
  await owner.keyboard.press('Escape');

  await expect(owner.getByTestId('record-save')).toBeEnabled();
  await owner.getByTestId('record-save').click();
  await expect(owner).toHaveURL(/\/rdr\/\d+$/);
  const id = owner.url().split('/').pop()!;
  await expect(owner.getByTestId('record-title')).toContainText(/RIC-\d{6}/);
  const code = (await owner.getByTestId('record-title').textContent())!.match(/RIC-\d{6}/)![0];
  await expect(field(owner, 'estimatedKg').locator('input')).toHaveValue(/1\.700/);

  await owner.getByTestId('status-SUBMITTED').click();
  await owner.getByTestId('status-confirm').click();
  await expect(owner.getByTestId('status-SUBMITTED')).toHaveAttribute('aria-pressed', 'true');
  // submitted: the owner no longer edits it, nor accepts it
  await expect(owner.getByTestId('record-edit')).toHaveCount(0);
  await expect(owner.getByTestId('status-ACCEPTED')).toBeDisabled();

  // the operator cannot refuse it without a reason: the server names the missing field
  const operator = await pageOn(browser);
  await signIn(operator, 'operator');
  await expect(operator).not.toHaveURL(/\/login/);
  await operator.goto(`/rdr/${id}`);
  await operator.getByTestId('status-REFUSED').click();
  await operator.getByTestId('status-confirm').click();
  await expect(field(operator, 'refusalMotivation')).toContainText('Campo obbligatorio');
  await expect(operator.getByTestId('status-SUBMITTED')).toHaveAttribute('aria-pressed', 'true');

  // accepted, then planned by dragging it on the calendar from Monday to Wednesday
  await operator.goto(`/rdr/${id}`);
  await operator.getByTestId('status-ACCEPTED').click();
  await operator.getByTestId('status-confirm').click();
  await expect(operator.getByTestId('status-ACCEPTED')).toHaveAttribute('aria-pressed', 'true');
  await operator.getByTestId('record-calendar').click();
  await expect(operator).toHaveURL(new RegExp(`/calendar\\?types=rdr&date=${iso(monday)}`));
  const event = operator.locator('.fc-event').filter({ hasText: code });
  await expect(event).toBeVisible();
  const target = operator.locator(`.fc-timegrid .fc-daygrid-day[data-date="${iso(wednesday)}"]`).first();
  const from = (await event.first().boundingBox())!;
  const to = (await target.boundingBox())!;
  await operator.mouse.move(from.x + 10, from.y + from.height / 2);
  await operator.mouse.down();
  await operator.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
  await operator.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  // the drop plans it with a PUT: wait for its answer before leaving the page (leaving would cancel it)
  const dropped = operator.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/${id}`));
  await operator.mouse.up();
  expect((await dropped).status()).toBe(200);
  await operator.goto(`/rdr/${id}`);
  await expect(operator.getByTestId('status-PLANNED')).toHaveAttribute('aria-pressed', 'true');
  await expect(field(operator, 'plannedDate').locator('input')).toHaveValue(italian(wednesday));

  // the owner sees it planned on their landing page, and was told by mail of each change
  await owner.goto('/rdr');
  const row = owner.getByTestId('requests-open').locator('tr').filter({ hasText: code });
  await expect(row).toContainText('Pianificata');
  await expect(row).toContainText(`Pianificata per il ${italian(wednesday)}`);
  const accepted = await own.smtp.waitFor('owner@circula.example', 1, 30_000);
  const planned = await own.smtp.waitFor('owner@circula.example', 2, 30_000);
  expect(accepted.subject.replace(/\s+/g, ' ')).toContain(`${code}`);
  expect(accepted.subject).toMatch(/Accettata/i);
  expect(planned.subject).toMatch(/Pianificata/i);
  expect(`${planned.text}${planned.html}`).toContain(italian(wednesday));
});

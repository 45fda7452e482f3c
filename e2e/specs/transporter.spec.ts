import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, signIn } from '../support/auth.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const fieldOf = (page: Page, name: string) => page.getByTestId(`record-field-${name}`);
const input = (page: Page, name: string) => fieldOf(page, name).locator('input, textarea').first();

/** Types into a reference field and picks the suggestion with that text. */
async function pick(page: Page, name: string, typed: string, option: string | RegExp): Promise<void> {
  const box = fieldOf(page, name).getByRole('combobox');
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Picks a value of a lookup select by its label. */
async function choose(page: Page, name: string, label: string | RegExp): Promise<void> {
  const select = fieldOf(page, name).locator('.ant-select');
  await select.click();
  await select.locator('input').fill(typeof label === 'string' ? label : '');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

async function save(page: Page, route: string): Promise<string> {
  await expect(page.getByTestId('record-save')).toBeEnabled();
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(new RegExp(`/${route}/\\d+$`));
  return page.url().split('/').pop()!;
}

/** A plate no other run used: two letters, three digits, two letters (no I, O, Q, U). */
function freshPlate(): string {
  const letters = 'ABCDEFGHJKLMNPRSTVWXYZ';
  const n = Date.now();
  const l = (i: number) => letters[Math.floor(n / 22 ** i) % 22];
  return `G${l(3)}${String(n % 1000).padStart(3, '0')}${l(1)}${l(2)}`;
}

const rowWith = (page: Page, text: string | RegExp): Locator => page.locator('.ag-row').filter({ hasText: text });

test('a transporter with its Albo authorisation covering EER codes and a vehicle; expired and expiring authorisations are flagged', async ({ page, request }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const name = `Trasporti Valtellina ${suffix} S.r.l.`;
  const number = `SO/${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  await signIn(page, 'operator');
  await expect(page).not.toHaveURL(/\/login/);

  // the transporter
  await page.goto('/transporters/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await input(page, 'name').fill(name);
  const transporterId = Number(await save(page, 'transporters'));

  // its enrolment in the Albo, category 4 class E, covering two EER codes
  await page.goto('/albo-authorisations/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await pick(page, 'holder', `Valtellina ${suffix}`, new RegExp(`Valtellina ${suffix}`));
  await input(page, 'number').fill(number);
  await choose(page, 'category', 'Raccolta e trasporto di rifiuti speciali non pericolosi');
  await choose(page, 'alboClass', 'Classe E');
  await input(page, 'expiry').fill('31/12/2030');
  await input(page, 'expiry').press('Enter');
  // an EER entry is found by its code and labelled by its code and description
  await pick(page, 'wasteCodes', '150101', /^15 01 01 — /);
  await pick(page, 'wasteCodes', '200301', /^20 03 01 — /);
  await expect(fieldOf(page, 'wasteCodes').locator('.ant-tag')).toHaveText([/^15 01 01 — /, /^20 03 01 — rifiuti urbani non differenziati/]);
  await save(page, 'albo-authorisations');
  await expect(input(page, 'number')).toHaveValue(number);

  // a vehicle of the transporter, travelling under that enrolment
  const plate = freshPlate();
  await page.goto('/vehicles/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await input(page, 'plate').fill(plate.toLowerCase());
  await choose(page, 'vehicleType', 'Autocarro scarrabile');
  await pick(page, 'owner', `Valtellina ${suffix}`, new RegExp(`Valtellina ${suffix}`));
  await input(page, 'alboNumber').fill(number);
  await save(page, 'vehicles');
  await expect(input(page, 'plate')).toHaveValue(plate);

  // what the server holds: the enrolment covers 20 03 01 for this holder, the vehicle is its
  const token = await apiToken(request, 'operator');
  const headers = { authorization: `Bearer ${token}` };
  const waste = await request.get(`/api/waste/waste?q=${encodeURIComponent(JSON.stringify({ query: '200301' }))}`, { headers });
  const wasteId = ((await waste.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  const covering = await request.get(
    `/api/subjects/albo-authorisations?q=${encodeURIComponent(
      JSON.stringify({ filters: [{ field: 'holder', op: 'eq', value: transporterId }, { field: 'wasteCodes', op: 'contains', value: wasteId }] }),
    )}`,
    { headers },
  );
  const enrolments = ((await covering.json()) as { data: { items: { number: string; category: string; alboClass: string; expiry: string }[] } }).data.items;
  expect(enrolments).toEqual([expect.objectContaining({ number, category: '4', alboClass: 'E', expiry: '2030-12-31' })]);
  const vehicles = await request.get(`/api/vehicles/vehicles?q=${encodeURIComponent(JSON.stringify({ filters: [{ field: 'owner', op: 'eq', value: transporterId }] }))}`, { headers });
  expect(((await vehicles.json()) as { data: { items: { plate: string; alboNumber: string }[] } }).data.items).toEqual([expect.objectContaining({ plate, alboNumber: number })]);

  // the list flags the demo's expired enrolment in red and the one about to expire in orange; the new one is fine
  await page.goto('/albo-authorisations');
  await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', 'albo-authorisations');
  await expect(rowWith(page, 'MI/031877').locator('[data-deadline="expired"]')).toBeVisible();
  await expect(rowWith(page, 'MI/015602').locator('[data-deadline="expiring"]')).toBeVisible();
  await page.goto(`/albo-authorisations?filters=${encodeURIComponent(JSON.stringify({ query: number }))}`);
  await expect(rowWith(page, number)).toBeVisible();
  await expect(rowWith(page, number).locator('[data-deadline]')).toHaveCount(0);
});

test('an area by province with its assigned transporter and customer; a customer is not accepted as the area transporter', async ({ page }) => {
  const name = `Brianza Est ${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'operator');
  await expect(page).not.toHaveURL(/\/login/);
  // the demo areas, one per group of provinces
  await page.goto('/area');
  await expect(page.getByTestId('record-list')).toHaveAttribute('data-route', 'area');
  await expect(rowWith(page, 'Milano e hinterland')).toBeVisible();
  await expect(rowWith(page, 'Lodigiano e Pavese')).toContainText('Pavia');

  await page.goto('/area/new');
  await expect(page.getByTestId('record-page')).toHaveAttribute('data-mode', 'new');
  await input(page, 'name').fill(name);
  await choose(page, 'provinces', 'Monza e della Brianza');
  await input(page, 'municipalities').fill('Vimercate, Agrate Brianza');
  // a customer picked as transporter: the server refuses it, translated, on the field
  await pick(page, 'transporters', 'Salumificio Arrigoni', /Salumificio Arrigoni/);
  await pick(page, 'customers', 'Salumificio Arrigoni', /Salumificio Arrigoni/);
  await page.getByTestId('record-save').click();
  await expect(fieldOf(page, 'transporters')).toContainText('non ha il ruolo corrispondente');
  await expect(page).toHaveURL(/\/area\/new$/);

  await fieldOf(page, 'transporters').locator('.ant-tag .ant-tag-close-icon').first().click();
  await pick(page, 'transporters', 'Autotrasporti Pozzoli', /Autotrasporti Pozzoli/);
  await save(page, 'area');
  await expect(page.getByTestId('record-title')).toContainText(/ARE-\d{6}/);
  await expect(fieldOf(page, 'transporters')).toContainText('Autotrasporti Pozzoli S.r.l.');
  await expect(fieldOf(page, 'customers')).toContainText('Salumificio Arrigoni S.r.l.');
  // every subject assigned, whatever the role, kept by the server
  await expect(fieldOf(page, 'assignedSubjects')).toContainText('Autotrasporti Pozzoli S.r.l.');
  await expect(fieldOf(page, 'assignedSubjects')).toContainText('Salumificio Arrigoni S.r.l.');

  await page.goto(`/area?filters=${encodeURIComponent(JSON.stringify({ query: name }))}`);
  await expect(rowWith(page, name)).toBeVisible();
});

test('an enrolment is suspended, then cancelled: each step through an allowed status, and a cancelled one is final', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const holder = (await (await request.get('/api/subjects/transporters?size=1', { headers })).json()).data.items[0];
  const created = await request.post('/api/subjects/albo-authorisations', {
    headers,
    data: { holder: holder.id, number: `MI/S${Date.now() % 1_000_000}`, category: '4', expiry: '2030-12-31' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const enrolment = (await created.json()).data;
  expect(enrolment.status).toBe('ACTIVE');

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/albo-authorisations/${enrolment.id}`);
  const status = (code: string) => page.getByTestId(`status-${code}`);
  await expect(status('ACTIVE')).toHaveAttribute('aria-pressed', 'true');
  await expect(status('SUSPENDED')).toBeEnabled();
  await expect(status('REVOKED')).toBeEnabled();

  await status('SUSPENDED').click();
  await page.getByTestId('status-confirm').click();
  await expect(status('SUSPENDED')).toHaveAttribute('aria-pressed', 'true');
  await expect(status('ACTIVE')).toBeEnabled();

  await status('REVOKED').click();
  await page.getByTestId('status-confirm').click();
  await expect(status('REVOKED')).toHaveAttribute('aria-pressed', 'true');
  // cancelled: no status is allowed from here, and the record is no longer editable
  await expect(status('ACTIVE')).toBeDisabled();
  await expect(status('SUSPENDED')).toBeDisabled();
  await expect(page.getByTestId('record-edit')).toHaveCount(0);

  const stored = (await (await request.get(`/api/subjects/albo-authorisations/${enrolment.id}`, { headers })).json()).data;
  expect(stored).toMatchObject({ status: 'REVOKED', canWrite: false, allowedStatuses: [] });
  const history = (await (await request.get(`/api/subjects/albo-authorisations/${enrolment.id}/history`, { headers })).json()).data;
  expect(JSON.stringify(history)).toContain('TRANSITION');
});

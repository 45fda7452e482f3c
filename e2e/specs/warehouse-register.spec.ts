import { writeFileSync } from 'node:fs';
import { todayInItaly } from '@circula/model';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { api, filter, pageAs, type Rec } from '../support/api.js';
import { apiToken } from '../support/auth.js';
import { renderFirstPage } from '../support/pdf.js';

/**
 * Issue 18's journey: a transport to a new plant is on the road with its FIR signed by producer,
 * transporter and destination (set up through the API); the planner completes it in the browser;
 * the plant's register shows the new load with the next number and the FIR, and its stock went
 * up; an operator runs a treatment of that stock into two outputs (the material and the sorting
 * residue) and confirms it — the register has the unload and the two loads; the register is
 * printed, and its PDF is rendered to an image (pdf.js on a canvas, no browser viewer) and looked
 * at: landscape, the site's header, the rows, the page number.
 */
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const field = (scope: Page | Locator, name: string) => scope.getByTestId(`record-field-${name}`);

/** Picks the suggestion of a reference's autocomplete after typing. */
async function pick(page: Page, scope: Locator, typed: string, option: RegExp): Promise<void> {
  await scope.getByRole('combobox').first().fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Picks a value of an antd select by its label. */
async function choose(page: Page, select: Locator, label: string | RegExp): Promise<void> {
  await select.click();
  if (typeof label === 'string') await select.locator('input').fill(label);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

test('complete a transport: the plant registers the load with the next number and its stock grows; a treatment into two outputs; the register printed and looked at', async ({ browser, request }) => {
  const admin = await api(request, 'admin');
  const owner = await api(request, 'owner');
  const suffix = String(Date.now()).slice(-5);

  // a plant of the company for the code, a transporter with its enrolment and vehicle, an accepted request, a trip on the road
  const pdp = ((await owner.get('/api/warehouses/warehouses-pdp?size=1')) as { items: Rec[] }).items[0]!;
  const waste = ((await admin.get(`/api/waste/waste?${filter('code', '150106')}`)) as { items: Rec[] }).items[0]!;
  const residue = ((await admin.get(`/api/waste/waste?${filter('code', '191212')}`)) as { items: Rec[] }).items[0]!;
  const plantName = `Impianto registro ${suffix}`;
  const plant = await admin.post('/api/warehouses/warehouse', { name: plantName, warehouseType: 'PLANT', authorisedWaste: [waste.id], operations: ['R3', 'R13'], authorisationNumber: `AUA ${suffix}/2026` });
  const carrier = await admin.post('/api/subjects/transporters', { subjectType: 'COMPANY', name: `Trasporti Registro ${suffix} S.r.l.` });
  const albo = `MI/88${suffix.slice(-4)}`;
  await admin.post('/api/subjects/albo-authorisations', { holder: carrier.id, number: albo, category: '4', validFrom: '2020-07-01', expiry: '2031-06-30' });
  const vehicle = await admin.post('/api/vehicles/vehicles', { plate: `RR${suffix.slice(-3)}GG`, vehicleType: 'SCARRABILE', capacityKg: 20_000, alboNumber: albo, owner: carrier.id });
  const today = todayInItaly();
  const created = await owner.post('/api/transactions/rdr', {
    kind: 'RDR',
    requester: pdp.owner,
    pickupPoint: pdp.id,
    destination: plant.id,
    wishedFrom: today,
    lines: [{ waste: waste.id, description: 'Imballaggi in materiali misti', quantity: { value: 2400, unit: 'KG' } }],
  });
  const submitted = await owner.put(`/api/transactions/rdr/${created.id}?newStatus=SUBMITTED`, { version: created.version });
  const accepted = await admin.put(`/api/transactions/rdr/${created.id}?newStatus=ACCEPTED`, { version: submitted.version });
  const trip = await admin.post('/api/transports/transport', { date: today, transporter: carrier.id, vehicle: vehicle.id, stops: [{ kind: 'PICKUP', request: accepted.id }, { kind: 'DELIVERY', warehouse: plant.id }] });
  await admin.put(`/api/transports/transport/${trip.id}?newStatus=IN_PROGRESS`, { version: trip.version });
  const [issued] = ((await admin.get(`/api/transports/transaction-documents?${filter('transport', trip.id)}`)) as { items: Rec[] }).items;
  // the plant admits R3 and R13: the FIR names R13 (storage before recovery) before the producer signs
  const fir = await admin.put(`/api/transports/transaction-documents/${issued!.id}`, { version: issued!.version, operation: 'R13' });
  await owner.put(`/api/transports/transport/${trip.id}/fir/${fir.id}/sign`, { role: 'PRODUCER' });
  await admin.put(`/api/transports/transport/${trip.id}/fir/${fir.id}/sign`, { role: 'TRANSPORTER' });
  await admin.put(`/api/transports/transport/${trip.id}/fir/${fir.id}/sign`, { role: 'DESTINATION', acceptedKg: 2350 });

  // before: the plant's register of this year is empty, its stock too
  const operator = await pageAs(browser, 'operator');
  await operator.goto(`/warehouse/${plant.id}`);
  await operator.getByRole('tab', { name: 'Registro di carico e scarico' }).click();
  await expect(operator.getByTestId('register-grid')).toContainText('Nessuna registrazione nel registro');

  // the planner completes the trip in the browser
  const logistic = await pageAs(browser, 'logistic');
  await logistic.goto(`/transport/${trip.id}`);
  await logistic.getByTestId('status-COMPLETED').click();
  await logistic.getByTestId('status-confirm').click();
  await expect(logistic.getByTestId('status-COMPLETED')).toHaveAttribute('aria-pressed', 'true');

  // the register has the load: number 1 of the year, the FIR, 2 350 kg; the stock went up by as much
  await operator.reload();
  await operator.getByRole('tab', { name: 'Registro di carico e scarico' }).click();
  const grid = operator.getByTestId('register-grid');
  await expect(grid).toContainText(String(fir.number));
  await expect(grid).toContainText('2.350');
  await expect(operator.getByTestId('register-totals')).toContainText('2.350');
  await operator.getByRole('tab', { name: 'Giacenze' }).click();
  await expect(operator.getByTestId('stock-table')).toContainText('15 01 06');
  await expect(operator.getByTestId('stock-table')).toContainText('2.350');

  // a treatment (R3) of 2 000 kg of that stock into two outputs: 1 850 kg sorted and 80 kg of residue (19 12 12), within the declared 5 %
  await operator.goto('/treatments/new');
  await pick(operator, field(operator, 'plant'), plantName, new RegExp(plantName));
  const treatedAt = field(operator, 'treatedAt').locator('input');
  await treatedAt.fill(`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)} 00:05`);
  await treatedAt.press('Enter');
  await choose(operator, field(operator, 'operation').locator('.ant-select'), 'R3 - ');
  await field(operator, 'declaredLossPct').locator('input').fill('5');
  const inputs = operator.getByTestId('lines-inputs').getByTestId('form-array-row');
  await pick(operator, inputs.nth(0).locator('.ant-form-item').filter({ hasText: 'Codice EER' }), '15 01 06', /15 01 06/);
  await inputs.nth(0).getByLabel('Quantità (kg)').fill('2000');
  const outputs = operator.getByTestId('lines-outputs').getByTestId('form-array-row');
  await pick(operator, outputs.nth(0).locator('.ant-form-item').filter({ hasText: 'Codice EER' }), '15 01 06', /15 01 06/);
  await outputs.nth(0).getByLabel('Quantità (kg)').fill('1850');
  await outputs.nth(0).getByRole('button', { name: 'Aggiungi una riga dopo questa' }).click();
  await pick(operator, outputs.nth(1).locator('.ant-form-item').filter({ hasText: 'Codice EER' }), '19 12 12', /19 12 12/);
  await outputs.nth(1).getByLabel('Quantità (kg)').fill('80');
  await expect(operator.getByTestId('treatment-balance')).toContainText('1.930');
  await operator.getByTestId('record-save').click();
  await expect(operator).toHaveURL(/\/treatments\/\d+$/);
  await operator.getByTestId('status-CONFIRMED').click();
  await operator.getByTestId('status-confirm').click();
  await expect(operator.getByTestId('status-CONFIRMED')).toHaveAttribute('aria-pressed', 'true');

  // the register: the load, the treatment's unload and its two loads, numbered 1 to 4; the stock follows
  const register = (await admin.get(`/api/warehouses/register/${plant.id}?year=${today.slice(0, 4)}`)) as { items: Rec[] };
  expect(register.items.map((r) => [r.number, r.movement, r.quantity])).toEqual([[1, 'C', 2350], [2, 'S', 2000], [3, 'C', 1850], [4, 'C', 80]]);
  await operator.goto(`/warehouse/${plant.id}`);
  await operator.getByRole('tab', { name: 'Registro di carico e scarico' }).click();
  await expect(operator.getByTestId('register-grid')).toContainText('19 12 12');
  await operator.getByRole('tab', { name: 'Giacenze' }).click();
  await expect(operator.getByTestId('stock-table')).toContainText('2.200');
  await expect(operator.getByTestId('stock-table')).toContainText('80');
  expect(residue.id).toBeGreaterThan(0);

  // print: the button opens the register's PDF; fetched with the same rights and looked at
  await operator.getByRole('tab', { name: 'Registro di carico e scarico' }).click();
  const printed = operator.waitForResponse((r) => r.url().includes(`/api/warehouses/register/${plant.id}`) && r.url().includes('format=pdf'));
  const [popup] = await Promise.all([operator.waitForEvent('popup'), operator.getByTestId('register-print').click()]);
  const shownUrl = (await printed).url();
  await popup.close();
  // the document the button asked for, fetched again with the same rights (the page keeps its copy as a blob)
  const pdf = await request.get(shownUrl, { headers: { authorization: `Bearer ${await apiToken(request, 'operator')}` } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  const shown = await renderFirstPage(Buffer.from(body));
  await test.info().attach('register-page-1.png', { body: shown.png, contentType: 'image/png' });
  writeFileSync(test.info().outputPath('register-page-1.png'), shown.png);
  expect(shown.width).toBeGreaterThan(shown.height);
  expect(shown.inkShare).toBeGreaterThan(0.01);
  for (const text of [plantName, `AUA ${suffix}/2026`, String(fir.number), '15 01 06', '19 12 12', 'Pagina 1 di 1']) expect(shown.text).toContain(text);
  for (const page of [operator, logistic]) await page.context().close();
});

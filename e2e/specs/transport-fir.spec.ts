import { expect as baseExpect, test } from '@playwright/test';
import { api, filter, pageAs, type Rec } from '../support/api.js';

/**
 * Issue 16's journey: a logistics planner plans a transport from two accepted requests on the
 * planning page and hits a legal check (the transporter's Albo enrolment has expired: the server's
 * message shows on the transporter); an administrator renews the enrolment and the planner creates
 * the trip; it starts, and its FIRs are signed in turn by three users — the owner for the producer,
 * the planner for the transporter, an operator for the destination with a weight off the estimate;
 * completed with the verified weights of the FIRs, its requests are DONE, and the FIR verifier
 * finds the weight anomaly on the worklist.
 */
// about 2 minutes alone, over 4 on a loaded CI machine beside another worker
test.describe.configure({ timeout: 480_000 });
const expect = baseExpect.configure({ timeout: 30_000 });


const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);

test('plan two requests, hit the expired Albo enrolment, fix it, start, sign the FIRs three times, complete; the verifier sees the weight anomaly', async ({ browser, request }) => {
  const admin = await api(request, 'admin');
  const owner = await api(request, 'owner');
  const suffix = String(Date.now()).slice(-5);

  // what the journey needs: the owner's pickup point, a plant for the code, a transporter whose enrolment has expired, its vehicle, two accepted requests
  const pdp = ((await owner.get('/api/warehouses/warehouses-pdp?size=1')) as { items: Rec[] }).items[0]!;
  const waste = ((await admin.get(`/api/waste/waste?${filter('code', '150106')}`)) as { items: Rec[] }).items[0]!;
  const plant = await admin.post('/api/warehouses/warehouse', { name: `Impianto collaudo ${suffix}`, warehouseType: 'PLANT', authorisedWaste: [waste.id], operations: ['R13'] });
  const carrier = await admin.post('/api/subjects/transporters', { subjectType: 'COMPANY', name: `Trasporti Collaudo ${suffix} S.r.l.` });
  const albo = `MI/99${suffix.slice(-4)}`;
  const enrolment = await admin.post('/api/subjects/albo-authorisations', { holder: carrier.id, number: albo, category: '4', validFrom: '2020-07-01', expiry: '2025-06-30' });
  const plate = `GG${suffix.slice(-3)}HH`;
  await admin.post('/api/vehicles/vehicles', { plate, vehicleType: 'SCARRABILE', capacityKg: 20_000, alboNumber: albo, owner: carrier.id });
  const requests: Rec[] = [];
  for (const kg of [1200, 800]) {
    const created = await owner.post('/api/transactions/rdr', {
      kind: 'RDR',
      requester: pdp.owner,
      pickupPoint: pdp.id,
      destination: plant.id,
      wishedFrom: tomorrow(),
      lines: [{ waste: waste.id, description: 'Imballaggi in materiali misti', quantity: { value: kg, unit: 'KG' } }],
    });
    const submitted = await owner.put(`/api/transactions/rdr/${created.id}?newStatus=SUBMITTED`, { version: created.version });
    requests.push(await admin.put(`/api/transactions/rdr/${created.id}?newStatus=ACCEPTED`, { version: submitted.version }));
  }

  // the planner takes both requests on the planning page
  const logistic = await pageAs(browser, 'logistic');
  await logistic.goto('/transport');
  await logistic.getByTestId('plan-transport').click();
  const planner = logistic.locator('.transport-planner');
  for (const r of requests) {
    await planner.getByLabel('Cerca richieste').fill(String(r.code));
    await planner.getByLabel('Cerca richieste').press('Enter');
    await planner.getByRole('checkbox', { name: `Aggiungi ${String(r.code)} al viaggio` }).check();
  }
  await expect(planner.getByTestId('planner-stop')).toHaveCount(3);
  await planner.getByLabel('Trasportatore').fill(`Collaudo ${suffix}`);
  await logistic.getByRole('option', { name: new RegExp(`Collaudo ${suffix}`) }).first().click();
  await planner.getByLabel('Veicolo', { exact: true }).fill(plate);
  await logistic.getByRole('option').first().click();
  await expect(planner.getByTestId('planner-payload')).toContainText(plate);

  // the enrolment expired: the server refuses, and says so on the transporter
  await planner.getByTestId('planner-create').click();
  await expect(planner.getByTestId('planner-errors-planner-transporter')).toContainText("L'iscrizione all'Albo Gestori Ambientali del trasportatore non è valida");
  await expect(logistic).toHaveURL(/\/transport$/);

  // an administrator renews the enrolment
  const adminPage = await pageAs(browser, 'admin');
  await adminPage.goto(`/albo-authorisations/${enrolment.id}`);
  await adminPage.getByTestId('record-edit').click();
  const expiry = adminPage.getByTestId('record-field-expiry').locator('input');
  await expiry.fill('30/06/2030');
  await expiry.press('Enter');
  await adminPage.getByTestId('record-save').click();
  await expect(adminPage.getByText('Record salvato').last()).toBeVisible();

  // the same plan now passes: the trip opens on its page
  await planner.getByTestId('planner-create').click();
  await expect(logistic).toHaveURL(/\/transport\/\d+$/);
  const transportId = Number(/\/transport\/(\d+)$/.exec(logistic.url())![1]);
  for (const r of requests) expect(((await admin.get(`/api/transactions/rdr/${r.id}`)) as Rec).status).toBe('PLANNED');

  // departure: the FIRs are issued, one per load
  await logistic.getByTestId('status-IN_PROGRESS').click();
  await logistic.getByTestId('status-confirm').click();
  await expect(logistic.getByTestId('status-IN_PROGRESS')).toHaveAttribute('aria-pressed', 'true');
  await logistic.getByRole('tab', { name: 'Formulari (FIR)' }).click();
  await expect(logistic.getByTestId('fir-table').locator('tbody tr')).toHaveCount(2);
  const firs = ((await admin.get(`/api/transports/transaction-documents?${filter('transport', transportId)}`)) as { items: Rec[] }).items.sort((a, b) => a.id - b.id);
  expect(firs).toHaveLength(2);

  // the signatures go in turn: the first one due is the producer's
  await expect(logistic.getByTestId(`fir-sign-${firs[0]!.id}`)).toHaveText(/Firma come produttore/);

  // 1 · the owner signs for the producer, on each FIR's page
  const ownerPage = await pageAs(browser, 'owner');
  for (const fir of firs) {
    await ownerPage.goto(`/transaction-documents/${fir.id}`);
    await expect(ownerPage.getByTestId('fir-sign')).toHaveText(/Firma come produttore/);
    await ownerPage.getByTestId('fir-sign').click();
    await expect(ownerPage.getByTestId('fir-signature-PRODUCER')).toHaveClass(/ant-tag-success/);
  }

  // 2 · the planner signs for the transporter, from the transport's FIR tab
  await logistic.reload();
  await logistic.getByRole('tab', { name: 'Formulari (FIR)' }).click();
  for (const fir of firs) {
    await expect(logistic.getByTestId(`fir-sign-${fir.id}`)).toHaveText(/Firma come trasportatore/);
    await logistic.getByTestId(`fir-sign-${fir.id}`).click();
    await expect(logistic.getByTestId(`fir-status-${fir.id}`)).toHaveText(/In viaggio/);
  }

  // 3 · an operator signs for the destination: 1 300 kg accepted against 1 200 estimated, and the second as estimated
  const operator = await pageAs(browser, 'operator');
  await operator.goto(`/transport/${transportId}`);
  await operator.getByRole('tab', { name: 'Formulari (FIR)' }).click();
  await operator.getByTestId(`fir-sign-${firs[0]!.id}`).click();
  await operator.getByTestId('fir-accepted-kg').fill('1300');
  await operator.getByTestId('fir-destination-ok').click();
  await expect(operator.getByTestId(`fir-status-${firs[0]!.id}`)).toHaveText(/Accettato a destino/);
  await operator.getByTestId(`fir-sign-${firs[1]!.id}`).click();
  // the dialog opens with this FIR's own estimate
  await expect(operator.getByTestId('fir-accepted-kg')).toHaveValue(/^800/);
  await operator.getByTestId('fir-destination-ok').click();
  await expect(operator.getByTestId(`fir-status-${firs[1]!.id}`)).toHaveText(/Accettato a destino/);

  // the planner completes the trip: the verified weights come from the FIRs; the requests are done
  await logistic.reload();
  await logistic.getByTestId('status-COMPLETED').click();
  await logistic.getByTestId('status-confirm').click();
  await expect(logistic.getByTestId('status-COMPLETED')).toHaveAttribute('aria-pressed', 'true');
  const completed = (await admin.get(`/api/transports/transport/${transportId}`)) as Rec;
  expect(completed.verifiedKg).toBe(2100);
  for (const r of requests) expect(((await admin.get(`/api/transactions/rdr/${r.id}`)) as Rec).status).toBe('DONE');
  await ownerPage.goto(`/rdr/${requests[0]!.id}`);
  await expect(ownerPage.getByTestId('status-DONE')).toHaveAttribute('aria-pressed', 'true');

  // the FIR verifier lands on the transports and finds the weight anomaly on the worklist
  const verifier = await pageAs(browser, 'verifier');
  await expect(verifier).toHaveURL(/\/transport$/);
  await verifier.getByTestId('fir-worklist').click();
  await expect(verifier).toHaveURL(/\/fir-anomalies$/);
  await verifier.getByTestId('list-search-input').fill(String(firs[0]!.number));
  await verifier.getByTestId('list-search-button').click();
  await expect(verifier.getByText(String(firs[0]!.number)).first()).toBeVisible();
  for (const page of [logistic, adminPage, ownerPage, operator, verifier]) await page.context().close();
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, q, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const MOVEMENTS = '/api/warehouses/warehouse-movements';
const TREATMENT_MOVES = '/api/warehouses/movement-treatments';
const TREATMENTS = '/api/treatments/treatments';
const TRANSPORTS = '/api/transports/transport';
const FIRS = '/api/transports/transaction-documents';
const REQUESTS = '/api/transactions/movement-requests';
const CONFERRALS = '/api/transactions/conferral';
const DISPLACEMENTS = '/api/warehouses/displacements';
const DAY = '2030-06-10';

type Rec = Record<string, unknown> & { id: number; version: number };
type FieldError = { field: string; message: string; params?: Record<string, unknown> };
const errorsOf = (res: { json(): unknown }) => ((res.json() as { errors?: FieldError[] }).errors ?? []);
const messages = (res: { json(): unknown }) => errorsOf(res).map((e) => `${e.field}:${e.message}`);

/** The stock ledger, its registers and the postings of transports, conferrals and treatments (issue 18). */
describe('warehouse ledger', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let logistic: Call;
  let owner: Call;
  let plain: number;
  let hazardous: number;
  let glass: number;
  let plant: number;

  const idOf = async (query: string) => Number((await sql<{ id: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.id);
  const created = async (call: Call, url: string, body: unknown): Promise<Rec> => {
    const res = await call({ method: 'POST', url, ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const get = async (url: string, id: number): Promise<Rec> => (await admin({ method: 'GET', url: `${url}/${id}` })).json().data;
  const move = (call: Call, url: string, record: { id: number; version: number }, status: string, body: Record<string, unknown> = {}) =>
    call({ method: 'PUT', url: `${url}/${record.id}?newStatus=${status}`, ...json({ version: record.version, ...body }) });
  const post = (warehouse: number, causal: string, waste: number, quantityKg: number, extra: Record<string, unknown> = {}) =>
    operator({ method: 'POST', url: MOVEMENTS, ...json({ warehouse, causal, waste, quantityKg, operationDate: '2026-01-15T09:00:00Z', ...extra }) });
  const stock = async (warehouse: number, query = '') => {
    const res = await operator({ method: 'GET', url: `/api/warehouses/stock?warehouseId=${warehouse}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as Record<string, unknown>[];
  };
  const kgOf = async (warehouse: number, waste: number) => Number((await stock(warehouse)).find((i) => i.wasteId === waste)?.quantity ?? 0);
  const register = async (warehouse: number, query = '') => {
    const year = new Date().getFullYear();
    const res = await operator({ method: 'GET', url: `/api/warehouses/register/${warehouse}?year=${year}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Record<string, unknown>[]; total: number; totals: Record<string, unknown>[]; site: Record<string, unknown> };
  };
  const site = async (name: string, extra: Record<string, unknown> = {}) =>
    (await created(admin, '/api/warehouses/warehouse', { name, warehouseType: 'SERVICE', operations: ['R13', 'D15'], authorisationNumber: 'AUA 55/2029', ...extra })).id;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, logistic, owner } = await callers(t.app, 'admin', 'operator', 'logistic', 'owner'));
    plain = await idOf(`select id from waste where code = '150106'`);
    hazardous = await idOf(`select id from waste where code = '150110'`);
    glass = await idOf(`select id from waste where code = '150107'`);
    plant = await site('Impianto Registro', { warehouseType: 'PLANT', operations: ['R3', 'R13'] });
  });
  afterAll(() => t.close());

  it('a manual load and unload get the next register numbers and move the stock; rows are never changed or deleted', async () => {
    const wh = await site('Magazzino Manuale');
    const load = await post(wh, 'LOAD_INVENTORY', plain, 1200.5);
    expect(load.statusCode, load.body).toBe(201);
    const loaded = load.json().data as Rec;
    expect(loaded).toMatchObject({ movement: 'C', source: 'MANUAL', registerNumber: 1, registerYear: new Date().getFullYear(), quantityKg: 1200.5 });
    const unload = await post(wh, 'UNLOAD_INVENTORY', plain, 200.5);
    expect(unload.statusCode, unload.body).toBe(201);
    expect(unload.json().data).toMatchObject({ movement: 'S', registerNumber: 2 });
    expect(await kgOf(wh, plain)).toBe(1000);

    // beyond the stock: refused with the figures, nothing changes
    const over = await post(wh, 'UNLOAD_INVENTORY', plain, 1000.001);
    expect(over.statusCode).toBe(400);
    expect(errorsOf(over)).toEqual([{ field: 'quantityKg', message: 'STOCK_INSUFFICIENT', params: { item: '15 01 06', availableKg: 1000, requestedKg: 1000.001 } }]);
    // nothing ever loaded: the same refusal
    expect(messages(await post(wh, 'UNLOAD_INVENTORY', glass, 1))).toEqual(['quantityKg:STOCK_INSUFFICIENT']);
    // a causal only the server posts, and neither or both of code and material
    expect(messages(await post(wh, 'LOAD_TREATMENT_OUTPUT', plain, 5))).toEqual(['causal:LEDGER_CAUSAL_NOT_MANUAL']);
    expect(messages(await operator({ method: 'POST', url: MOVEMENTS, ...json({ warehouse: wh, causal: 'LOAD_INVENTORY', quantityKg: 5, operationDate: '2026-01-15T09:00:00Z' }) }))).toEqual(['waste:LEDGER_ITEM_REQUIRED']);

    const reg = await register(wh);
    expect(reg.items.map((i) => [i.number, i.movement, i.quantity])).toEqual([[1, 'C', 1200.5], [2, 'S', 200.5]]);
    expect(reg.totals).toEqual([expect.objectContaining({ eer: expect.stringMatching(/^15 ?01 ?06/), loadKg: 1200.5, unloadKg: 200.5 })]);

    const changed = await operator({ method: 'PUT', url: `${MOVEMENTS}/${loaded.id}`, ...json({ version: loaded.version, notes: 'ritocco' }) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errorMessage).toBe('LEDGER_IMMUTABLE');
    expect((await admin({ method: 'PUT', url: `${MOVEMENTS}/${loaded.id}/delete`, ...json({ version: loaded.version }) })).statusCode).toBe(409);
  });

  it('a correction reverses the row it names, once; both stay in the register', async () => {
    const wh = await site('Magazzino Rettifiche');
    const wrong = (await post(wh, 'LOAD_INVENTORY', plain, 500)).json().data as Rec;
    const fix = await post(wh, 'LOAD_INVENTORY', glass, 1, { corrects: wrong.id, notes: 'Quantità errata' });
    expect(fix.statusCode, fix.body).toBe(201);
    expect(fix.json().data).toMatchObject({ movement: 'S', waste: plain, quantityKg: 500, source: 'CORRECTION', corrects: wrong.id, registerNumber: 2 });
    expect(await kgOf(wh, plain)).toBe(0);
    expect(messages(await post(wh, 'LOAD_INVENTORY', plain, 1, { corrects: wrong.id }))).toEqual(['corrects:LEDGER_ALREADY_CORRECTED']);
    const reg = await register(wh);
    expect(reg.items[1]).toMatchObject({ number: 2, movement: 'S', corrects: 1, notes: 'Quantità errata' });
  });

  it('50 parallel unloads at a stock that covers 10: exactly 10 pass, the stock ends at zero, the register has no gap and no duplicate', async () => {
    const wh = await site('Magazzino Concorrenza');
    expect((await post(wh, 'LOAD_INVENTORY', plain, 100)).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 50 }, () => post(wh, 'UNLOAD_INVENTORY', plain, 10)));
    const passed = results.filter((r) => r.statusCode === 201);
    expect(passed).toHaveLength(10);
    for (const r of results.filter((r) => r.statusCode !== 201)) expect(messages(r)).toEqual(['quantityKg:STOCK_INSUFFICIENT']);
    expect(await kgOf(wh, plain)).toBe(0);
    const { rows } = await sql<{ quantity_kg: string }>`select quantity_kg from warehouse_stock where warehouse = ${wh}`.execute(t.db);
    expect(rows.map((r) => Number(r.quantity_kg))).toEqual([0]);
    const numbers = (await register(wh)).items.map((i) => i.number);
    expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
  });

  it('loads beyond the authorised capacity are refused with the figures', async () => {
    const wh = await site('Magazzino Piccolo', { capacityTons: 1 });
    expect((await post(wh, 'LOAD_INVENTORY', plain, 900)).statusCode).toBe(201);
    const over = await post(wh, 'LOAD_INVENTORY', glass, 150);
    expect(errorsOf(over)).toEqual([{ field: 'warehouse', message: 'CAPACITY_EXCEEDED', params: { warehouse: 'Magazzino Piccolo', capacityKg: 1000, stockKg: 900, incomingKg: 150 } }]);
    expect((await post(wh, 'LOAD_INVENTORY', glass, 100)).statusCode).toBe(201);
  });

  it('stock at a date, the oldest load still in stock (first in, first out) and R13/D15 storage past its limit', async () => {
    const wh = await site('Magazzino Giacenze', { operations: ['D15'] });
    await post(wh, 'LOAD_INVENTORY', hazardous, 300, { operationDate: '2025-01-10T08:00:00Z' });
    await post(wh, 'LOAD_INVENTORY', hazardous, 200, { operationDate: '2026-01-10T08:00:00Z' });
    await post(wh, 'UNLOAD_INVENTORY', hazardous, 250, { operationDate: '2026-02-01T08:00:00Z' });
    const now = await stock(wh);
    // 250 kg left: the 200 of 2030 and 50 of the 2029 load
    expect(now).toEqual([expect.objectContaining({ wasteId: hazardous, quantity: 250, unit: 'kg', oldestLoadAt: '2025-01-10T08:00:00.000Z', storageOperation: 'D15', limitDays: 365 })]);
    expect(await stock(wh, '&at=2025-06-01T00:00:00Z')).toEqual([expect.objectContaining({ quantity: 300, ageDays: 141, overdue: false })]);
    expect(await stock(wh, '&at=2026-01-20T00:00:00Z')).toEqual([expect.objectContaining({ quantity: 500, overdue: true })]);
    expect(await stock(wh, '&at=2024-12-31T00:00:00Z')).toEqual([]);
    // the dashboard's warning: only what is held beyond its limit, across the warehouses
    const overdue = (await operator({ method: 'GET', url: '/api/warehouses/stock?overdue=true' })).json().data.items as Record<string, unknown>[];
    expect(overdue.filter((i) => i.warehouseId === wh)).toEqual([expect.objectContaining({ wasteId: hazardous, overdue: true, ageDays: expect.any(Number) })]);
    expect(overdue.every((i) => i.overdue === true)).toBe(true);
    expect((await stock(wh, '&eer=15 01 10*')).map((i) => i.quantity)).toEqual([250]);
    expect(await stock(wh, '&eer=150106')).toEqual([]);
  });

  it('the register pages with filters and totals, exports CSV, PDF and XML, and needs the ledger authority', async () => {
    const wh = await site('Magazzino Export');
    for (let i = 0; i < 12; i++) await post(wh, 'LOAD_INVENTORY', i % 2 ? plain : glass, 10 + i);
    const page = await register(wh, '&page=1&size=5');
    expect(page.total).toBe(12);
    expect(page.items.map((i) => i.number)).toEqual([6, 7, 8, 9, 10]);
    expect(page.site).toMatchObject({ name: 'Magazzino Export', authorisationNumber: 'AUA 55/2029' });
    const filtered = await register(wh, `&waste=${plain}&movement=C`);
    expect(filtered.total).toBe(6);
    expect(filtered.totals).toEqual([expect.objectContaining({ loadKg: 11 + 13 + 15 + 17 + 19 + 21, unloadKg: 0 })]);
    const year = new Date().getFullYear();
    const csv = await operator({ method: 'GET', url: `/api/warehouses/register/${wh}?year=${year}&format=csv` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n').filter((l) => l.trim()).length).toBe(13);
    const pdf = await operator({ method: 'GET', url: `/api/warehouses/register/${wh}?year=${year}&format=pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await operator({ method: 'GET', url: `/api/warehouses/register/${wh}?year=${year}&format=xml` });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('150106');
    expect((await owner({ method: 'GET', url: `/api/warehouses/register/${wh}?year=${year}` })).statusCode).toBe(403);
    expect((await owner({ method: 'GET', url: '/api/warehouses/stock' })).statusCode).toBe(403);
    expect((await operator({ method: 'GET', url: `/api/warehouses/register/999999?year=${year}` })).statusCode).toBe(404);
  });

  it('a confirmed treatment posts its inputs and outputs at the plant; outputs off the declared loss are refused with the figures; cancelling reverses', async () => {
    const wh = await site('Impianto Trattamento', { warehouseType: 'PLANT', operations: ['R3', 'R13'] });
    await post(wh, 'LOAD_INVENTORY', plain, 1000);
    const base = { plant: wh, treatedAt: '2026-02-01T10:00:00Z', operation: 'R3', declaredLossPct: 5 };
    const off = await operator({ method: 'POST', url: TREATMENTS, ...json({ ...base, inputs: [{ waste: plain, quantityKg: 800 }], outputs: [{ waste: glass, quantityKg: 500 }, { waste: hazardous, quantityKg: 200 }] }) });
    expect(errorsOf(off)).toEqual([{ field: 'outputs', message: 'TREATMENT_BALANCE', params: { inputKg: 800, outputKg: 700, minKg: 760, maxKg: 800, lossPct: 5 } }]);
    expect(messages(await operator({ method: 'POST', url: TREATMENTS, ...json({ ...base, operation: 'D10', inputs: [{ waste: plain, quantityKg: 1 }], outputs: [{ waste: glass, quantityKg: 1 }] }) }))).toEqual(['operation:NOT_AUTHORISED_OPERATION']);

    const draft = await created(operator, TREATMENTS, { ...base, inputs: [{ waste: plain, quantityKg: 800 }], outputs: [{ waste: glass, quantityKg: 560 }, { waste: hazardous, quantityKg: 220 }] });
    expect(draft).toMatchObject({ status: 'DRAFT', inputKg: 800, outputKg: 780, lossKg: 20 });
    expect(await kgOf(wh, plain)).toBe(1000);
    const confirmed = await move(operator, TREATMENTS, draft, 'CONFIRMED');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await kgOf(wh, plain)).toBe(200);
    expect(await kgOf(wh, glass)).toBe(560);
    const rows = (await operator({ method: 'GET', url: `${TREATMENT_MOVES}?q=${q({ filters: [{ field: 'warehouse', op: 'eq', value: wh }], sort: [{ field: 'id', dir: 'asc' }] })}` })).json().data.items as Rec[];
    expect(rows.map((r) => [r.movement, r.causal, r.quantityKg])).toEqual([['S', 'UNLOAD_TREATMENT_INPUT', 800], ['C', 'LOAD_TREATMENT_OUTPUT', 560], ['C', 'LOAD_TREATMENT_OUTPUT', 220]]);
    expect((await admin({ method: 'PUT', url: `${TREATMENTS}/${draft.id}/delete`, ...json({ version: (await get(TREATMENTS, draft.id)).version }) })).statusCode).toBe(409);

    // a second treatment wanting more than the stock: refused on its input line, nothing posted
    const greedy = await created(operator, TREATMENTS, { ...base, inputs: [{ waste: plain, quantityKg: 300 }], outputs: [{ waste: glass, quantityKg: 300 }] });
    const refused = await move(operator, TREATMENTS, greedy, 'CONFIRMED');
    expect(messages(refused)).toEqual(['inputs.0.quantityKg:STOCK_INSUFFICIENT']);
    expect((await get(TREATMENTS, greedy.id)).status).toBe('DRAFT');

    const cancelled = await move(operator, TREATMENTS, confirmed.json().data, 'CANCELLED');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await kgOf(wh, plain)).toBe(1000);
    expect(await kgOf(wh, glass)).toBe(0);
    expect((await register(wh)).items.map((i) => [i.number, i.movement, i.corrects])).toEqual([
      [1, 'C', null], [2, 'S', null], [3, 'C', null], [4, 'C', null], [5, 'C', 2], [6, 'S', 3], [7, 'S', 4],
    ]);
  });

  it('a confirmed displacement unloads one warehouse and loads the other under one FIR number; cancelling reverses both', async () => {
    const from = await site('Magazzino Partenza');
    const to = await site('Magazzino Arrivo');
    await post(from, 'LOAD_INVENTORY', plain, 400);
    const same = await operator({ method: 'POST', url: DISPLACEMENTS, ...json({ origin: from, destination: from, movedAt: '2026-02-10T07:00:00Z', lines: [{ waste: plain, quantityKg: 1 }] }) });
    expect(messages(same)).toEqual(['destination:DISPLACEMENT_SAME_WAREHOUSE']);
    const draft = await created(operator, DISPLACEMENTS, { origin: from, destination: to, movedAt: '2026-02-10T07:00:00Z', lines: [{ waste: plain, quantityKg: 250 }] });
    expect(draft).toMatchObject({ status: 'DRAFT', totalKg: 250, firNumber: null });
    const confirmed = await move(operator, DISPLACEMENTS, draft, 'CONFIRMED');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const fir = String(confirmed.json().data.firNumber);
    expect(fir).toMatch(/^FIR\/2026\/\d{6}$/);
    expect(await kgOf(from, plain)).toBe(150);
    expect(await kgOf(to, plain)).toBe(250);
    expect((await register(to)).items).toEqual([expect.objectContaining({ number: 1, movement: 'C', causal: 'LOAD_TRANSFER_IN', fir, quantity: 250 })]);
    expect((await register(from)).items[1]).toMatchObject({ number: 2, movement: 'S', causal: 'UNLOAD_TRANSFER_OUT', fir });
    const changed = await operator({ method: 'PUT', url: `${DISPLACEMENTS}/${draft.id}`, ...json({ version: confirmed.json().data.version, notes: 'dopo' }) });
    expect(changed.statusCode).toBe(409);
    // too much for the origin: refused on the line, nothing posted
    const greedy = await created(operator, DISPLACEMENTS, { origin: from, destination: to, movedAt: '2026-02-11T07:00:00Z', lines: [{ waste: plain, quantityKg: 151 }] });
    expect(messages(await move(operator, DISPLACEMENTS, greedy, 'CONFIRMED'))).toEqual(['lines.0.quantityKg:STOCK_INSUFFICIENT']);
    expect((await get(DISPLACEMENTS, greedy.id)).firNumber).toBeNull();
    const cancelled = await move(operator, DISPLACEMENTS, confirmed.json().data, 'CANCELLED');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await kgOf(from, plain)).toBe(400);
    expect(await kgOf(to, plain)).toBe(0);
    expect(cancelled.json().data.firNumber).toBe(fir);
  });

  it('an accepted conferral loads its collection centre, line by line', async () => {
    const cdr = await site('CDR Registro', { warehouseType: 'CDR' });
    const conferral = await created(operator, CONFERRALS, {
      cdr,
      conferredAt: '2026-03-01T09:30:00Z',
      citizenName: 'Maria Rossi',
      citizenFiscalCode: 'RSSMRA80A41H501Y',
      lines: [{ waste: plain, weightKg: 35.5 }, { waste: glass, weightKg: 12, accepted: false, refusalReason: 'Non conforme' }],
    });
    const accepted = await move(operator, CONFERRALS, conferral, 'ACCEPTED');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await register(cdr)).items).toEqual([expect.objectContaining({ number: 1, movement: 'C', causal: 'LOAD_CONFERRAL', quantity: 35.5 })]);
    expect(await kgOf(cdr, glass)).toBe(0);
  });

  it('a completed transport loads the destination with what it accepted, numbered next in its register', async () => {
    const requester = await idOf(`select subject_id as id from users where username = 'owner'`);
    const pdp = await idOf(`select id from warehouse where owner = ${requester} and warehouse_type = 'PDP' order by id limit 1`);
    await sql`update warehouse set authorised_waste = ${[plain, glass, hazardous]}::bigint[] where id = ${plant}`.execute(t.db);
    const carrier = (await created(admin, '/api/subjects/transporters', { subjectType: 'COMPANY', name: 'Trasporti Registro S.r.l.' })).id;
    await created(admin, '/api/subjects/albo-authorisations', { holder: carrier, number: 'MI/888001', category: '4', validFrom: '2026-01-01', expiry: '2031-12-31' });
    const truck = (await created(admin, '/api/vehicles/vehicles', { plate: 'RG123AA', vehicleType: 'SCARRABILE', capacityKg: 20_000, alboNumber: 'MI/888001' })).id;
    const before = (await register(plant)).total;
    const request = await created(admin, REQUESTS, { kind: 'RDR', requester, pickupPoint: pdp, wishedFrom: '2030-06-01', lines: [{ waste: plain, description: 'Imballaggi', quantity: { value: 600, unit: 'KG' } }] });
    const submitted = (await move(admin, REQUESTS, request, 'SUBMITTED')).json().data;
    const acceptedRequest = (await move(admin, REQUESTS, submitted, 'ACCEPTED')).json().data as Rec;
    const transport = await created(logistic, TRANSPORTS, { date: DAY, transporter: carrier, vehicle: truck, stops: [{ kind: 'PICKUP', request: acceptedRequest.id }, { kind: 'DELIVERY', warehouse: plant }] });
    const started = (await move(logistic, TRANSPORTS, transport, 'IN_PROGRESS')).json().data as Rec;
    const [listed] = (await admin({ method: 'GET', url: `${FIRS}?q=${q({ filters: [{ field: 'transport', op: 'eq', value: started.id }] })}` })).json().data.items as Rec[];
    // the plant admits R3 and R13: the operation is chosen before the producer signs
    const chosen = await operator({ method: 'PUT', url: `${FIRS}/${listed!.id}`, ...json({ version: listed!.version, operation: 'R13' }) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const fir = chosen.json().data as Rec;
    expect((await owner({ method: 'PUT', url: `${TRANSPORTS}/${started.id}/fir/${fir!.id}/sign`, ...json({ role: 'PRODUCER' }) })).statusCode).toBe(200);
    expect((await logistic({ method: 'PUT', url: `${TRANSPORTS}/${started.id}/fir/${fir!.id}/sign`, ...json({ role: 'TRANSPORTER' }) })).statusCode).toBe(200);
    const signed = await operator({ method: 'PUT', url: `${TRANSPORTS}/${started.id}/fir/${fir!.id}/sign`, ...json({ role: 'DESTINATION', acceptedKg: 580, refusedKg: 12, refusalReason: 'Materiale estraneo' }) });
    expect(signed.statusCode, signed.body).toBe(200);
    const done = await move(logistic, TRANSPORTS, await get(TRANSPORTS, started.id), 'COMPLETED');
    expect(done.statusCode, done.body).toBe(200);
    const reg = await register(plant);
    expect(reg.total).toBe(before + 1);
    expect(reg.items.at(-1)).toMatchObject({ number: before + 1, movement: 'C', causal: 'LOAD_PICKUP', quantity: 580, fir: fir!.number });
    const pdpName = (await sql<{ name: string }>`select name from warehouse where id = ${pdp}`.execute(t.db)).rows[0]!.name;
    expect(String(reg.items.at(-1)!.origin)).toContain(pdpName);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const VEHICLES = '/api/vehicles/vehicles';
const WAREHOUSES = '/api/warehouses/warehouse';
const CDR = '/api/warehouses/warehouses-cdr';
const PDP = '/api/warehouses/warehouses-pdp';

describe('vehicles', () => {
  let t: TestApp;
  let admin: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
  });
  afterAll(() => t.close());

  it('stores an Italian plate without spaces or dashes, and refuses a wrong one', async () => {
    const ok = await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'fk 123-xz', vehicleType: 'SCARRABILE', capacityKg: 12000, capacityM3: 30.5 }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ plate: 'FK123XZ', plateCountry: 'ITA', capacityKg: 12000, capacityM3: 30.5, adr: false });
    const wrong = await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'MI 123456', vehicleType: 'MOTRICE' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'plate', message: 'PLATE_FORMAT' }]);
    // a foreign plate is checked by its shape only
    const foreign = await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'M-AB 1234', plateCountry: 'DEU', vehicleType: 'MOTRICE' }) });
    expect(foreign.statusCode, foreign.body).toBe(201);
    expect(foreign.json().data.plate).toBe('MAB1234');
  });

  it('reports a plate already in use on the plate field', async () => {
    await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'GA001BB', vehicleType: 'MOTRICE' }) });
    const again = await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'GA 001 BB', vehicleType: 'FURGONE' }) });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'plate', message: 'ALREADY_EXISTS' }]);
  });

  it('wants the ADR certificate expiry of an ADR vehicle', async () => {
    const res = await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'GB002CC', vehicleType: 'CISTERNA', adr: true }) });
    expect(res.json().errors).toEqual([{ field: 'adrExpiry', message: 'REQUIRED' }]);
    const ok = await admin({ method: 'POST', url: VEHICLES, ...json({ plate: 'GB002CC', vehicleType: 'CISTERNA', adr: true, adrExpiry: '2027-06-30' }) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('warehouses and their typed views', () => {
  let t: TestApp;
  let admin: Call;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
  });
  afterAll(() => t.close());

  it('creates a collection centre through its view, with its address, owner and authorised EER codes', async () => {
    const owner = (await admin({ method: 'POST', url: '/api/subjects/subjects', ...json({ name: 'Comune di Monza' }) })).json().data;
    const paper = (await admin({ method: 'GET', url: `/api/waste/waste?q=${encodeURIComponent(JSON.stringify({ query: '200101' }))}` })).json().data.items[0];
    const res = await admin({
      method: 'POST',
      url: CDR,
      ...json({
        name: 'Centro di raccolta Monza San Fruttuoso',
        owner: owner.id,
        authorisedWaste: [paper.id],
        capacityTons: 250.5,
        address: { street: 'Via Gallarana', houseNumber: '20', city: 'Monza', zip: '20900', province: 'MB', country: 'ITA', latitude: 45.5731, longitude: 9.2537 },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ warehouseType: 'CDR', owner: owner.id, authorisedWaste: [paper.id], capacityTons: 250.5 });
    const id = res.json().data.id;
    expect((await admin({ method: 'GET', url: `${CDR}/${id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: `${PDP}/${id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `${WAREHOUSES}/${id}` })).statusCode).toBe(200);
    // found by the town of its address
    const byTown = await admin({ method: 'GET', url: `${CDR}?q=${encodeURIComponent(JSON.stringify({ query: 'monza fruttuoso' }))}` });
    expect(byTown.json().data.total).toBe(1);
  });

  it('refuses an owner that does not exist', async () => {
    const res = await admin({ method: 'POST', url: PDP, ...json({ name: 'Punto senza titolare', owner: 999_999 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('owner');
  });
});

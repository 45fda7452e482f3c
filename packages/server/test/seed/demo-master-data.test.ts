import { CATALOGUE, deadlineState, isItalianVatNumber, isValidIban, lookupTable, recordSchema, todayInItaly, type EntityDefinition } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_ALBO,
  COMPANY_ENROLMENTS,
  COMPANY_NAME,
  DEMO_AREAS,
  DEMO_MASTER_DATA_COUNTS as COUNTS,
  EXPIRED_ADR_EXPIRY,
  EXPIRED_ALBO_EXPIRY,
  EXPIRING_ALBO_DAYS,
  dayAfter,
  enrolmentsOf,
  italianIbanOf,
  seedDemoMasterData,
  vatNumberOf,
} from '../../src/seed/demo-master-data.js';
import { seedContext } from '../../src/domain/index.js';
import { callers, type Call } from '../configuration/support.js';
import { demoDay } from '../support/demo-day.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Row = Record<string, unknown> & { id: number };
const TODAY = todayInItaly();
const quiet = { info: () => undefined, warn: () => undefined };

/** Every record of an endpoint, through the API as the administrator. */
async function all(call: Call, endpoint: string): Promise<Row[]> {
  const res = await call({ method: 'GET', url: `${endpoint}?unpaged=true` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { items: Row[]; total: number };
  expect(data.items).toHaveLength(data.total);
  return data.items;
}

const entity = (name: string): EntityDefinition => CATALOGUE.entity(name)!;

/** The catalogue's own validation of a record read back, as if a client sent it again. */
function expectValid(name: string, records: Row[]): void {
  const schema = recordSchema(entity(name), { partial: false });
  for (const record of records) {
    const parsed = schema.safeParse(record);
    expect(parsed.success, `${name} ${String(record.code)}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
  }
}

/** Every lookup value of the records is a code of its table. */
function expectKnownLookups(name: string, records: Row[]): void {
  for (const [field, def] of Object.entries(entity(name).fields)) {
    if (def.type !== 'lookup') continue;
    const codes = new Set(lookupTable(def.table)?.values.map((v) => v.code));
    for (const record of records) {
      const value = record[field];
      if (value == null) continue;
      for (const code of Array.isArray(value) ? value : [value]) expect(codes.has(code as string), `${name}.${field} = ${String(code)}`).toBe(true);
    }
  }
}

const inLombardy = (address: Record<string, unknown> | null | undefined) => {
  const lat = Number(address?.latitude);
  const lng = Number(address?.longitude);
  return lat > 44.9 && lat < 46.3 && lng > 8.5 && lng < 10.1;
};

describe('demo master data', () => {
  let t: TestApp;
  let admin: Call;
  let subjects: Row[];
  let warehouses: Row[];
  let vehicles: Row[];
  /** The seed's today (the run's prepared database may have been seeded before midnight). */
  let seeded: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin } = await callers(t.app, 'admin'));
    subjects = await all(admin, '/api/subjects/subjects');
    warehouses = await all(admin, '/api/warehouses/warehouse');
    vehicles = await all(admin, '/api/vehicles/vehicles');
    seeded = await demoDay(t.db);
  }, 180_000);
  afterAll(() => t.close());

  const withRole = (role: string) => subjects.filter((s) => (s.roles as string[]).includes(role));
  const ofType = (type: string) => warehouses.filter((w) => w.warehouseType === type);

  it('computes partita IVA check digits and IBANs that the model accepts', () => {
    // the example of the Agenzia delle Entrate's rule and the well-known sample IBAN
    expect(vatNumberOf('0015956036', '')).toBe('00159560366');
    expect(italianIbanOf('05428', '11101', '000000123456')).toBe('IT60X0542811101000000123456');
  });

  it('creates the promised numbers of records, each written by the system through the engine', async () => {
    expect(COUNTS).toMatchObject({ subjects: 64, customers: 50, transporters: 8, vehicles: 20, companyVehicles: 12, pickupPoints: 67, collectionCentres: 4, plants: 2, alboAuthorisations: 14, areas: 5 });
    expect(subjects).toHaveLength(COUNTS.subjects);
    expect(withRole('CUSTOMER')).toHaveLength(COUNTS.customers);
    expect(withRole('TRANSPORTER')).toHaveLength(COUNTS.transporters);
    expect(ofType('PDP')).toHaveLength(COUNTS.pickupPoints);
    expect(ofType('CDR')).toHaveLength(COUNTS.collectionCentres);
    expect(ofType('PLANT')).toHaveLength(COUNTS.plants);
    expect(warehouses).toHaveLength(COUNTS.pickupPoints + COUNTS.collectionCentres + COUNTS.plants);
    expect(vehicles).toHaveLength(COUNTS.vehicles);
    expect(await all(admin, '/api/waste/load-unit')).toHaveLength(COUNTS.loadUnits);
    expect(await all(admin, '/api/waste/biz-services')).toHaveLength(COUNTS.services);
    expect(await all(admin, '/api/waste/materials')).toHaveLength(COUNTS.materials);

    expect(await all(admin, '/api/subjects/albo-authorisations')).toHaveLength(COUNTS.alboAuthorisations);
    expect(await all(admin, '/api/areas/area')).toHaveLength(COUNTS.areas);

    const total = COUNTS.subjects + warehouses.length + COUNTS.vehicles + COUNTS.loadUnits + COUNTS.services + COUNTS.materials + COUNTS.alboAuthorisations + COUNTS.areas;
    const { rows } = await sql<{ c: number }>`
      select count(*)::int as c from record_history
      where action = 'CREATE' and by_user = 'system' and entity in ('subject', 'warehouse', 'vehicle', 'load-unit', 'biz-service', 'material', 'albo-authorisation', 'area')`.execute(t.db);
    expect(rows[0]!.c).toBe(total);
    for (const table of ['subject', 'warehouse', 'vehicle', 'load_unit', 'biz_service', 'material', 'albo_authorisation', 'area']) {
      const { rows: other } = await sql<{ c: number }>`
        select count(*)::int as c from ${sql.table(table)} where created_by is distinct from 'system' or code !~ '^[A-Z]{3}-[0-9]{6}$'`.execute(t.db);
      expect(other[0]!.c, table).toBe(0);
    }
  });

  it('gives every subject valid registry data: partita IVA, codice fiscale, SDI code, PEC, IBAN and an address', () => {
    expectValid('subject', subjects);
    expectKnownLookups('subject', subjects);
    const vats = new Set<string>();
    for (const s of subjects) {
      const label = String(s.name);
      expect(s.subjectType, label).toBe('COMPANY');
      expect(isItalianVatNumber(String(s.vatNumber)), label).toBe(true);
      expect(s.fiscalCode, label).toBe(s.vatNumber);
      vats.add(String(s.vatNumber));
      expect(String(s.sdiCode), label).toMatch(/^[A-Z0-9]{6,7}$/);
      expect(String(s.pec), label).toMatch(/^[^\s@]+@pec\.[a-z0-9.-]+\.example$/);
      const payment = s.payment as { iban?: string; type?: string } | null;
      expect(payment?.type, label).toBeTruthy();
      if (payment?.type !== 'PAGOPA') expect(isValidIban(String(payment?.iban)), label).toBe(true);
      const [office] = s.addresses as Record<string, unknown>[];
      expect(office, label).toMatchObject({ country: 'ITA', city: expect.any(String), zip: expect.stringMatching(/^\d{5}$/), cityCode: expect.stringMatching(/^\d{6}$/) });
      expect(inLombardy(office), label).toBe(true);
    }
    expect(vats.size).toBe(subjects.length);

    const company = subjects.find((s) => s.name === COMPANY_NAME)!;
    expect([...(company.roles as string[])].sort()).toEqual(['COMPANY', 'OWNER']);
    expect(company.addresses).toEqual([expect.objectContaining({ city: 'Milano', province: 'MI' })]);
    const municipalities = withRole('REGISTRY').map((s) => s.name).sort();
    expect(municipalities).toEqual(['Comune di Lodi', 'Comune di Monza', 'Comune di Rho', 'Comune di Sesto San Giovanni']);
    const partners = subjects.filter((s) => ['SUPPLIER', 'PLANT'].every((r) => (s.roles as string[]).includes(r)));
    expect(partners).toHaveLength(1);
  });

  it('places every warehouse at coordinates, owned as promised, with authorised EER codes', () => {
    expectValid('warehouse', warehouses);
    expectKnownLookups('warehouse', warehouses);
    const byId = new Map(subjects.map((s) => [s.id, s]));
    const roles = (id: unknown) => (byId.get(id as number)?.roles as string[] | undefined) ?? [];
    for (const w of warehouses) {
      const address = w.address as Record<string, unknown>;
      expect(address?.latitude, String(w.name)).toBeTruthy();
      expect(address?.longitude, String(w.name)).toBeTruthy();
      expect(inLombardy(address), String(w.name)).toBe(true);
      expect((w.authorisedWaste as number[]).length, String(w.name)).toBeGreaterThan(0);
      expect(Number(w.capacityTons)).toBeGreaterThan(0);
    }
    for (const pdp of ofType('PDP')) expect(roles(pdp.owner)).toContain('CUSTOMER');
    // each customer has one or two pickup points
    const perCustomer = new Map<unknown, number>();
    for (const pdp of ofType('PDP')) perCustomer.set(pdp.owner, (perCustomer.get(pdp.owner) ?? 0) + 1);
    expect(perCustomer.size).toBe(COUNTS.customers);
    expect([...perCustomer.values()].every((n) => n === 1 || n === 2)).toBe(true);
    expect(ofType('CDR').map((w) => byId.get(w.owner as number)?.name).sort()).toEqual(['Comune di Lodi', 'Comune di Monza', 'Comune di Rho', 'Comune di Sesto San Giovanni']);
    const plantOwners = ofType('PLANT').map((w) => roles(w.owner));
    expect(plantOwners.some((r) => r.includes('OWNER'))).toBe(true);
    expect(plantOwners.some((r) => r.includes('SUPPLIER') && r.includes('PLANT'))).toBe(true);
  });

  it('registers valid plates with their Albo number, owned by the company or a transporter', () => {
    expectValid('vehicle', vehicles);
    expectKnownLookups('vehicle', vehicles);
    const company = subjects.find((s) => s.name === COMPANY_NAME)!;
    const transporters = new Set(withRole('TRANSPORTER').map((s) => s.id));
    for (const v of vehicles) {
      expect(String(v.plate)).toMatch(/^[A-HJ-NPR-TV-Z]{2}\d{3}[A-HJ-NPR-TV-Z]{2}$/);
      expect(String(v.alboNumber)).toMatch(/^MI\/\d{6}$/);
      expect(Number(v.capacityKg)).toBeGreaterThan(0);
      expect(Number(v.capacityM3)).toBeGreaterThan(0);
    }
    expect(vehicles.filter((v) => v.owner === company.id)).toHaveLength(COUNTS.companyVehicles);
    expect(vehicles.filter((v) => transporters.has(v.owner as number))).toHaveLength(COUNTS.vehicles - COUNTS.companyVehicles);
  });

  it('includes a transporter whose Albo authorisation has expired and a vehicle with an expired ADR certificate', () => {
    expect(EXPIRED_ALBO_EXPIRY < TODAY && EXPIRED_ADR_EXPIRY < TODAY).toBe(true);
    const expired = withRole('TRANSPORTER').filter((s) => String(s.notes).includes(`SCADUTA il ${EXPIRED_ALBO_EXPIRY}`));
    expect(expired).toHaveLength(1);
    expect(expired[0]!.administrativeStatus).toBe('DOCUMENT_CHECK');
    const adrExpired = vehicles.filter((v) => v.adr === true && String(v.adrExpiry) < TODAY);
    expect(adrExpired.map((v) => v.adrExpiry)).toEqual([EXPIRED_ADR_EXPIRY]);
    // the other ADR vehicles are in order
    expect(vehicles.filter((v) => v.adr === true).length).toBeGreaterThan(1);
  });

  it('gives every transporter its Albo enrolments by category with covered EER codes: one expired, one expiring', async () => {
    const enrolments = await all(admin, '/api/subjects/albo-authorisations');
    expectValid('albo-authorisation', enrolments);
    expectKnownLookups('albo-authorisation', enrolments);
    const transporters = withRole('TRANSPORTER');
    for (const s of transporters) {
      const own = enrolments.filter((e) => e.holder === s.id);
      expect(own.length, String(s.name)).toBeGreaterThan(0);
      // one number per holder, one record per category; five years of validity
      expect(new Set(own.map((e) => e.number)).size, String(s.name)).toBe(1);
      expect(new Set(own.map((e) => e.category)).size, String(s.name)).toBe(own.length);
      for (const e of own) expect(dayAfter(String(e.validFrom), 5 * 365 + 1)).toBe(e.expiry);
      // its vehicles travel under its enrolment
      for (const v of vehicles.filter((v) => v.owner === s.id)) expect(v.alboNumber).toBe(own[0]!.number);
    }
    // besides the transporters, the company itself, whose vehicles carry its number
    const company = withRole('COMPANY')[0]!;
    expect(enrolments.every((e) => transporters.some((s) => s.id === e.holder) || e.holder === company.id)).toBe(true);
    expect(enrolments.filter((e) => e.holder === company.id).map((e) => e.number)).toEqual(COMPANY_ENROLMENTS.map(() => COMPANY_ALBO));
    expect(vehicles.filter((v) => v.alboNumber === COMPANY_ALBO)).toHaveLength(COUNTS.companyVehicles);
    const states = enrolments.map((e) => deadlineState(e.expiry, 60, seeded));
    expect(enrolments.filter((e) => e.expiry === EXPIRED_ALBO_EXPIRY).map((e) => deadlineState(e.expiry, 60, seeded))).toEqual(['expired']);
    expect(states.filter((s) => s === 'expired')).toHaveLength(1);
    expect(enrolments.filter((e) => deadlineState(e.expiry, 60, seeded) === 'expiring').map((e) => e.expiry)).toEqual([dayAfter(seeded, EXPIRING_ALBO_DAYS)]);

    // categories 4 cover non-hazardous codes, 5 hazardous ones; each covers some
    const waste = new Map((await all(admin, '/api/waste/waste')).map((w) => [w.id, w]));
    for (const e of enrolments) {
      const codes = (e.wasteCodes as number[]).map((id) => waste.get(id)!);
      expect(codes.length, String(e.number)).toBeGreaterThan(0);
      if (e.category === '4') expect(codes.every((w) => w.hazardous !== true)).toBe(true);
      if (e.category === '5') expect(codes.every((w) => w.hazardous === true)).toBe(true);
      if (e.category === '1') expect(codes.every((w) => String(w.code).startsWith('20'))).toBe(true);
    }
    expect(enrolments.map((e) => `${String(e.category)}${String(e.alboClass)}`).sort()).toEqual(
      ['4D', '4E', '4C', '5E', '1D', '4D', '4E', '5F', '5E', '4D', '4E', ...COMPANY_ENROLMENTS.map((e) => `${e.category}${e.alboClass}`)].sort(),
    );
    expect(enrolmentsOf('1 classe D e 4 classe D')).toEqual([{ category: '1', alboClass: 'D' }, { category: '4', alboClass: 'D' }]);
  });

  it('divides the work into areas by province, each with the customers, transporters and warehouses there', async () => {
    const areas = await all(admin, '/api/areas/area');
    expectValid('area', areas);
    expectKnownLookups('area', areas);
    const province = (s: Row) => String((s.addresses as Record<string, unknown>[])[0]!.province);
    const assigned = { customers: new Set<number>(), transporters: new Set<number>(), warehouses: new Set<number>() };
    for (const spec of DEMO_AREAS) {
      const a = areas.find((x) => x.name === spec.name)!;
      expect(a.provinces).toEqual(spec.provinces);
      const here = (s: Row) => spec.provinces.includes(province(s));
      expect([...(a.customers as number[])].sort()).toEqual(withRole('CUSTOMER').filter(here).map((s) => s.id).sort());
      expect([...(a.transporters as number[])].sort()).toEqual(withRole('TRANSPORTER').filter(here).map((s) => s.id).sort());
      expect([...(a.warehouses as number[])].sort()).toEqual(
        warehouses.filter((w) => spec.provinces.includes(String((w.address as Record<string, unknown>).province))).map((w) => w.id).sort(),
      );
      expect(a.assignedSubjects).toEqual([...(a.customers as number[]), ...(a.transporters as number[])].sort((x, y) => x - y));
      expect((a.customers as number[]).length, spec.name).toBeGreaterThan(0);
      for (const key of ['customers', 'transporters', 'warehouses'] as const) for (const id of a[key] as number[]) assigned[key].add(id);
    }
    // every customer, transporter and warehouse is in an area
    expect(assigned.customers.size).toBe(COUNTS.customers);
    expect(assigned.transporters.size).toBe(COUNTS.transporters);
    expect(assigned.warehouses.size).toBe(warehouses.length);
  });

  it('fills the load units, services and materials with valid values', async () => {
    for (const [name, endpoint] of [
      ['load-unit', '/api/waste/load-unit'],
      ['biz-service', '/api/waste/biz-services'],
      ['material', '/api/waste/materials'],
    ] as const) {
      const records = await all(admin, endpoint);
      expectValid(name, records);
      expectKnownLookups(name, records);
    }
    const materials = await all(admin, '/api/waste/materials');
    expect(materials.every((m) => (m.sourceWaste as number[]).length > 0)).toBe(true);
  });

  it('does not seed twice', async () => {
    const before = (await sql<{ c: number }>`select count(*)::int as c from record_history`.execute(t.db)).rows[0]!.c;
    expect(await seedDemoMasterData(seedContext(t.db, t.config, quiet))).toBeNull();
    expect((await sql<{ c: number }>`select count(*)::int as c from record_history`.execute(t.db)).rows[0]!.c).toBe(before);
  });

  describe('with DEMO_DATA=false', () => {
    let bare: TestApp;
    beforeAll(async () => {
      bare = await createTestApp({ demoData: false });
    }, 180_000);
    afterAll(() => bare.close());

    const expectEmpty = async () => {
      for (const table of ['subject', 'warehouse', 'vehicle', 'load_unit', 'biz_service', 'material', 'albo_authorisation', 'area']) {
        const { rows } = await sql<{ c: number }>`select count(*)::int as c from ${sql.table(table)}`.execute(bare.db);
        expect(rows[0]!.c, table).toBe(0);
      }
    };

    it('seeds nothing', expectEmpty);

    it('keeps nothing when a record fails: the whole demo is one transaction', async () => {
      // an EER code only the last records (the materials) use
      await sql`update waste set deleted = true where code = '191212'`.execute(bare.db);
      try {
        await expect(seedDemoMasterData(seedContext(bare.db, { ...bare.config, demoData: true }, quiet))).rejects.toThrow(/191212/);
      } finally {
        await sql`update waste set deleted = false where code = '191212'`.execute(bare.db);
      }
      await expectEmpty();
    }, 180_000);

    it('seeded later, gives the same demo: the data is deterministic', async () => {
      const messages: string[] = [];
      const started = Date.now();
      expect(await seedDemoMasterData(seedContext(bare.db, { ...bare.config, demoData: true }, { ...quiet, info: (m: string) => void messages.push(m) }))).toEqual(COUNTS);
      const elapsed = Date.now() - started;
      console.info(`demo master data seed: ${elapsed} ms (${messages.join(' ')})`);
      // codes follow the ids, and the failed attempt above used some: everything else is compared
      const fingerprint = async (db: TestApp['db']) =>
        (
          await sql<{ h: string }>`
            select md5(string_agg(concat_ws('|', name, vat_number, sdi_code, pec, payment::text, addresses::text, notes), ',' order by id)) as h from subject`.execute(db)
        ).rows[0]!.h;
      expect(await fingerprint(bare.db)).toBe(await fingerprint(t.db));
    }, 180_000);
  });
});

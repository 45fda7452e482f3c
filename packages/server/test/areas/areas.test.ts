import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, q, type Call } from '../configuration/support.js';
import { expectViolation } from '../security/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const E = '/api/areas/area';

describe('areas with subjects assigned by role and warehouses', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let logistic: Call;
  let customerA: number;
  let customerB: number;
  let transporter: number;
  let both: number;
  let warehouse: number;

  const create = async (url: string, body: unknown) => {
    const res = await operator({ method: 'POST', url, ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const count = async () => (await sql<{ c: number }>`select count(*)::int as c from area`.execute(t.db)).rows[0]!.c;
  const search = async (query: unknown) => {
    const res = await operator({ method: 'GET', url: `${E}?q=${q(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { name: string }[]).map((i) => i.name).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, logistic } = await callers(t.app, 'admin', 'operator', 'logistic'));
    customerA = await create('/api/subjects/customers', { subjectType: 'COMPANY', name: 'Cartiera Valle Olona srl' });
    customerB = await create('/api/subjects/customers', { subjectType: 'COMPANY', name: 'Officina Brembana snc' });
    transporter = await create('/api/subjects/transporters', { subjectType: 'COMPANY', name: 'Trasporti Val Brembana srl' });
    both = await create('/api/subjects/subjects', { subjectType: 'COMPANY', name: 'Ecoservizi Orobici spa', roles: ['CUSTOMER', 'TRANSPORTER'] });
    warehouse = await create('/api/warehouses/warehouses-cdr', { name: 'Centro di raccolta di Zogno', warehouseType: 'CDR' });
  });
  afterAll(() => t.close());

  it('creates an area with its provinces, its subjects by role and its warehouses; every assigned subject is listed once', async () => {
    const res = await operator({
      method: 'POST',
      url: E,
      ...json({
        name: 'Valle Brembana',
        provinces: ['BG'],
        municipalities: 'Zogno, San Pellegrino Terme, Piazza Brembana',
        customers: [customerB, both],
        transporters: [transporter, both],
        areaManagers: [customerA],
        warehouses: [warehouse],
        // computed by the server, never taken from the client
        assignedSubjects: [999],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const area = res.json().data;
    expect(area).toMatchObject({ name: 'Valle Brembana', provinces: ['BG'], customers: [customerB, both], transporters: [transporter, both], warehouses: [warehouse] });
    expect(area.code).toMatch(/^ARE-\d{6}$/);
    expect(area.assignedSubjects).toEqual([customerA, customerB, transporter, both].sort((a, b) => a - b));

    // renamed only: the assignments stay; a new transporter list updates the assigned subjects
    const renamed = await operator({ method: 'PUT', url: `${E}/${area.id}`, ...json({ version: area.version, name: 'Valle Brembana e Val Serina' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.assignedSubjects).toEqual(area.assignedSubjects);
    const reassigned = await operator({ method: 'PUT', url: `${E}/${area.id}`, ...json({ version: renamed.json().data.version, transporters: [], areaManagers: [] }) });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(reassigned.json().data.assignedSubjects).toEqual([customerB, both].sort((a, b) => a - b));
    // a stale version is a conflict, and changes nothing
    const stale = await operator({ method: 'PUT', url: `${E}/${area.id}`, ...json({ version: area.version, transporters: [transporter] }) });
    expect(stale.statusCode).toBe(409);
    expect((await operator({ method: 'GET', url: `${E}/${area.id}` })).json().data.transporters).toEqual([]);
  });

  it('refuses the same subject or warehouse twice in a role, and writes nothing', async () => {
    const before = await count();
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Doppia', provinces: ['BG'], customers: [customerA, customerB, customerA] }) }), {
      customers: 'DUPLICATE_ASSIGNMENT',
    });
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Doppia', provinces: ['BG'], warehouses: [warehouse, warehouse] }) }), {
      warehouses: 'DUPLICATE_ASSIGNMENT',
    });
    expect(await count()).toBe(before);
    // the same subject in two different roles is two assignments
    const twoRoles = await operator({ method: 'POST', url: E, ...json({ name: 'Due ruoli', provinces: ['BG'], customers: [both], transporters: [both] }) });
    expect(twoRoles.statusCode, twoRoles.body).toBe(201);
    expect(twoRoles.json().data.assignedSubjects).toEqual([both]);
    // and on update too
    const { id, version } = twoRoles.json().data;
    expectViolation(await operator({ method: 'PUT', url: `${E}/${id}`, ...json({ version, transporters: [both, transporter, both] }) }), { transporters: 'DUPLICATE_ASSIGNMENT' });
  });

  it('assigns as transporter only a transporter and as customer only a customer; the subjects must exist', async () => {
    const before = await count();
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Ruoli sbagliati', provinces: ['BG'], transporters: [customerA], customers: [transporter] }) }), {
      transporters: 'SUBJECT_WITHOUT_ROLE',
      customers: 'SUBJECT_WITHOUT_ROLE',
    });
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Agenti', provinces: ['BG'], salesAgents: [customerA] }) }), { salesAgents: 'SUBJECT_WITHOUT_ROLE' });
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Fantasma', provinces: ['BG'], customers: [987_654] }) }), { customers: 'NOT_FOUND' });
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Senza province', customers: [customerA] }) }), { provinces: 'REQUIRED' });
    expectViolation(await operator({ method: 'POST', url: E, ...json({ name: 'Provincia ignota', provinces: ['XX'] }) }), { provinces: 'UNKNOWN_VALUE' });
    expect(await count()).toBe(before);
  });

  it('finds the areas of a subject in any role, of a warehouse, of a province, of a town', async () => {
    await create(E, { name: 'Olona', provinces: ['VA', 'MI'], municipalities: 'Castellanza, Olgiate Olona', customers: [customerA] });
    await create(E, { name: 'Orobie', provinces: ['BG'], transporters: [both] });
    expect(await search({ filters: [{ field: 'assignedSubjects', op: 'contains', value: customerA }] })).toEqual(['Olona']);
    expect(await search({ filters: [{ field: 'assignedSubjects', op: 'contains', value: both }] })).toEqual(['Due ruoli', 'Orobie', 'Valle Brembana e Val Serina']);
    expect(await search({ filters: [{ field: 'transporters', op: 'contains', value: both }] })).toEqual(['Due ruoli', 'Orobie']);
    expect(await search({ filters: [{ field: 'warehouses', op: 'contains', value: warehouse }] })).toEqual(['Valle Brembana e Val Serina']);
    // with the demo areas: the province of Varese is in "Laghi e Varesotto" too
    expect(await search({ filters: [{ field: 'provinces', op: 'contains', value: 'VA' }] })).toEqual(['Laghi e Varesotto', 'Olona']);
    expect(await search({ query: 'Olgiate' })).toEqual(['Olona']);
  });

  it('no longer counts a subject deleted since among the assigned ones when the assignments change', async () => {
    const gone = await create('/api/subjects/customers', { subjectType: 'COMPANY', name: 'Cessata Attività srl' });
    const area = (await operator({ method: 'POST', url: E, ...json({ name: 'Cessati', provinces: ['MI'], customers: [gone], transporters: [transporter] }) })).json().data;
    expect(area.assignedSubjects).toEqual([gone, transporter].sort((a, b) => a - b));
    const deleted = await admin({ method: 'PUT', url: `/api/subjects/customers/${gone}/delete` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const updated = await operator({ method: 'PUT', url: `${E}/${area.id}`, ...json({ version: area.version, transporters: [transporter, both] }) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.assignedSubjects).toEqual([transporter, both].sort((a, b) => a - b));
  });

  it('lets the logistics read the areas but not change them', async () => {
    const list = await logistic({ method: 'GET', url: E });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBeGreaterThan(0);
    expect((await logistic({ method: 'POST', url: E, ...json({ name: 'Logistica', provinces: ['MI'] }) })).statusCode).toBe(403);
  });
});

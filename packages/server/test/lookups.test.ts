import type { LookupTableSeed } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLookupTables } from '../src/seed/lookups.js';
import { as, createTestApp, signIn, type TestApp } from './support/test-app.js';

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });

const FIXTURE: LookupTableSeed[] = [
  {
    code: 'TEST_UNITS',
    name: { it: 'Unità di prova', en: 'Test units' },
    columns: { alpha1: 'category' },
    values: [
      { code: 'KG', it: 'Chilogrammo', en: 'Kilogram', alpha1: 'MASS', extraValue: '1' },
      { code: 'T', it: 'Tonnellata', en: 'Tonne', alpha1: 'MASS', extraValue: '1000' },
      { code: 'L', it: 'Litro', en: 'Litre', alpha1: 'VOLUME', flag1: true, extraFields: { precision: 2 } },
    ],
  },
  {
    code: 'TEST_DOCS',
    name: { it: 'Documenti di prova', en: 'Test documents' },
    values: [
      { code: 'ANY', it: 'Qualsiasi', en: 'Any' },
      { code: 'PLATE', it: 'Libretto', en: 'Registration', extraFields: { entities: ['vehicles'] } },
      { code: 'VISURA', it: 'Visura', en: 'Company extract', extraFields: { entities: ['subjects'] } },
      { code: 'DURC', it: 'DURC', en: 'DURC', extraFields: { entities: ['customers', 'transporters'] } },
      { code: 'NOWHERE', it: 'Da nessuna parte', en: 'Nowhere', extraFields: { entities: [] } },
    ],
  },
  {
    code: 'TEST_LANGS',
    name: { it: 'Lingue di prova', en: 'Test languages' },
    values: [
      { code: 'it', it: 'Italiano', en: 'Italian' },
      { code: 'en', it: 'Inglese', en: 'English' },
    ],
  },
];

describe('lookup tables', () => {
  let t: TestApp;
  let operator: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp({}, { setup: (db) => seedLookupTables(db, FIXTURE) });
    operator = as(t.app, (await signIn(t.app, 'operator')).token);
  });
  afterAll(() => t.close());

  const values = async (query: string) => {
    const res = await operator({ method: 'GET', url: `/api/conf/tables/tablevalue?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { code: string; val: string; name: string; formattedOutput: Record<string, string>; alpha1: string; flag1: boolean; extraValue: string; extraFields: Record<string, unknown> }[];
  };

  it('serves the values of several tables in their declared order with the option shape of spec §3', async () => {
    const items = await values('tableCodes=TEST_UNITS,TEST_LANGS&unpaged=true');
    expect(items.map((i) => i.code)).toEqual(['it', 'en', 'KG', 'T', 'L']);
    expect(items.find((i) => i.code === 'T')).toMatchObject({
      tableCode: 'TEST_UNITS',
      val: 'T',
      name: 'Tonnellata',
      formattedOutput: { it: 'Tonnellata', en: 'Tonne' },
      alpha1: 'MASS',
      flag1: false,
      extraValue: '1000',
    });
    expect(items.find((i) => i.code === 'L')).toMatchObject({ flag1: true, extraFields: { precision: 2 } });
  });

  it('applies the extra filters alpha1 and code, and sort=code,asc', async () => {
    expect((await values('tableCodes=TEST_UNITS&alpha1=MASS')).map((i) => i.code)).toEqual(['KG', 'T']);
    expect((await values('tableCodes=TEST_UNITS&code=L')).map((i) => i.code)).toEqual(['L']);
    expect((await values('tableCodes=TEST_UNITS&sort=code,asc')).map((i) => i.code)).toEqual(['KG', 'L', 'T']);
  });

  it('offers, for an entity, the values meant for it (extraFields.entities) and those meant for every entity', async () => {
    const codes = async (query: string) => (await values(`tableCodes=TEST_DOCS&unpaged=true${query}`)).map((i) => i.code);
    // without entity: every value
    expect(await codes('')).toEqual(['ANY', 'PLATE', 'VISURA', 'DURC', 'NOWHERE']);
    expect(await codes('&entity=vehicles')).toEqual(['ANY', 'PLATE']);
    // a route view: its own values and its base entity's
    expect(await codes('&entity=customers')).toEqual(['ANY', 'VISURA', 'DURC']);
    expect(await codes('&entity=suppliers')).toEqual(['ANY', 'VISURA']);
    // the base entity by name, and an area with no entity yet
    expect(await codes('&entity=subject')).toEqual(['ANY', 'VISURA']);
    expect(await codes('&entity=rdr')).toEqual(['ANY']);
    // other tables asked for together are not affected
    expect((await values('tableCodes=TEST_DOCS,TEST_LANGS&entity=vehicles')).map((i) => i.code)).toEqual(['ANY', 'PLATE', 'it', 'en']);
    const unknown = await operator({ method: 'GET', url: '/api/conf/tables/tablevalue?tableCodes=TEST_DOCS&entity=no-such-thing' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: 'UNKNOWN_ENTITY' });
  });

  it('refuses malformed table codes with 400', async () => {
    expect((await operator({ method: 'GET', url: "/api/conf/tables/tablevalue?tableCodes=A';drop" })).statusCode).toBe(400);
    expect((await operator({ method: 'GET', url: '/api/conf/tables/tablevalue' })).statusCode).toBe(400);
  });

  it('serves the LANGUAGE table before sign-in with a translation per language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conf/tables/tablevalue/all/LANGUAGE/APP' });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { code: string; translation: Record<string, string> }[];
    expect(items.map((i) => i.code)).toEqual(expect.arrayContaining(['it', 'en']));
    expect(items.find((i) => i.code === 'it')?.translation).toEqual({ it: 'Italiano', en: 'Italian' });
    expect(items.find((i) => i.code === 'en')?.translation).toEqual({ it: 'Inglese', en: 'English' });
  });

  it('is idempotent and never overwrites an administrator change', async () => {
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const found = (await admin({ method: 'GET', url: `/api/conf/table-values?q=${encodeURIComponent(JSON.stringify({ filters: [{ field: 'tableCode', op: 'eq', value: 'TEST_UNITS' }, { field: 'code', op: 'eq', value: 'KG' }] }))}` })).json().data.items[0];
    const edited = await admin({ method: 'PUT', url: `/api/conf/table-values/${found.id}`, ...json({ version: found.version, translations: { it: 'Chilo', en: 'Kilo' } }) });
    expect(edited.statusCode, edited.body).toBe(200);
    await seedLookupTables(t.db, [{ ...FIXTURE[0]!, values: [...FIXTURE[0]!.values, { code: 'G', it: 'Grammo', en: 'Gram', alpha1: 'MASS' }] }]);
    const items = await values('tableCodes=TEST_UNITS');
    expect(items.find((i) => i.code === 'KG')?.formattedOutput).toEqual({ it: 'Chilo', en: 'Kilo' });
    expect(items.map((i) => i.code)).toContain('G');
  });

  it('keeps value codes unique within a table, not across tables', async () => {
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const dup = await admin({ method: 'POST', url: '/api/conf/table-values', ...json({ tableCode: 'TEST_UNITS', code: 'KG', translations: { it: 'x', en: 'x' } }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ field: 'code', message: 'ALREADY_EXISTS' }]);
    const other = await admin({ method: 'POST', url: '/api/conf/table-values', ...json({ tableCode: 'test_langs', code: 'KG', translations: { it: 'x', en: 'x' } }) });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.tableCode).toBe('TEST_LANGS');
  });

  it('lets only holders of TABLE_W edit tables; every user reads the option lists', async () => {
    const res = await operator({ method: 'POST', url: '/api/conf/tables', ...json({ code: 'MY_TABLE', name: { it: 'Zebrafish mia', en: 'Zebrafish mine' } }) });
    expect(res.statusCode).toBe(403);
    const customer = as(t.app, (await signIn(t.app, 'customer')).token);
    expect((await customer({ method: 'GET', url: '/api/conf/tables/tablevalue?tableCodes=TEST_UNITS' })).statusCode).toBe(200);
    expect((await customer({ method: 'GET', url: '/api/conf/tables' })).statusCode).toBe(403);
    const manager = as(t.app, (await signIn(t.app, 'manager')).token);
    const created = await manager({ method: 'POST', url: '/api/conf/tables', ...json({ code: 'MY_TABLE', name: { it: 'Zebrafish mia', en: 'Zebrafish mine' } }) });
    expect(created.statusCode, created.body).toBe(201);
    const search = await manager({ method: 'GET', url: `/api/conf/tables?q=${encodeURIComponent(JSON.stringify({ query: 'zebrafish' }))}` });
    expect(search.json().data.items.map((i: { code: string }) => i.code)).toEqual(['MY_TABLE']);
  });
});

describe('tag hierarchy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('builds the tree of a root tag by name or id', async () => {
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const post = async (body: Record<string, unknown>) => {
      const res = await admin({ method: 'POST', url: '/api/conf/tags', ...json(body) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; rootId: number | null; code: string };
    };
    const root = await post({ name: 'CATEGORIE_RIFIUTI', translations: { it: 'Categorie di rifiuti', en: 'Waste categories' } });
    const urban = await post({ name: 'Urbani', parentId: root.id, icon: 'HomeOutlined' });
    await post({ name: 'Ingombranti', parentId: urban.id, selectable: false });
    await post({ name: 'Speciali', parentId: root.id });
    const byName = await admin({ method: 'GET', url: '/api/conf/tag/hierarchy/CATEGORIE_RIFIUTI' });
    expect(byName.statusCode, byName.body).toBe(200);
    const tree = byName.json().data.root;
    expect(tree).toMatchObject({ id: root.id, name: 'CATEGORIE_RIFIUTI', label: 'Categorie di rifiuti', selectable: true });
    expect(tree.children.map((c: { name: string }) => c.name)).toEqual(['Speciali', 'Urbani']);
    const urbanNode = tree.children.find((c: { name: string }) => c.name === 'Urbani');
    expect(urbanNode).toMatchObject({ icon: 'HomeOutlined', children: [{ name: 'Ingombranti', selectable: false, children: [] }] });
    const byId = await admin({ method: 'GET', url: `/api/conf/tag/hierarchy/${root.id}` });
    expect(byId.json().data.root.children).toHaveLength(2);
    expect((await admin({ method: 'GET', url: '/api/conf/tag/hierarchy/NO_SUCH_TREE' })).statusCode).toBe(404);
  });
});

describe('seeded lookup tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the tables of the release: legal forms, provinces with their region, R/D operations', async () => {
    const call = as(t.app, (await signIn(t.app, 'customer')).token);
    const get = async (query: string) => (await call({ method: 'GET', url: `/api/conf/tables/tablevalue?${query}` })).json().data.items as { code: string; formattedOutput: Record<string, string>; alpha1: string | null }[];
    expect((await get('tableCodes=SBJ_LEGAL_FORM')).map((v) => v.code)).toEqual(expect.arrayContaining(['SRL', 'SPA', 'SNC']));
    const provinces = await get('tableCodes=PROVINCES&sort=code,asc');
    expect(provinces).toHaveLength(107);
    expect(provinces.find((p) => p.code === 'BO')).toMatchObject({ formattedOutput: { it: 'Bologna' }, alpha1: 'Emilia-Romagna' });
    const emilia = await get('tableCodes=PROVINCES&alpha1=Emilia-Romagna');
    expect(emilia.map((p) => p.code).sort()).toEqual(['BO', 'FC', 'FE', 'MO', 'PC', 'PR', 'RA', 'RE', 'RN']);
    expect(await get('tableCodes=RD_OPERATION')).toHaveLength(28);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUSINESS_UNIT_CODE, DEMO_BUSINESS_UNIT_FILE, seedDemoBusinessUnit } from '../../src/domain/business-units/seed.js';
import { seedContext } from '../../src/domain/index.js';
import { COMPANY_NAME } from '../../src/seed/demo-master-data.js';
import { callers, json, type Call } from '../configuration/support.js';
import { minimalPdf, PNG_1X1 } from '../documents/fixtures.js';
import { expectViolation, uniqueName } from '../security/support.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Unit {
  id: number;
  code: string;
  name: string;
  type: string;
  subject: number;
  subjectName: string | null;
}

const quiet = { info: () => undefined, warn: () => undefined };

describe('business units, their attachments and the CMS calls', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let operator: Call;
  let owner: Call;
  let customer: Call;
  let onboard: Call;
  let companyId: number;
  let defaultUnit: Unit;
  let seededDocument: number;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-bu-test-')) });
    ({ admin, manager, operator, owner, customer, onboard } = await callers(t.app, 'admin', 'manager', 'operator', 'owner', 'customer', 'onboard'));
    const { rows } = await sql<{ id: number }>`select id from subject where name = ${COMPANY_NAME} and not deleted`.execute(t.db);
    companyId = Number(rows[0]!.id);
    const res = await operator({ method: 'GET', url: '/api/bu/unit?type=DEFAULT' });
    defaultUnit = res.json().data.items[0];
    const docs = await sql<{ id: number }>`select id from documents where owner_entity = 'DOC_BU' and owner_id = ${defaultUnit.id}`.execute(t.db);
    seededDocument = Number(docs.rows[0]!.id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  const upload = async (call: Call, file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const res = await call({ method: 'POST', url: '/api/resources/document', ...(await multipart(file, fields)) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const createUnit = async (body: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: '/api/bu/units', ...json({ code: uniqueName('BU').toUpperCase().slice(0, 32), name: 'Filiale di Bergamo', type: 'BRANCH', subject: companyId, ...body }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Unit & { version: number };
  };

  describe('the demo seed', () => {
    it('makes the demo company the DEFAULT unit, with its chamber extract attached', async () => {
      expect(defaultUnit).toMatchObject({ code: DEMO_BUSINESS_UNIT_CODE, name: COMPANY_NAME, type: 'DEFAULT', subject: companyId, subjectName: COMPANY_NAME });
      const file = await operator({ method: 'GET', url: `/api/bu/${defaultUnit.id}/attachments/${seededDocument}` });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain(DEMO_BUSINESS_UNIT_FILE);
      expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(file.rawPayload.toString('latin1')).toContain('Visura ordinaria');
    });

    it('runs once: a database that has units is left alone, and without demo data nothing is seeded', async () => {
      expect(await seedDemoBusinessUnit(seedContext(t.db, t.config, quiet))).toBeNull();
      expect(await seedDemoBusinessUnit(seedContext(t.db, { ...t.config, demoData: false }, quiet))).toBeNull();
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from business_unit where type = 'DEFAULT'`.execute(t.db);
      expect(rows[0]!.n).toBe(1);
    });
  });

  describe('GET /api/bu/unit', () => {
    it('lists the units of a type with id and subject, for every back-office user', async () => {
      for (const call of [admin, operator, owner, customer]) {
        const res = await call({ method: 'GET', url: '/api/bu/unit?type=DEFAULT' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ data: { items: [expect.objectContaining({ id: defaultUnit.id, subject: companyId })] } });
      }
      // the type is not case-sensitive
      expect((await owner({ method: 'GET', url: '/api/bu/unit?type=default' })).json().data.items).toHaveLength(1);
    });

    it('lists every unit without a type, the DEFAULT one first, and none of an unknown type', async () => {
      const branch = await createUnit({ name: 'Filiale di Lodi' });
      const all = (await operator({ method: 'GET', url: '/api/bu/unit' })).json().data.items as Unit[];
      expect(all[0]!.id).toBe(defaultUnit.id);
      expect(all.map((u) => u.id)).toContain(branch.id);
      const branches = (await operator({ method: 'GET', url: '/api/bu/unit?type=BRANCH' })).json().data.items as Unit[];
      expect(branches.map((u) => u.id)).toContain(branch.id);
      expect(branches.every((u) => u.type === 'BRANCH')).toBe(true);
      expect((await operator({ method: 'GET', url: '/api/bu/unit?type=NOWHERE' })).json()).toEqual({ data: { items: [] } });
    });

    it('refuses a malformed type, a user without back-office access and an anonymous call', async () => {
      expect((await operator({ method: 'GET', url: '/api/bu/unit?type=a%20b' })).statusCode).toBe(400);
      const refused = await onboard({ method: 'GET', url: '/api/bu/unit?type=DEFAULT' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorMessage).toBe('CANT_READ');
      expect((await t.app.inject({ method: 'GET', url: '/api/bu/unit?type=DEFAULT' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/bu/unit/{id}', () => {
    it('reads a unit by id, and id 0 as the DEFAULT unit', async () => {
      const byId = await owner({ method: 'GET', url: `/api/bu/unit/${defaultUnit.id}` });
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json().data).toMatchObject({ id: defaultUnit.id, subject: companyId, type: 'DEFAULT' });
      const zero = await owner({ method: 'GET', url: '/api/bu/unit/0' });
      expect(zero.statusCode, zero.body).toBe(200);
      expect(zero.json().data).toEqual(byId.json().data);
    });

    it('answers 404 for a unit that does not exist or is deleted, 400 for a bad id, 403 without back-office access', async () => {
      expect((await operator({ method: 'GET', url: '/api/bu/unit/99999999' })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: '/api/bu/unit/abc' })).statusCode).toBe(400);
      expect((await operator({ method: 'GET', url: '/api/bu/unit/-1' })).statusCode).toBe(400);
      expect((await onboard({ method: 'GET', url: '/api/bu/unit/0' })).statusCode).toBe(403);
      const gone = await createUnit({ name: 'Filiale chiusa' });
      expect((await admin({ method: 'PUT', url: `/api/bu/units/${gone.id}/delete` })).statusCode).toBe(200);
      expect((await operator({ method: 'GET', url: `/api/bu/unit/${gone.id}` })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: '/api/bu/unit' })).json().data.items.map((u: Unit) => u.id)).not.toContain(gone.id);
    });
  });

  describe('managing units (generic pages, DOC_BU)', () => {
    it('refuses a second DEFAULT unit on its type, a missing subject and a malformed type', async () => {
      const second = await admin({ method: 'POST', url: '/api/bu/units', ...json({ code: 'ALTRA', name: 'Altra sede', type: 'DEFAULT', subject: companyId }) });
      expectViolation(second, { type: 'ALREADY_EXISTS' });
      const noSubject = await admin({ method: 'POST', url: '/api/bu/units', ...json({ code: 'NOSUBJ', name: 'Senza anagrafica', type: 'BRANCH', subject: 99999999 }) });
      expectViolation(noSubject, { subject: 'NOT_FOUND' });
      const badType = await admin({ method: 'POST', url: '/api/bu/units', ...json({ code: 'BADTYPE', name: 'Tipo errato', type: 'filiale nord', subject: companyId }) });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().errors.map((e: { field: string }) => e.field)).toContain('type');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from business_unit where code in ('ALTRA', 'NOSUBJ', 'BADTYPE')`.execute(t.db);
      expect(rows[0]!.n).toBe(0);
    });

    it('lets DOC_BU writers manage units and refuses readers (403)', async () => {
      const created = await manager({ method: 'POST', url: '/api/bu/units', ...json({ code: uniqueName('MGR').toUpperCase(), name: 'Filiale di Monza', type: 'BRANCH', subject: companyId }) });
      expect(created.statusCode, created.body).toBe(201);
      const refused = await operator({ method: 'POST', url: '/api/bu/units', ...json({ code: 'OPERATORE', name: 'Non mia', type: 'BRANCH', subject: companyId }) });
      expect(refused.statusCode).toBe(403);
      expect((await owner({ method: 'GET', url: '/api/bu/units' })).statusCode).toBe(403);
    });
  });

  describe('GET /api/bu/{buId}/attachments/{documentId}', () => {
    it('downloads a document of the unit, by id or through id 0 for the DEFAULT unit, at a version if asked', async () => {
      const branch = await createUnit({ name: 'Filiale di Como' });
      const pdf = minimalPdf();
      const documentId = await upload(admin, { name: 'autorizzazione-unica.pdf', bytes: pdf }, { ownerEntity: 'DOC_BU', ownerId: String(branch.id) });
      const res = await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${documentId}?t=123` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers['content-disposition']).toContain('autorizzazione-unica.pdf');

      const v2 = await admin({ method: 'POST', url: `/api/resources/document/${documentId}`, ...(await multipart({ name: 'logo.png', bytes: PNG_1X1 })) });
      expect(v2.statusCode, v2.body).toBe(201);
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${documentId}` })).rawPayload.equals(PNG_1X1)).toBe(true);
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${documentId}?version=1` })).rawPayload.equals(pdf)).toBe(true);
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${documentId}?version=9` })).statusCode).toBe(404);

      const zero = await operator({ method: 'GET', url: `/api/bu/0/attachments/${seededDocument}` });
      expect(zero.statusCode).toBe(200);
      expect(zero.headers['content-disposition']).toContain(DEMO_BUSINESS_UNIT_FILE);
    });

    it("refuses another unit's document, a document of another record, an unknown unit or document (404)", async () => {
      const branch = await createUnit({ name: 'Filiale di Varese' });
      const ofBranch = await upload(admin, { name: 'filiale.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_BU', ownerId: String(branch.id) });
      // the branch's document asked through the DEFAULT unit, and the DEFAULT unit's through the branch
      expect((await operator({ method: 'GET', url: `/api/bu/${defaultUnit.id}/attachments/${ofBranch}` })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: `/api/bu/0/attachments/${ofBranch}` })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${seededDocument}` })).statusCode).toBe(404);
      // a subject's document with the same owner id, and an upload that belongs to nothing
      const ofSubject = await upload(admin, { name: 'soggetto.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(branch.id) });
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${ofSubject}` })).statusCode).toBe(404);
      const unowned = await upload(admin, { name: 'libero.pdf', bytes: minimalPdf() });
      expect((await admin({ method: 'GET', url: `/api/bu/${branch.id}/attachments/${unowned}` })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: `/api/bu/99999999/attachments/${ofBranch}` })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/99999999` })).statusCode).toBe(404);
      expect((await operator({ method: 'GET', url: `/api/bu/${branch.id}/attachments/abc` })).statusCode).toBe(400);
    });

    it('needs the business-unit documents read authority (403), checked before anything is looked up', async () => {
      for (const call of [owner, customer, onboard]) {
        const res = await call({ method: 'GET', url: `/api/bu/${defaultUnit.id}/attachments/${seededDocument}` });
        expect(res.statusCode).toBe(403);
        expect(res.json().errorMessage).toBe('CANT_READ');
        expect((await call({ method: 'GET', url: '/api/bu/99999999/attachments/1' })).statusCode).toBe(403);
      }
    });
  });

  describe('GET /api/cms/config/structure', () => {
    it('lists the structures with id and code, for readers of the configuration tables', async () => {
      const created = await admin({ method: 'POST', url: '/api/cms/structures', ...json({ code: 'HOME_PAGE', name: 'Pagina iniziale', description: 'Testata, banner e notizie' }) });
      expect(created.statusCode, created.body).toBe(201);
      const res = await operator({ method: 'GET', url: '/api/cms/config/structure' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.items).toContainEqual({ id: created.json().data.id, code: 'HOME_PAGE', name: 'Pagina iniziale' });
      expectViolation(await admin({ method: 'POST', url: '/api/cms/structures', ...json({ code: 'HOME_PAGE', name: 'Doppione' }) }), { code: 'ALREADY_EXISTS' });
    });

    it('answers 403 without the read authority and 401 anonymously', async () => {
      for (const call of [customer, owner]) expect((await call({ method: 'GET', url: '/api/cms/config/structure' })).statusCode).toBe(403);
      expect((await operator({ method: 'POST', url: '/api/cms/structures', ...json({ code: 'NO', name: 'No' }) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/cms/config/structure' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/cms/resource', () => {
    it('publishes a document under a path: file name copied, path normalised, the file follows the resource', async () => {
      const documentId = await upload(admin, { name: 'logo-circula.png', bytes: PNG_1X1 });
      const created = await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: documentId, path: '/img/logo.png' }) });
      expect(created.statusCode, created.body).toBe(201);
      const resource = created.json().data;
      expect(resource).toMatchObject({ document: documentId, path: 'img/logo.png', fileName: 'logo-circula.png' });
      const res = await operator({ method: 'GET', url: '/api/cms/resource' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.items).toContainEqual(expect.objectContaining({ id: resource.id, fileName: 'logo-circula.png', path: 'img/logo.png' }));
      // the file now belongs to the resource: readers of the resources may download it, others may not
      expect((await operator({ method: 'GET', url: `/api/resources/document/${documentId}` })).statusCode).toBe(200);
      expect((await customer({ method: 'GET', url: `/api/resources/document/${documentId}` })).statusCode).toBe(403);
    });

    it('refuses a path taken, a path going up, a missing file and a file of another user or record', async () => {
      const first = await upload(admin, { name: 'a.png', bytes: PNG_1X1 });
      expect((await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: first, path: 'doc/a.png' }) })).statusCode).toBe(201);
      const second = await upload(admin, { name: 'b.png', bytes: PNG_1X1 });
      expectViolation(await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: second, path: '/doc/a.png/' }) }), { path: 'ALREADY_EXISTS' });
      const upward = await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: second, path: '../segreti.txt' }) });
      expect(upward.statusCode).toBe(400);
      expect(upward.json().errors.map((e: { field: string }) => e.field)).toEqual(['path']);
      expectViolation(await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: 99999999, path: 'doc/x.png' }) }), { document: 'NOT_FOUND' });
      const managers = await upload(manager, { name: 'c.png', bytes: PNG_1X1 });
      expectViolation(await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: managers, path: 'doc/c.png' }) }), { document: 'DOCUMENT_OF_ANOTHER_RECORD' });
      expectViolation(await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: seededDocument, path: 'doc/d.pdf' }) }), { document: 'DOCUMENT_OF_ANOTHER_RECORD' });
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from cms_resource where path like 'doc/%'`.execute(t.db);
      expect(rows[0]!.n).toBe(1);
    });

    it('copies the new file name when the document changes', async () => {
      const first = await upload(admin, { name: 'banner-2025.png', bytes: PNG_1X1 });
      const created = (await admin({ method: 'POST', url: '/api/cms/resources', ...json({ document: first, path: 'banner' }) })).json().data;
      const next = await upload(admin, { name: 'banner-2026.png', bytes: PNG_1X1 });
      const updated = await admin({ method: 'PUT', url: `/api/cms/resources/${created.id}`, ...json({ version: created.version, document: next }) });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ document: next, fileName: 'banner-2026.png', path: 'banner' });
      const cleared = await admin({ method: 'PUT', url: `/api/cms/resources/${created.id}`, ...json({ version: updated.json().data.version, document: null }) });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().data).toMatchObject({ document: null, fileName: null, path: 'banner' });
    });

    it('reserves a path without a file: listed with no file name (the select shows the path)', async () => {
      const created = await admin({ method: 'POST', url: '/api/cms/resources', ...json({ path: 'news/2026/annuncio.html' }) });
      expect(created.statusCode, created.body).toBe(201);
      const items = (await operator({ method: 'GET', url: '/api/cms/resource' })).json().data.items;
      expect(items).toContainEqual(expect.objectContaining({ id: created.json().data.id, fileName: null, path: 'news/2026/annuncio.html' }));
    });

    it('answers 403 without the read authority', async () => {
      for (const call of [customer, owner, onboard]) expect((await call({ method: 'GET', url: '/api/cms/resource' })).statusCode).toBe(403);
    });
  });

  it('id 0 answers 404 once the DEFAULT unit is deleted, and the unit again once restored', async () => {
    expect((await admin({ method: 'PUT', url: `/api/bu/units/${defaultUnit.id}/delete` })).statusCode).toBe(200);
    expect((await operator({ method: 'GET', url: '/api/bu/unit/0' })).statusCode).toBe(404);
    expect((await operator({ method: 'GET', url: `/api/bu/0/attachments/${seededDocument}` })).statusCode).toBe(404);
    expect((await operator({ method: 'GET', url: '/api/bu/unit?type=DEFAULT' })).json().data.items).toEqual([]);
    expect((await admin({ method: 'PUT', url: `/api/bu/units/${defaultUnit.id}/un-deletes` })).statusCode).toBe(200);
    expect((await operator({ method: 'GET', url: '/api/bu/unit/0' })).json().data.id).toBe(defaultUnit.id);
  });
});

import { multipart } from '../support/multipart.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, type Call } from '../configuration/support.js';
import { minimalPdf, PNG_1X1 } from '../documents/fixtures.js';
import { expectViolation, STRONG_PASSWORD, uniqueName } from '../security/support.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';


const byOwner = (ownerId: number) => `q=${encodeURIComponent(JSON.stringify({ filters: [{ field: 'ownerId', op: 'eq', value: ownerId }] }))}`;

describe('notes and documents attached to records', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let owner: Call;
  let customer: number;
  let supplier: number;
  let warehouse: number;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-attachments-test-')) });
    ({ admin, operator, owner } = await callers(t.app, 'admin', 'operator', 'owner'));
    const create = async (url: string, body: unknown) => {
      const res = await operator({ method: 'POST', url, ...json(body) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    customer = await create('/api/subjects/customers', { subjectType: 'COMPANY', name: 'Ecologia Bianchi srl' });
    supplier = await create('/api/subjects/suppliers', { subjectType: 'COMPANY', name: 'Forniture Verdi spa' });
    warehouse = await create('/api/warehouses/warehouse', { name: 'Deposito Nord', warehouseType: 'CDR' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  const upload = async (call: Call, file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const res = await call({ method: 'POST', url: '/api/resources/document', ...(await multipart(file, fields)) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; fileName: string };
  };

  describe('notes', () => {
    it('attaches notes to a subject and a warehouse and lists them by owner, each route showing its own', async () => {
      const onCustomer = await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: customer, title: 'Telefonata', body: 'Richiamare lunedì' }) });
      expect(onCustomer.statusCode, onCustomer.body).toBe(201);
      expect(onCustomer.json().data).toMatchObject({ ownerEntity: 'subject', ownerId: customer, title: 'Telefonata', body: 'Richiamare lunedì' });
      const onSupplier = await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: supplier, title: 'Listino' }) });
      expect(onSupplier.statusCode, onSupplier.body).toBe(201);
      const onWarehouse = await operator({ method: 'POST', url: '/api/notes/warehouse-notes', ...json({ ownerId: warehouse, title: 'Cancello rotto' }) });
      expect(onWarehouse.statusCode, onWarehouse.body).toBe(201);
      expect(onWarehouse.json().data.ownerEntity).toBe('warehouse');

      const customerNotes = (await operator({ method: 'GET', url: `/api/notes/subject-notes?${byOwner(customer)}` })).json().data;
      expect(customerNotes.items.map((n: { title: string }) => n.title)).toEqual(['Telefonata']);
      const warehouseNotes = (await operator({ method: 'GET', url: `/api/notes/warehouse-notes?${byOwner(warehouse)}` })).json().data;
      expect(warehouseNotes.items.map((n: { title: string }) => n.title)).toEqual(['Cancello rotto']);

      // the warehouse route never shows a subject's note, even with the same owner id
      const all = (await operator({ method: 'GET', url: '/api/notes/warehouse-notes?size=100' })).json().data.items as { ownerEntity: string }[];
      expect(all.every((n) => n.ownerEntity === 'warehouse')).toBe(true);
      expect((await operator({ method: 'GET', url: `/api/notes/warehouse-notes/${onCustomer.json().data.id}` })).statusCode).toBe(404);
      // and the user menu's notes are the notes of no record
      const free = await operator({ method: 'POST', url: '/api/notes/notes', ...json({ title: 'Promemoria' }) });
      expect(free.statusCode, free.body).toBe(201);
      const freeNotes = (await operator({ method: 'GET', url: '/api/notes/notes?size=100' })).json().data.items as { title: string; ownerEntity: string | null }[];
      expect(freeNotes.map((n) => n.title)).toEqual(['Promemoria']);
      // the archive holds them all
      const archive = (await admin({ method: 'GET', url: '/api/notes/record-notes?size=100' })).json().data;
      expect(archive.total).toBe(4);
    });

    it('refuses an owner that does not exist, is deleted, is of another kind or is not named', async () => {
      expectViolation(await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: 987654, title: 'x' }) }), { ownerId: 'NOT_FOUND' });
      expectViolation(await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ title: 'x' }) }), { ownerId: 'REQUIRED' });
      // through a route of another kind, the note is outside the view
      expectViolation(await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerEntity: 'warehouse', ownerId: warehouse, title: 'x' }) }), {
        ownerEntity: 'OUTSIDE_VIEW',
      });
      expectViolation(await admin({ method: 'POST', url: '/api/notes/record-notes', ...json({ ownerEntity: 'waste', ownerId: 1, title: 'x' }) }), {
        ownerEntity: 'NOT_ATTACHABLE',
      });
      const gone = (await operator({ method: 'POST', url: '/api/subjects/customers', ...json({ subjectType: 'COMPANY', name: 'Cessata srl' }) })).json().data;
      expect((await admin({ method: 'PUT', url: `/api/subjects/customers/${gone.id}/delete` })).statusCode).toBe(200);
      expectViolation(await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: gone.id, title: 'x' }) }), { ownerId: 'NOT_FOUND' });
    });

    it('refuses an owner the caller cannot read, and attaching without the kind authority', async () => {
      // a group that reads customers only (not every subject), and may write subject and warehouse notes
      const code = uniqueName('NOTERS').toUpperCase();
      const group = await admin({
        method: 'POST',
        url: '/api/security/groups',
        ...json({ code, name: 'Note clienti', authorities: ['ACCESS_BACKOFFICE', 'DOC_SUBJECT_R', 'DOC_SUBJECT_W', 'SUBJECT_CUSTOMER_R', 'DOC_WAREHOUSE_R', 'DOC_WAREHOUSE_W'] }),
      });
      expect(group.statusCode, group.body).toBe(201);
      const username = uniqueName('noter');
      const user = await admin({
        method: 'POST',
        url: '/api/security/users',
        ...json({ username, email: `${username}@example.org`, firstName: 'N', lastName: 'Oter', groups: [code], password: STRONG_PASSWORD }),
      });
      expect(user.statusCode, user.body).toBe(201);
      const noter = as(t.app, (await signIn(t.app, username, STRONG_PASSWORD)).token);

      const ok = await noter({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: customer, title: 'Visita' }) });
      expect(ok.statusCode, ok.body).toBe(201);
      // the supplier exists, but this user reads customers only
      expectViolation(await noter({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: supplier, title: 'x' }) }), { ownerId: 'NOT_FOUND' });
      // no warehouse route is readable by this user at all
      const warehouseNote = await noter({ method: 'POST', url: '/api/notes/warehouse-notes', ...json({ ownerId: warehouse, title: 'x' }) });
      expect(warehouseNote.statusCode).toBe(403);
      expect(warehouseNote.json().errorMessage).toBe('CANT_READ');
      // the owner role reads subjects but may not write their notes
      expect((await owner({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: customer, title: 'x' }) })).statusCode).toBe(403);
      // nor may it attach a free note to a subject through its NOTE authority
      const throughNotes = await owner({ method: 'POST', url: '/api/notes/notes', ...json({ ownerEntity: 'subject', ownerId: customer, title: 'x' }) });
      expect(throughNotes.statusCode).toBe(403);
      expect(throughNotes.json().errorMessage).toBe('CANT_UPDATE');
    });

    it('keeps a note on its record: the owner cannot be changed, the text can; delete and restore', async () => {
      const created = (await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: customer, title: 'Prima' }) })).json().data;
      expectViolation(await operator({ method: 'PUT', url: `/api/notes/subject-notes/${created.id}`, ...json({ version: created.version, ownerId: supplier }) }), {
        ownerId: 'NOT_CHANGEABLE',
      });
      const updated = await operator({ method: 'PUT', url: `/api/notes/subject-notes/${created.id}`, ...json({ version: created.version, title: 'Seconda' }) });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ title: 'Seconda', ownerId: customer });
      expect((await operator({ method: 'PUT', url: `/api/notes/subject-notes/${created.id}/delete` })).statusCode).toBe(200);
      const left = (await operator({ method: 'GET', url: `/api/notes/subject-notes?${byOwner(customer)}` })).json().data.items as { id: number }[];
      expect(left.map((n) => n.id)).not.toContain(created.id);
      expect((await operator({ method: 'PUT', url: `/api/notes/subject-notes/${created.id}/un-deletes` })).statusCode).toBe(200);
    });
  });

  describe('documents', () => {
    it('attaches an uploaded PDF to a subject and a PNG to a warehouse, lists them by owner and serves the files', async () => {
      const pdf = await upload(operator, { name: 'contratto.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(customer) });
      const link = await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: customer, document: pdf.id }) });
      expect(link.statusCode, link.body).toBe(201);
      expect(link.json().data).toMatchObject({ ownerEntity: 'subject', ownerId: customer, document: pdf.id, title: 'contratto.pdf', fileName: 'contratto.pdf', mimeType: 'application/pdf' });

      // an upload without an owner is given to the record it is attached to
      const png = await upload(operator, { name: 'planimetria.png', bytes: PNG_1X1 });
      const pngLink = await operator({ method: 'POST', url: '/api/documents/warehouse-documents', ...json({ ownerId: warehouse, document: png.id, title: 'Planimetria' }) });
      expect(pngLink.statusCode, pngLink.body).toBe(201);
      const row = await t.db.selectFrom('documents').select(['owner_entity', 'owner_id']).where('id', '=', png.id).executeTakeFirstOrThrow();
      expect({ entity: row.owner_entity, id: Number(row.owner_id) }).toEqual({ entity: 'DOC_WAREHOUSE', id: warehouse });

      const subjectDocs = (await operator({ method: 'GET', url: `/api/documents/subject-documents?${byOwner(customer)}` })).json().data.items as { document: number }[];
      expect(subjectDocs.map((d) => d.document)).toEqual([pdf.id]);
      const warehouseDocs = (await operator({ method: 'GET', url: `/api/documents/warehouse-documents?${byOwner(warehouse)}` })).json().data.items as { title: string }[];
      expect(warehouseDocs.map((d) => d.title)).toEqual(['Planimetria']);
      expect((await operator({ method: 'GET', url: `/api/documents/subject-documents/${pngLink.json().data.id}` })).statusCode).toBe(404);

      const file = await operator({ method: 'GET', url: `/api/resources/document/${pdf.id}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('application/pdf');
      expect(file.rawPayload.equals(minimalPdf())).toBe(true);
      // the owner role has no warehouse document authority: neither the link nor the file
      expect((await owner({ method: 'GET', url: `/api/documents/warehouse-documents/${pngLink.json().data.id}` })).statusCode).toBe(403);
      expect((await owner({ method: 'GET', url: `/api/resources/document/${png.id}` })).statusCode).toBe(403);
    });

    it("refuses a missing document, another record's document, another user's unowned upload and a missing owner", async () => {
      expectViolation(await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: customer, document: 999999 }) }), { document: 'NOT_FOUND' });
      const ofSupplier = await upload(operator, { name: 'b.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(supplier) });
      expectViolation(await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: customer, document: ofSupplier.id }) }), {
        document: 'DOCUMENT_OF_ANOTHER_RECORD',
      });
      const adminsOwn = await upload(admin, { name: 'c.pdf', bytes: minimalPdf() });
      expectViolation(await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: customer, document: adminsOwn.id }) }), {
        document: 'DOCUMENT_OF_ANOTHER_RECORD',
      });
      const mine = await upload(operator, { name: 'd.pdf', bytes: minimalPdf() });
      expectViolation(await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: 424242, document: mine.id }) }), { ownerId: 'NOT_FOUND' });
      // nothing was given away by the refused attempt
      const row = await t.db.selectFrom('documents').select(['owner_entity']).where('id', '=', mine.id).executeTakeFirstOrThrow();
      expect(row.owner_entity).toBeNull();
    });

    it('keeps the file of a link fixed; deleting the link hides it from the record', async () => {
      const one = await upload(operator, { name: 'uno.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(customer) });
      const two = await upload(operator, { name: 'due.png', bytes: PNG_1X1 }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(customer) });
      const link = (await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: customer, document: one.id }) })).json().data;
      expectViolation(await operator({ method: 'PUT', url: `/api/documents/subject-documents/${link.id}`, ...json({ version: link.version, document: two.id }) }), {
        document: 'NOT_CHANGEABLE',
      });
      expect((await operator({ method: 'PUT', url: `/api/documents/subject-documents/${link.id}/delete` })).statusCode).toBe(200);
      const items = (await operator({ method: 'GET', url: `/api/documents/subject-documents?${byOwner(customer)}` })).json().data.items as { id: number }[];
      expect(items.map((d) => d.id)).not.toContain(link.id);
    });
  });
});

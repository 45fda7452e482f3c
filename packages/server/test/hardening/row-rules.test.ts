import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, q, type Call } from '../configuration/support.js';
import { minimalPdf } from '../documents/fixtures.js';
import { expectViolation } from '../security/support.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SUBJECTS = '/api/subjects/subjects';
const PDP = '/api/warehouses/warehouses-pdp';
const RELATIONS = '/api/subjects/subject-relations';

/**
 * Issue 13, finding 5 (read side): an external user (owner, customer) reads only their company —
 * the subject their account is linked to and the subjects of its corporate relations — and the
 * records that name those subjects; the demo's owner belongs to the first demo customer, the
 * demo's customer to the second.
 */
describe('row rules: an external user sees their own company only', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let owner: Call;
  let customer: Call;
  /** The companies of the demo owner and of the demo customer. */
  let ownerCompany: number;
  let customerCompany: number;

  const count = async (query: string) => Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.n);
  const ids = async (call: Call, url: string) => {
    const res = await call({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}size=1000` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-row-rules-')) });
    ({ admin, operator, owner, customer } = await callers(t.app, 'admin', 'operator', 'owner', 'customer'));
    const linked = await t.db.selectFrom('users').select(['username', 'subject_id']).where('username', 'in', ['owner', 'customer']).execute();
    ownerCompany = Number(linked.find((u) => u.username === 'owner')!.subject_id);
    customerCompany = Number(linked.find((u) => u.username === 'customer')!.subject_id);
    expect(ownerCompany).toBeGreaterThan(0);
    expect(customerCompany).not.toBe(ownerCompany);
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  it("lists, reads and exports its company's subject and the company it deals with, never the other subjects", async () => {
    const allSubjects = await count('select count(*)::int as n from subject where not deleted and not archived');
    expect(allSubjects).toBeGreaterThan(50);
    const businessUnitSubject = Number((await sql<{ subject: number }>`select subject from business_unit where not deleted`.execute(t.db)).rows[0]!.subject);
    expect((await ids(owner, SUBJECTS)).sort()).toEqual([ownerCompany, businessUnitSubject].sort((a, b) => a - b));
    // staff still read them all
    expect((await operator({ method: 'GET', url: `${SUBJECTS}?size=1` })).json().data.total).toBe(allSubjects);

    const other = await owner({ method: 'GET', url: `${SUBJECTS}/${customerCompany}` });
    expect(other.statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: `${SUBJECTS}/${customerCompany}/history` })).statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: `${SUBJECTS}/${ownerCompany}` })).statusCode).toBe(200);
    // free text and filters cannot reach past the rule
    const byName = await owner({ method: 'GET', url: `${SUBJECTS}?q=${q({ filters: [{ field: 'id', op: 'eq', value: customerCompany }] })}` });
    expect(byName.json().data.total).toBe(0);

    // the export: no VAT number, fiscal code or IBAN of another company
    const vatOfOthers = (await sql<{ vat_number: string }>`select vat_number from subject where vat_number is not null and id <> all(${[ownerCompany, businessUnitSubject]}::bigint[]) limit 20`.execute(t.db)).rows.map((r) => r.vat_number);
    expect(vatOfOthers.length).toBeGreaterThan(10);
    const exported = await owner({ method: 'GET', url: `${SUBJECTS}/export?format=csv` });
    expect(exported.statusCode).toBe(200);
    for (const vat of vatOfOthers) expect(exported.body).not.toContain(vat);
    const own = (await sql<{ vat_number: string }>`select vat_number from subject where id = ${ownerCompany}`.execute(t.db)).rows[0]!.vat_number;
    expect(exported.body).toContain(own);
  });

  it("lists only the company's own pickup points, and a customer of another company sees none of them", async () => {
    const pdpOf = async (subject: number) =>
      (await sql<{ id: number }>`select id from warehouse where owner = ${subject} and warehouse_type = 'PDP' and not deleted and not archived order by id`.execute(t.db)).rows.map((r) => Number(r.id));
    const ownerPdp = await pdpOf(ownerCompany);
    const customerPdp = await pdpOf(customerCompany);
    expect(ownerPdp.length).toBeGreaterThan(0);
    expect(customerPdp.length).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from warehouse where warehouse_type = 'PDP' and not deleted`)).toBeGreaterThan(ownerPdp.length + customerPdp.length);

    expect(await ids(owner, PDP)).toEqual(ownerPdp);
    expect(await ids(customer, PDP)).toEqual(customerPdp);
    expect((await customer({ method: 'GET', url: `${PDP}/${ownerPdp[0]}` })).statusCode).toBe(404);
    const exported = await customer({ method: 'GET', url: `${PDP}/export?format=csv` });
    const ownerPdpNames = (await sql<{ name: string }>`select name from warehouse where id = any(${ownerPdp}::bigint[])`.execute(t.db)).rows;
    for (const { name } of ownerPdpNames) expect(exported.body).not.toContain(name);
  });

  it('writes pickup points only for its own company: another owner is refused and nothing changes', async () => {
    const before = await count(`select count(*)::int as n from warehouse`);
    expectViolation(await owner({ method: 'POST', url: PDP, ...json({ name: 'Sede altrui', warehouseType: 'PDP', owner: customerCompany }) }), { owner: 'NOT_YOUR_COMPANY' });
    expectViolation(await owner({ method: 'POST', url: PDP, ...json({ name: 'Sede di nessuno', warehouseType: 'PDP' }) }), { owner: 'NOT_YOUR_COMPANY' });
    expect(await count(`select count(*)::int as n from warehouse`)).toBe(before);

    const mine = await owner({ method: 'POST', url: PDP, ...json({ name: 'Nuova sede propria', warehouseType: 'PDP', owner: ownerCompany }) });
    expect(mine.statusCode, mine.body).toBe(201);
    const created = mine.json().data as { id: number; version: number };
    expectViolation(await owner({ method: 'PUT', url: `${PDP}/${created.id}`, ...json({ version: created.version, owner: customerCompany }) }), { owner: 'NOT_YOUR_COMPANY' });
    expect((await admin({ method: 'GET', url: `${PDP}/${created.id}` })).json().data).toMatchObject({ owner: ownerCompany, version: created.version });

    const theirs = (await sql<{ id: number; version: number }>`select id, version from warehouse where owner = ${customerCompany} and warehouse_type = 'PDP' limit 1`.execute(t.db)).rows[0]!;
    const taken = await owner({ method: 'PUT', url: `${PDP}/${theirs.id}`, ...json({ version: theirs.version, owner: ownerCompany }) });
    expect(taken.statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `${PDP}/${theirs.id}` })).json().data).toMatchObject({ owner: customerCompany, version: theirs.version });
  });

  it('counts the subjects of corporate relations in force as its company, not commercial or ended ones', async () => {
    const subject = async (name: string) => (await admin({ method: 'POST', url: SUBJECTS, ...json({ subjectType: 'COMPANY', name }) })).json().data.id as number;
    const branch = await subject('Filiale Brianza');
    const contact = await subject('Studio Referente');
    const former = await subject('Ex controllata');
    for (const body of [
      { subject: branch, relationType: 'BRANCH', related: ownerCompany },
      { subject: contact, relationType: 'CONTACT_PERSON', related: ownerCompany },
      { subject: ownerCompany, relationType: 'PARENT_COMPANY', related: former, validFrom: '2020-01-01', validTo: '2021-12-31' },
    ]) {
      const res = await admin({ method: 'POST', url: RELATIONS, ...json(body) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seen = await ids(owner, SUBJECTS);
    expect(seen).toContain(branch);
    expect(seen).not.toContain(contact);
    expect(seen).not.toContain(former);
    // the relations of its company, and no one else's
    const relations = (await owner({ method: 'GET', url: `${RELATIONS}?size=1000` })).json().data.items as { subject: number; related: number }[];
    expect(relations.length).toBeGreaterThanOrEqual(2);
    expect(relations.every((r) => [r.subject, r.related].some((s) => s === ownerCompany || s === branch))).toBe(true);
  });

  it("reads documents of its company's records only, in the lists and as files", async () => {
    const attach = async (subject: number, name: string) => {
      const upload = await operator({ method: 'POST', url: '/api/resources/document', ...(await multipart({ name, bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(subject) })) });
      expect(upload.statusCode, upload.body).toBe(201);
      const link = await operator({ method: 'POST', url: '/api/documents/subject-documents', ...json({ ownerId: subject, document: upload.json().data.id }) });
      expect(link.statusCode, link.body).toBe(201);
      return { file: upload.json().data.id as number, link: link.json().data.id as number };
    };
    const ours = await attach(ownerCompany, 'visura-propria.pdf');
    const theirs = await attach(customerCompany, 'visura-altrui.pdf');
    const listed = await ids(owner, '/api/documents/subject-documents');
    expect(listed).toContain(ours.link);
    expect(listed).not.toContain(theirs.link);
    expect((await owner({ method: 'GET', url: `/api/documents/subject-documents/${theirs.link}` })).statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: `/api/resources/document/${ours.file}` })).statusCode).toBe(200);
    const file = await owner({ method: 'GET', url: `/api/resources/document/${theirs.file}` });
    expect(file.statusCode).toBe(403);
    expect((await owner({ method: 'GET', url: `/api/resources/document/${theirs.file}/versions` })).statusCode).toBe(403);
    // the notes of another company's records are as hidden
    const note = await operator({ method: 'POST', url: '/api/notes/subject-notes', ...json({ ownerId: customerCompany, title: 'Solleciti di pagamento' }) });
    expect(note.statusCode, note.body).toBe(201);
    expect(await ids(owner, '/api/notes/subject-notes')).not.toContain(note.json().data.id);
  });

  it('shows nothing of any company to an external user linked to no subject', async () => {
    const { rows } = await sql<{ id: number }>`select id from users where username = 'customer'`.execute(t.db);
    await t.db.updateTable('users').set({ subject_id: null }).where('id', '=', rows[0]!.id).execute();
    try {
      expect((await customer({ method: 'GET', url: `${PDP}?size=1` })).json().data.total).toBe(0);
    } finally {
      await t.db.updateTable('users').set({ subject_id: customerCompany }).where('id', '=', rows[0]!.id).execute();
    }
  });
});

/** Issue 13, finding 14: a note on no record is its author's, unless shared. */
describe('row rules: notes on no record', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let manager: Call;
  let owner: Call;
  const NOTES = '/api/notes/notes';

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator, manager, owner } = await callers(t.app, 'admin', 'operator', 'manager', 'owner'));
  });
  afterAll(() => t.close());

  const listed = async (call: Call, url = NOTES) => ((await call({ method: 'GET', url: `${url}?size=1000` })).json().data.items as { id: number }[]).map((n) => n.id);

  it('keeps a note private to its author: others neither list, read, change nor delete it', async () => {
    const created = await operator({ method: 'POST', url: NOTES, ...json({ title: 'Promemoria personale', body: 'Chiamare il medico' }) });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json().data as { id: number; version: number; shared: boolean };
    expect(note.shared).toBe(false);
    expect(await listed(operator)).toContain(note.id);
    for (const other of [manager, owner]) {
      expect(await listed(other)).not.toContain(note.id);
      expect((await other({ method: 'GET', url: `${NOTES}/${note.id}` })).statusCode).toBe(404);
      expect((await other({ method: 'PUT', url: `${NOTES}/${note.id}`, ...json({ version: note.version, title: 'preso' }) })).statusCode).toBe(404);
      // 404 for whoever may delete notes (the manager), 403 for whoever may not (the owner)
      expect([403, 404]).toContain((await other({ method: 'PUT', url: `${NOTES}/${note.id}/delete` })).statusCode);
    }
    expect((await manager({ method: 'PUT', url: `${NOTES}/${note.id}/delete` })).statusCode).toBe(404);
    // nor through the archive of every note
    expect(await listed(manager, '/api/notes/record-notes')).not.toContain(note.id);
    expect((await manager({ method: 'GET', url: `/api/notes/record-notes?q=${q({ query: 'Promemoria personale' })}` })).json().data.total).toBe(0);
    // the administrator passes every rule
    expect((await admin({ method: 'GET', url: `${NOTES}/${note.id}` })).json().data).toMatchObject({ title: 'Promemoria personale', version: note.version });
  });

  it('lets the author share a note: every reader of notes reads it, only the author changes it', async () => {
    const note = (await operator({ method: 'POST', url: NOTES, ...json({ title: 'Orari del magazzino' }) })).json().data as { id: number; version: number };
    const shared = await operator({ method: 'PUT', url: `${NOTES}/${note.id}`, ...json({ version: note.version, shared: true }) });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await listed(manager)).toContain(note.id);
    const read = (await owner({ method: 'GET', url: `${NOTES}/${note.id}` })).json().data;
    expect(read).toMatchObject({ title: 'Orari del magazzino', canWrite: false });
    const edit = await manager({ method: 'PUT', url: `${NOTES}/${note.id}`, ...json({ version: read.version, title: 'Cambiato' }) });
    expect(edit.statusCode).toBe(403);
    expect((await manager({ method: 'PUT', url: `${NOTES}/${note.id}/delete` })).statusCode).toBe(403);
    expect((await operator({ method: 'GET', url: `${NOTES}/${note.id}` })).json().data).toMatchObject({ title: 'Orari del magazzino', version: read.version, canWrite: true });
  });
});

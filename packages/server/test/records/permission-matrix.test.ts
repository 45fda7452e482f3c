import { sql } from 'kysely';
import { ATTACHMENT_OWNERS, authority, BASE_GROUPS, CATALOGUE, groupAuthorities, type AuthorityAction, type Target } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo.js';
import { minimalPdf } from '../documents/fixtures.js';
import { multipart } from '../support/multipart.js';
import { sampleRecord } from '../support/samples.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });
const ROLES = ['admin', 'manager', 'operator', 'owner', 'verifier', 'logistic', 'customer'];

/** What the demo user may do, computed from the base groups: the expectation side of the matrix. */
function expected(username: string, target: Target, action: AuthorityAction): boolean {
  const user = DEMO_USERS.find((u) => u.username === username)!;
  const authorities = user.groups.flatMap((code) => groupAuthorities(BASE_GROUPS.find((g) => g.code === code)!));
  return authorities.includes('ROLE_ADMIN') || authorities.includes(authority(target.authority, action));
}


/**
 * A note on no record is written only by its author (issue 13, finding 14): the administrator's
 * seed of such a note is readable by others only because it is shared, and changed by no one else.
 */
const authorOnly = (target: Target, username: string) => target.entity.name === 'note' && !ownerKindOf(target) && username !== 'admin';

/** The base entity a note or document view attaches to (its fixed ownerEntity filter), if any. */
const ownerKindOf = (target: Target): string | undefined => target.filters.find((f) => f.field === 'ownerEntity' && f.op === 'eq')?.value as string | undefined;

/**
 * Every target of the catalogue × every demo role × read, create, write, delete, restore (and
 * transition where there is a workflow), against the server's answers.
 */
describe('permission matrix', () => {
  let t: TestApp;
  const calls: Record<string, ReturnType<typeof as>> = {};
  /** One record of each kind notes and documents attach to, made by the administrator. */
  const owners: Record<string, number> = {};
  /** Other records a sample names by `entity.field`. */
  const others: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const username of ROLES) calls[username] = as(t.app, (await signIn(t.app, username)).token);
    for (const route of ['subjects', 'warehouse', 'vehicles']) {
      const target = CATALOGUE.target(route)!;
      // the warehouse and the vehicle belong to the subject: one company's records
      const res = await calls.admin!({ method: 'POST', url: target.endpoint, ...json({ ...sampleRecord(target.entity), ...target.defaults, ...(owners.subject ? { owner: owners.subject } : {}) }) });
      owners[target.entity.name] = res.json().data.id;
    }
    // the external users (owner, customer) belong to that company: the records of the matrix are
    // theirs, so the matrix checks their authorities (the row rules have their own tests)
    await t.db.updateTable('users').set({ subject_id: owners.subject! }).where('username', 'in', ['owner', 'customer']).execute();
    // the lines of requests, conferrals and samplings name an EER code; a conferral is made at a collection centre
    others.waste = Number((await t.db.selectFrom('waste' as never).select('id' as never).where('code' as never, '=', '150101' as never).executeTakeFirstOrThrow() as { id: number }).id);
    const centres = CATALOGUE.target('warehouses-cdr')!;
    others['conferral.cdr'] = (await calls.admin!({ method: 'POST', url: centres.endpoint, ...json({ ...sampleRecord(centres.entity), ...centres.defaults, owner: owners.subject }) })).json().data.id;
    // a treatment is made at a plant or service warehouse; a displacement goes to another warehouse than its origin
    const service = CATALOGUE.target('warehouses-service')!;
    others['treatment.plant'] = (await calls.admin!({ method: 'POST', url: service.endpoint, ...json({ ...sampleRecord(service.entity), ...service.defaults, owner: owners.subject }) })).json().data.id;
    others['displacement.destination'] = others['treatment.plant']!;
    // requests and field activities have notes and documents too: one of each, the company's
    for (const route of ['movement-requests', 'msa', 'sampling', 'transport']) {
      const target = CATALOGUE.target(route)!;
      const refs = { ...owners, ...others, subject: owners.subject! };
      const body = { ...sampleRecord(target.entity, refs), requester: owners.subject, customer: owners.subject, producer: owners.subject };
      const res = await calls.admin!({ method: 'POST', url: target.endpoint, ...json(body) });
      expect(res.statusCode, res.body).toBe(201);
      owners[target.entity.name] = res.json().data.id;
    }
    // an invoice is issued to a subject the SdI can identify
    await sql`update subject set fiscal_code = '01234567897' where id = ${owners.subject!}`.execute(t.db);
    // a collection is recorded against an issued invoice of the company (issuing has its own tests: here the row is set issued)
    const invoices = CATALOGUE.target('invoices')!;
    const invoice = await calls.admin!({ method: 'POST', url: invoices.endpoint, ...json(sampleRecord(invoices.entity, { ...owners, ...others, subject: owners.subject! })) });
    expect(invoice.statusCode, invoice.body).toBe(201);
    others['account-movement.invoice'] = invoice.json().data.id;
    await sql`update invoice set status = 'ISSUED', payable = 1000000, total = 1000000, payment_status = 'TO_PAY' where id = ${others['account-movement.invoice']}`.execute(t.db);
    // a relation joins two different subjects
    const subjects = CATALOGUE.target('subjects')!;
    others['subject-relation.related'] = (await calls.admin!({ method: 'POST', url: subjects.endpoint, ...json({ ...sampleRecord(subjects.entity), ...subjects.defaults }) })).json().data.id;
  });

  /** A valid body for the target: notes and documents name a real owner, documents a file of that owner. */
  const bodyFor = async (target: Target) => {
    const kind = ownerKindOf(target) ?? (target.entity.fields.ownerId?.required ? 'subject' : undefined);
    const refs: Record<string, number> = { ...owners, ...others };
    if (kind && target.entity.fields.document) {
      const authority = ATTACHMENT_OWNERS[kind]!.authority;
      const upload = await calls.admin!({ method: 'POST', url: '/api/resources/document', ...(await multipart({ name: 'allegato.pdf', bytes: minimalPdf() }, { ownerEntity: authority, ownerId: String(owners[kind]) })) });
      refs.document = upload.json().data.id;
    }
    const body: Record<string, unknown> = { ...sampleRecord(target.entity, refs), ...target.defaults };
    if (kind) {
      body.ownerEntity = kind;
      body.ownerId = owners[kind];
    }
    // a record's owner subject is the company's (a warehouse's, a vehicle's owner)
    for (const [name, field] of Object.entries(target.entity.fields)) {
      if (field.type === 'reference' && field.entity === 'subject' && !field.multiple && !field.readOnly && body[name] === undefined) body[name] = owners.subject;
    }
    if (target.entity.name === 'note' && !kind) body.shared = true;
    return body;
  };

  /** A new subject is the company's when a corporate relation ties it to the company's subject. */
  const joinCompany = async (target: Target, id: number) => {
    if (target.entity.name !== 'subject') return;
    const res = await calls.admin!({ method: 'POST', url: '/api/subjects/subject-relations', ...json({ subject: id, relationType: 'BRANCH', related: owners.subject }) });
    expect(res.statusCode, res.body).toBe(201);
  };
  afterAll(() => t.close());

  // read-only entities (communications…): the server writes them; every role reads them as its
  // authorities say and no role, the administrator included, creates, changes or deletes one
  for (const target of CATALOGUE.targets.filter((t) => t.readOnly)) {
    describe(target.name, () => {
      for (const username of ROLES) {
        it(`${username}: read as authorised, never create, write, delete or restore`, async () => {
          const call = calls[username]!;
          const E = target.endpoint;
          expect((await call({ method: 'GET', url: E })).statusCode).toBe(expected(username, target, 'R') ? 200 : 403);
          const refused = [
            await call({ method: 'POST', url: E, ...json(await bodyFor(target)) }),
            await call({ method: 'PUT', url: `${E}/1`, ...json({ version: 1 }) }),
            await call({ method: 'PUT', url: `${E}/1/delete` }),
            await call({ method: 'PUT', url: `${E}/1/un-deletes` }),
          ];
          for (const res of refused) expect(res.json(), res.body).toMatchObject({ errorCode: 'FORBIDDEN', errorMessage: 'READ_ONLY_RECORDS' });
        });
      }
    });
  }

  // a message to a subject (issue 20, "Messages"): written through its own call, by whoever may read
  // and write communications; the external users and the others get 403
  describe('communications: a message to a subject', () => {
    for (const username of ROLES) {
      it(`${username}: writes to a subject as authorised`, async () => {
        const target = CATALOGUE.target('communications')!;
        const body = { subject: owners.subject, toAddress: 'matrice@example.org', subjectLine: 'Matrice dei permessi', body: 'Prova.' };
        const res = await calls[username]!({ method: 'POST', url: `${target.endpoint}/send`, ...json(body) });
        expect(res.statusCode, res.body).toBe(expected(username, target, 'R') && expected(username, target, 'W') ? 201 : 403);
      });
    }
  });

  /**
   * A FIR is issued by its transport, never posted: one is written as the departure writes it (the
   * company's load, with an anomaly, so the verifier's worklist shows it too).
   */
  let firs = 0;
  const issuedFir = async (): Promise<{ id: number; version: number }> => {
    firs += 1;
    const { rows } = await sql<{ id: number; version: number }>`
      insert into fir (code, number, transport, waste, producer, transporter, anomalies, created_by, updated_by)
      values (${`FIR-M${firs}`}, ${`FIR/2030/M${String(firs).padStart(5, '0')}`}, ${owners.transport!}, ${others.waste!}, ${owners.subject!}, ${owners.subject!}, array['WEIGHT_OFF'], 'admin', 'admin')
      returning id, version`.execute(t.db);
    return { id: Number(rows[0]!.id), version: Number(rows[0]!.version) };
  };

  // FIRs: read and changed as the authorities say; never created or deleted through the API (409
  // for whoever may write, 403 for the others); their status moves only by signing (409)
  for (const target of CATALOGUE.targets.filter((t) => t.entity.name === 'fir')) {
    describe(target.name, () => {
      for (const username of ROLES) {
        it(`${username}: read and write as authorised; never create or delete; the status only by signing`, async () => {
          const call = calls[username]!;
          const E = target.endpoint;
          const record = await issuedFir();
          const refusedUnless = (action: AuthorityAction) => (expected(username, target, action) ? 409 : 403);
          expect((await call({ method: 'GET', url: `${E}/${record.id}` })).statusCode).toBe(expected(username, target, 'R') ? 200 : 403);
          expect((await call({ method: 'GET', url: E })).statusCode).toBe(expected(username, target, 'R') ? 200 : 403);
          expect((await call({ method: 'POST', url: E, ...json({ routeNotes: 'x' }) })).statusCode).toBe(refusedUnless('W'));
          const write = await call({ method: 'PUT', url: `${E}/${record.id}`, ...json({ version: record.version, routeNotes: 'Percorso' }) });
          expect(write.statusCode, write.body).toBe(expected(username, target, 'W') ? 200 : 403);
          const current = (await calls.admin!({ method: 'GET', url: `${E}/${record.id}` })).json().data;
          expect((await call({ method: 'PUT', url: `${E}/${record.id}?newStatus=SIGNED_PRODUCER`, ...json({ version: current.version }) })).statusCode).toBe(refusedUnless('W'));
          expect((await call({ method: 'PUT', url: `${E}/${record.id}/delete` })).statusCode).toBe(refusedUnless('D'));
        });
      }
    });
  }

  // the stock ledger: rows are posted (by hand as the authorities say) and never changed or deleted (409 for whoever may, 403 for the others)
  for (const target of CATALOGUE.targets.filter((t) => !t.readOnly && t.entity.name === 'warehouse-movement')) {
    describe(target.name, () => {
      for (const username of ROLES) {
        it(`${username}: read and post as authorised; never change or delete`, async () => {
          const call = calls[username]!;
          const E = target.endpoint;
          const seed = await calls.admin!({ method: 'POST', url: E, ...json(await bodyFor(target)) });
          expect(seed.statusCode, seed.body).toBe(201);
          const record = seed.json().data as { id: number; version: number };
          const refusedUnless = (action: AuthorityAction) => (expected(username, target, action) ? 409 : 403);
          expect((await call({ method: 'GET', url: `${E}/${record.id}` })).statusCode).toBe(expected(username, target, 'R') ? 200 : 403);
          expect((await call({ method: 'GET', url: E })).statusCode).toBe(expected(username, target, 'R') ? 200 : 403);
          expect((await call({ method: 'POST', url: E, ...json(await bodyFor(target)) })).statusCode).toBe(expected(username, target, 'W') ? 201 : 403);
          expect((await call({ method: 'PUT', url: `${E}/${record.id}`, ...json({ version: record.version, notes: 'x' }) })).statusCode).toBe(refusedUnless('W'));
          expect((await call({ method: 'PUT', url: `${E}/${record.id}/delete` })).statusCode).toBe(refusedUnless('D'));
        });
      }
    });
  }

  /** Records whose confirmation posts ledger rows (it needs stock): the matrix moves them to CANCELLED instead. */
  const POSTING = new Set(['treatment', 'displacement']);
  /** Records a transition freezes (an issued invoice is never changed or deleted): the matrix moves them last. */
  const FREEZING = new Set(['invoice']);

  for (const target of CATALOGUE.targets.filter((t) => !t.readOnly && t.entity.name !== 'fir' && t.entity.name !== 'warehouse-movement')) {
    describe(target.name, () => {
      for (const username of ROLES) {
        it(`${username}: read, create, write, delete, restore${target.entity.statuses ? ', transition' : ''}`, async () => {
          const admin = calls.admin!;
          const call = calls[username]!;
          const E = target.endpoint;
          const seed = await admin({ method: 'POST', url: E, ...json(await bodyFor(target)) });
          expect(seed.statusCode, seed.body).toBe(201);
          const record = seed.json().data as { id: number; version: number };
          await joinCompany(target, record.id);
          const writes = (action: AuthorityAction) => expected(username, target, action) && !authorOnly(target, username);

          const read = await call({ method: 'GET', url: `${E}/${record.id}` });
          expect(read.statusCode, `read ${read.body}`).toBe(expected(username, target, 'R') ? 200 : 403);
          expect((await call({ method: 'GET', url: E })).statusCode).toBe(expected(username, target, 'R') ? 200 : 403);

          const create = await call({ method: 'POST', url: E, ...json(await bodyFor(target)) });
          // a note or a document is attached only to a record its writer may read (a FIR verifier writes process documents of transports, not of requests)
          const owner = ownerKindOf(target);
          const readsOwner = !owner || CATALOGUE.targets.some((t) => t.entity.name === owner && expected(username, t, 'R'));
          expect(create.statusCode, `create ${create.body}`).toBe(expected(username, target, 'W') && readsOwner ? 201 : 403);

          const write = await call({ method: 'PUT', url: `${E}/${record.id}`, ...json({ version: record.version }) });
          expect(write.statusCode, `write ${write.body}`).toBe(writes('W') ? 200 : 403);

          const transition = async () => {
            const current = (await admin({ method: 'GET', url: `${E}/${record.id}` })).json().data;
            const to = POSTING.has(target.entity.name) ? 'CANCELLED' : current.allowedStatuses[0];
            if (to) {
              const moved = await call({ method: 'PUT', url: `${E}/${record.id}?newStatus=${to}`, ...json({ version: current.version }) });
              expect(moved.statusCode, `transition ${moved.body}`).toBe(writes('W') ? 200 : 403);
            }
          };
          if (target.entity.statuses && !FREEZING.has(target.entity.name)) await transition();

          const del = await call({ method: 'PUT', url: `${E}/${record.id}/delete` });
          expect(del.statusCode, `delete ${del.body}`).toBe(writes('D') ? 200 : 403);
          if (del.statusCode !== 200) await admin({ method: 'PUT', url: `${E}/${record.id}/delete` });
          const restore = await call({ method: 'PUT', url: `${E}/${record.id}/un-deletes` });
          expect(restore.statusCode, `restore ${restore.body}`).toBe(writes('D') ? 200 : 403);
          if (target.entity.statuses && FREEZING.has(target.entity.name)) {
            if (restore.statusCode !== 200) await admin({ method: 'PUT', url: `${E}/${record.id}/un-deletes` });
            await transition();
          }
        });
      }
    });
  }
});

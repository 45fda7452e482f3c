import { mkdtempSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRIVACY_CODE, DEMO_PRIVACY_FILE, textPdf } from '../../src/domain/privacy/seed.js';
import { callers, json, type Call } from '../configuration/support.js';
import { minimalPdf, PNG_1X1 } from '../documents/fixtures.js';
import { expectViolation, STRONG_PASSWORD, uniqueName } from '../security/support.js';
import { multipart } from '../support/multipart.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';

const DEFINITIONS = '/api/privacy/definitions';
const AGREEMENTS = '/api/privacy/service-agreements';
const changedUrl = (userId: number) => `/api/subjects/subjects/changed-privacies/${userId}`;
const acceptUrl = (userId: number) => `/api/subjects/subjects/accept-privacies/${userId}`;

describe('privacy definitions, their acceptance and service agreements', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let manager: Call;
  let adminId: number;
  let operatorId: number;
  let seededId: number;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-privacy-test-')) });
    ({ admin, operator, manager } = await callers(t.app, 'admin', 'operator', 'manager'));
    adminId = (await signIn(t.app, 'admin')).id;
    operatorId = (await signIn(t.app, 'operator')).id;
    const { rows } = await sql<{ id: number }>`select id from privacy_definition where code = ${DEMO_PRIVACY_CODE}`.execute(t.db);
    seededId = rows[0]!.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  const upload = async (call: Call, name: string, bytes: Buffer) => {
    const res = await call({ method: 'POST', url: '/api/resources/document', ...(await multipart({ name, bytes })) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  /** A new back-office user (group OPERATORS plus `groups`), signed in. */
  const newUser = async (options: { lang?: 'it' | 'en'; groups?: string[] } = {}) => {
    const username = uniqueName('privacy');
    const res = await admin({
      method: 'POST',
      url: '/api/security/users',
      ...json({ username, email: `${username}@esempio.it`, firstName: 'Nuovo', lastName: 'Utente', lang: options.lang ?? 'it', groups: ['OPERATORS', ...(options.groups ?? [])], password: STRONG_PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = await signIn(t.app, username, STRONG_PASSWORD);
    return { id: user.id, call: as(t.app, user.token) };
  };

  const changed = async (call: Call, userId: number) => {
    const res = await call({ method: 'GET', url: changedUrl(userId) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as string[];
  };
  const changedIds = async (call: Call, userId: number) => (await changed(call, userId)).map((entry) => Number(entry.split(';')[0])).sort((a, b) => a - b);
  const ids = (...values: number[]) => values.sort((a, b) => a - b);

  const createDefinition = async (body: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: DEFINITIONS, ...json({ code: uniqueName('PRV').toUpperCase().slice(0, 32), label: { it: 'Informativa di prova', en: 'Test notice' }, ...body }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number; revision: number; documentVersion: number | null; document: number | null };
  };
  const updateDefinition = async (id: number, body: Record<string, unknown>) => {
    const current = (await admin({ method: 'GET', url: `${DEFINITIONS}/${id}` })).json().data as { version: number };
    return admin({ method: 'PUT', url: `${DEFINITIONS}/${id}`, ...json({ version: current.version, ...body }) });
  };
  /** Definitions created by a test are switched off at its end, so that the next test starts clean. */
  const deactivate = async (...ids: number[]) => {
    for (const id of ids) expect((await updateDefinition(id, { active: false })).statusCode).toBe(200);
  };

  it('seeds one definition with a real PDF, already accepted by the demo users', async () => {
    expect(await changed(operator, operatorId)).toEqual([]);
    expect(await changed(admin, adminId)).toEqual([]);
    const file = await operator({ method: 'GET', url: `/api/privacy/definition/download/${seededId}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(DEMO_PRIVACY_FILE);
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const accepted = (await operator({ method: 'GET', url: `/api/privacy/accepted/${operatorId}` })).json().data.items;
    expect(accepted).toEqual([expect.objectContaining({ id: seededId, code: DEMO_PRIVACY_CODE, revision: 1, currentRevision: 1, hasDocument: true })]);
  });

  it('asks a user created later, in their language, and forgets the question once accepted', async () => {
    const user = await newUser({ lang: 'en' });
    expect(await changed(user.call, user.id)).toEqual([`${seededId};Personal data processing notice`]);
    const italian = await newUser({ lang: 'it' });
    expect(await changed(italian.call, italian.id)).toEqual([`${seededId};Informativa sul trattamento dei dati personali`]);

    const accept = await user.call({ method: 'PUT', url: acceptUrl(user.id) });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().data.accepted).toEqual([seededId]);
    expect(await changed(user.call, user.id)).toEqual([]);
    // accepting again accepts nothing and keeps the first acceptance
    expect((await user.call({ method: 'PUT', url: acceptUrl(user.id) })).json().data.accepted).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from privacy_acceptance where user_id = ${user.id}`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
    // the other new user still has to accept
    expect(await changedIds(italian.call, italian.id)).toEqual([seededId]);
  });

  it('answers only for one\'s own user; administrators may read anyone\'s but accept only their own', async () => {
    const user = await newUser();
    expect((await operator({ method: 'GET', url: changedUrl(user.id) })).statusCode).toBe(403);
    expect((await operator({ method: 'PUT', url: acceptUrl(user.id) })).statusCode).toBe(403);
    expect((await operator({ method: 'GET', url: `/api/privacy/accepted/${user.id}` })).statusCode).toBe(403);
    expect(await changedIds(admin, user.id)).toEqual([seededId]);
    const byAdmin = await admin({ method: 'PUT', url: acceptUrl(user.id) });
    expect(byAdmin.statusCode).toBe(403);
    expect(await changedIds(user.call, user.id)).toEqual([seededId]);
    expect((await admin({ method: 'GET', url: changedUrl(99_999_999) })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: changedUrl(0) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: changedUrl(user.id) })).statusCode).toBe(401);
  });

  it('makes a definition changed again for every user at each new revision: new document or raised by hand', async () => {
    const first = await upload(admin, 'informativa-v1.pdf', textPdf(['Versione 1']));
    const created = await createDefinition({ document: first });
    expect(created).toMatchObject({ revision: 1, documentVersion: 1, document: first });
    // the document now belongs to the definition: its generic download needs the PRIVACY authority
    expect((await operator({ method: 'GET', url: `/api/resources/document/${first}` })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: `/api/resources/document/${first}` })).statusCode).toBe(200);

    expect(await changedIds(operator, operatorId)).toEqual([created.id]);
    expect(await changedIds(manager, (await signIn(t.app, 'manager')).id)).toEqual([created.id]);
    expect((await operator({ method: 'PUT', url: acceptUrl(operatorId) })).json().data.accepted).toEqual([created.id]);
    expect(await changedIds(operator, operatorId)).toEqual([]);

    // a revision never goes down, and the refusal writes nothing
    const lowered = await updateDefinition(created.id, { revision: 0 });
    expect(lowered.statusCode).toBe(400);
    const newDocument = await updateDefinition(created.id, { revision: 1, document: await upload(admin, 'x.pdf', minimalPdf()) });
    expect(newDocument.statusCode, newDocument.body).toBe(200);
    expect(newDocument.json().data.revision).toBe(2);
    const stillTwo = await updateDefinition(created.id, { revision: 1 });
    expectViolation(stillTwo, { revision: 'REVISION_CANNOT_DECREASE' });
    expect((await admin({ method: 'GET', url: `${DEFINITIONS}/${created.id}` })).json().data.revision).toBe(2);

    // the new document made it changed again
    expect(await changedIds(operator, operatorId)).toEqual([created.id]);
    expect((await operator({ method: 'PUT', url: acceptUrl(operatorId) })).json().data.accepted).toEqual([created.id]);
    expect(await changedIds(operator, operatorId)).toEqual([]);

    // a label change is not a new revision
    const relabelled = await updateDefinition(created.id, { label: { it: 'Informativa rinominata', en: 'Renamed notice' } });
    expect(relabelled.json().data.revision).toBe(2);
    expect(await changedIds(operator, operatorId)).toEqual([]);

    // raised by hand: changed again
    const raised = await updateDefinition(created.id, { revision: 3 });
    expect(raised.json().data).toMatchObject({ revision: 3 });
    expect(await changed(operator, operatorId)).toEqual([`${created.id};Informativa rinominata`]);
    await operator({ method: 'PUT', url: acceptUrl(operatorId) });
    const accepted = (await operator({ method: 'GET', url: `/api/privacy/accepted/${operatorId}` })).json().data.items;
    expect(accepted.find((a: { id: number }) => a.id === created.id)).toMatchObject({ revision: 3, currentRevision: 3, label: 'Informativa rinominata' });
    const { rows } = await sql<{ revision: number }>`
      select revision from privacy_acceptance where user_id = ${operatorId} and privacy_id = ${created.id} order by revision`.execute(t.db);
    expect(rows.map((r) => r.revision)).toEqual([1, 2, 3]);
    await deactivate(created.id);
  });

  it('serves the document version each revision was published with', async () => {
    const document = await upload(admin, 'regolamento.pdf', textPdf(['Testo pubblicato']));
    const created = await createDefinition({ document, mandatory: false });
    const download = () => operator({ method: 'GET', url: `/api/privacy/definition/download/${created.id}` });
    expect((await download()).rawPayload.equals(textPdf(['Testo pubblicato']))).toBe(true);
    // a new version of the same document (PRIVACY write authority): not published until the revision is raised
    const version = await admin({ method: 'POST', url: `/api/resources/document/${document}`, ...(await multipart({ name: 'regolamento.pdf', bytes: textPdf(['Testo nuovo']) })) });
    expect(version.statusCode, version.body).toBe(201);
    expect((await download()).rawPayload.equals(textPdf(['Testo pubblicato']))).toBe(true);
    const raised = await updateDefinition(created.id, { revision: 2 });
    expect(raised.json().data).toMatchObject({ revision: 2, documentVersion: 2 });
    expect((await download()).rawPayload.equals(textPdf(['Testo nuovo']))).toBe(true);
    await deactivate(created.id);
  });

  it('asks only active, mandatory definitions in force and meant for one of the user\'s roles', async () => {
    const group = uniqueName('CIT').toUpperCase();
    const res = await admin({ method: 'POST', url: '/api/security/groups', ...json({ code: group, name: 'Cittadini', authorities: ['ROLE_CITIZEN'] }) });
    expect(res.statusCode, res.body).toBe(201);
    const citizen = await newUser({ groups: [group] });
    await citizen.call({ method: 'PUT', url: acceptUrl(citizen.id) });

    const inactive = await createDefinition({ active: false });
    const optional = await createDefinition({ mandatory: false });
    const future = await createDefinition({ validFrom: '2999-01-01' });
    const past = await createDefinition({ validFrom: '2020-01-01' });
    const forCitizens = await createDefinition({ audience: ['ROLE_CITIZEN'] });
    const forCustomers = await createDefinition({ audience: ['ROLE_CUSTOMER'] });
    expect(await changedIds(citizen.call, citizen.id)).toEqual(ids(past.id, forCitizens.id));
    expect(await changedIds(operator, operatorId)).toEqual([past.id]);
    const customer = await callers(t.app, 'customer');
    const customerId = (await signIn(t.app, 'customer')).id;
    expect(await changedIds(customer.customer, customerId)).toEqual(ids(past.id, forCustomers.id));
    // an unknown role is refused like any lookup value
    const wrong = await admin({ method: 'POST', url: DEFINITIONS, ...json({ code: 'WRONG_AUDIENCE', label: { it: 'x' }, audience: ['ROLE_NOBODY'] }) });
    expect(wrong.statusCode).toBe(400);
    await deactivate(inactive.id, optional.id, future.id, past.id, forCitizens.id, forCustomers.id);
    expect(await changedIds(citizen.call, citizen.id)).toEqual([]);
  });

  it('answers DOCUMENTS.NO_FILE_PRESENT for a definition without a file or whose file is gone', async () => {
    const bare = await createDefinition({ mandatory: false });
    const res = await operator({ method: 'GET', url: `/api/privacy/definition/download/${bare.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorCode: 'NOT_FOUND', errorMessage: 'DOCUMENTS.NO_FILE_PRESENT' });

    const bytes = textPdf(['File che sparirà']);
    const withFile = await createDefinition({ mandatory: false, document: await upload(admin, 'sparito.pdf', bytes) });
    const { rows } = await sql<{ sha256: string }>`select sha256 from document_versions where document_id = ${withFile.document}`.execute(t.db);
    await unlink(path.join(t.config.documentsDir, rows[0]!.sha256.slice(0, 2), rows[0]!.sha256));
    const gone = await operator({ method: 'GET', url: `/api/privacy/definition/download/${withFile.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errorMessage).toBe('DOCUMENTS.NO_FILE_PRESENT');

    expect((await operator({ method: 'GET', url: '/api/privacy/definition/download/99999999' })).json()).toEqual({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
    await deactivate(bare.id, withFile.id);
  });

  it('lets anyone read an active definition or one they accepted, other definitions only with the PRIVACY authority', async () => {
    const document = await upload(admin, 'vecchia.pdf', textPdf(['Vecchia informativa']));
    const old = await createDefinition({ document, active: false });
    expect((await operator({ method: 'GET', url: `/api/privacy/definition/download/${old.id}` })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: `/api/privacy/definition/download/${old.id}` })).statusCode).toBe(200);
    // the seeded one, accepted by the operator, stays readable when switched off
    expect((await updateDefinition(seededId, { active: false })).statusCode).toBe(200);
    expect((await operator({ method: 'GET', url: `/api/privacy/definition/download/${seededId}` })).statusCode).toBe(200);
    expect((await updateDefinition(seededId, { active: true })).statusCode).toBe(200);
    // the operator may not manage definitions
    expect((await operator({ method: 'POST', url: DEFINITIONS, ...json({ code: 'NOPE', label: { it: 'x' } }) })).statusCode).toBe(403);
  });

  it('takes only the caller\'s own upload that belongs to no record, and nothing is written otherwise', async () => {
    const managersFile = await upload(manager, 'altrui.pdf', minimalPdf());
    const before = await sql<{ n: number }>`select count(*)::int as n from privacy_definition`.execute(t.db);
    const res = await admin({ method: 'POST', url: DEFINITIONS, ...json({ code: 'ALTRUI', label: { it: 'x' }, document: managersFile }) });
    expectViolation(res, { document: 'DOCUMENT_OF_ANOTHER_RECORD' });
    const after = await sql<{ n: number }>`select count(*)::int as n from privacy_definition`.execute(t.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const { rows } = await sql<{ owner_entity: string | null }>`select owner_entity from documents where id = ${managersFile}`.execute(t.db);
    expect(rows[0]!.owner_entity).toBeNull();
  });

  it('refuses a stale edit with 409', async () => {
    const created = await createDefinition({ mandatory: false });
    const first = await admin({ method: 'PUT', url: `${DEFINITIONS}/${created.id}`, ...json({ version: created.version, notes: 'prima' }) });
    expect(first.statusCode).toBe(200);
    const stale = await admin({ method: 'PUT', url: `${DEFINITIONS}/${created.id}`, ...json({ version: created.version, revision: 5 }) });
    expect(stale.statusCode).toBe(409);
    expect((await admin({ method: 'GET', url: `${DEFINITIONS}/${created.id}` })).json().data.revision).toBe(1);
  });

  describe('service agreements', () => {
    let mandatoryId: number;
    let optionalId: number;
    let attachment: number;

    beforeAll(async () => {
      attachment = await upload(admin, 'condizioni.png', PNG_1X1);
      const create = async (body: Record<string, unknown>) => {
        const res = await admin({ method: 'POST', url: AGREEMENTS, ...json(body) });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.id as number;
      };
      mandatoryId = await create({
        name: 'Condizioni del servizio',
        mandatory: true,
        document: attachment,
        title: { it: 'Condizioni generali', en: 'General terms' },
        body: { it: 'Accetto le condizioni generali del servizio.', en: 'I accept the general terms of service.' },
      });
      optionalId = await create({ name: 'Comunicazioni commerciali', title: { it: 'Marketing', en: 'Marketing' }, body: { it: 'Newsletter', en: 'Newsletter' } });
      await create({ name: 'Spento', active: false, title: { it: 'Spento' }, body: { it: 'Spento' } });
    });

    it('lists the active agreements as {agreement:{…}} with attachments and the caller\'s answer', async () => {
      const res = await operator({ method: 'GET', url: '/api/privacy/agreements' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { agreement: { id: number }; answer: unknown }[];
      expect(data.map((d) => d.agreement.id)).toEqual([mandatoryId, optionalId]);
      expect(data[0]).toEqual({
        agreement: {
          id: mandatoryId,
          name: 'Condizioni del servizio',
          description: null,
          mandatory: true,
          documentId: attachment,
          title: { it: 'Condizioni generali', en: 'General terms' },
          body: { it: 'Accetto le condizioni generali del servizio.', en: 'I accept the general terms of service.' },
          attachments: [{ documentId: attachment, fileName: 'condizioni.png' }],
        },
        answer: null,
      });
      const file = await operator({ method: 'GET', url: `/api/privacy/agreements/${mandatoryId}/document` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
      const none = await operator({ method: 'GET', url: `/api/privacy/agreements/${optionalId}/document` });
      expect(none.statusCode).toBe(404);
      expect(none.json().errorMessage).toBe('DOCUMENTS.NO_FILE_PRESENT');
    });

    it('needs an answer to each agreement and agreement to the mandatory ones (spec §5), all or nothing', async () => {
      const put = (answers: unknown, userId = operatorId, call = operator) => call({ method: 'PUT', url: `/api/privacy/agreements/answers/${userId}`, ...json({ answers }) });
      expectViolation(await put([{ id: mandatoryId, agreed: true }]), { [`answers.${optionalId}`]: 'REQUIRED' });
      expectViolation(await put([{ id: mandatoryId, agreed: false }, { id: optionalId, agreed: false }]), { [`answers.${mandatoryId}`]: 'AGREEMENT_MANDATORY' });
      expectViolation(await put([{ id: mandatoryId, agreed: true }, { id: optionalId, agreed: true }, { id: 99_999_999, agreed: true }]), { 'answers.99999999': 'NOT_FOUND' });
      const { rows: none } = await sql<{ n: number }>`select count(*)::int as n from service_agreement_answer where user_id = ${operatorId}`.execute(t.db);
      expect(none[0]!.n).toBe(0);
      expect((await put([{ id: mandatoryId, agreed: true }, { id: optionalId, agreed: false }], adminId)).statusCode).toBe(403);

      const ok = await put([{ id: mandatoryId, agreed: true }, { id: optionalId, agreed: false }]);
      expect(ok.statusCode, ok.body).toBe(200);
      const answers = Object.fromEntries((ok.json().data as { agreement: { id: number }; answer: { agreed: boolean } }[]).map((d) => [d.agreement.id, d.answer.agreed]));
      expect(answers).toEqual({ [mandatoryId]: true, [optionalId]: false });
      // a later change of mind is a new answer; the earlier one stays as proof
      await put([{ id: mandatoryId, agreed: true }, { id: optionalId, agreed: true }]);
      const latest = (await operator({ method: 'GET', url: '/api/privacy/agreements' })).json().data as { agreement: { id: number }; answer: { agreed: boolean } }[];
      expect(latest.find((d) => d.agreement.id === optionalId)!.answer.agreed).toBe(true);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from service_agreement_answer where user_id = ${operatorId}`.execute(t.db);
      expect(rows[0]!.n).toBe(4);
      // someone else's answers are their own
      expect((await manager({ method: 'GET', url: '/api/privacy/agreements' })).json().data[0].answer).toBeNull();
    });
  });
});

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

const CONTRACTS = '/api/documents/signed-contracts';
const RELATIONS = '/api/subjects/subject-relations';
const TODAY = new Date().toISOString().slice(0, 10);
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('signed contracts of a subject and relations between subjects', () => {
  let t: TestApp;
  let operator: Call;
  let owner: Call;
  let customer: number;
  let other: number;
  let warehouse: number;

  const create = async (url: string, body: unknown) => {
    const res = await operator({ method: 'POST', url, ...json(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: number; version: number };
  };
  const upload = async (name: string) => {
    const res = await operator({ method: 'POST', url: '/api/resources/document', ...(await multipart({ name, bytes: minimalPdf() })) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const attachments = async () => (await sql<{ c: number }>`select count(*)::int as c from attachment`.execute(t.db)).rows[0]!.c;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-contracts-test-')) });
    ({ operator, owner } = await callers(t.app, 'operator', 'owner'));
    customer = (await create('/api/subjects/customers', { subjectType: 'COMPANY', name: 'Lavanderie Industriali Brianza srl' })).id;
    other = (await create('/api/subjects/customers', { subjectType: 'COMPANY', name: 'Vetreria Comasca spa' })).id;
    warehouse = (await create('/api/warehouses/warehouse', { name: 'Deposito Sud', warehouseType: 'CDR' })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  describe('signed contracts', () => {
    it('files a contract on a subject with its signing date and expiry; it is one of the subject documents too', async () => {
      const document = await upload('contratto-quadro-2026.pdf');
      const contract = await create(CONTRACTS, { ownerId: customer, document, title: 'Contratto quadro raccolta 2026', documentDate: '2026-01-15', expiry: '2027-01-14' });
      expect(contract).toMatchObject({
        ownerEntity: 'subject',
        ownerId: customer,
        documentType: 'CONTRACT',
        documentDate: '2026-01-15',
        expiry: '2027-01-14',
        fileName: 'contratto-quadro-2026.pdf',
        mimeType: 'application/pdf',
      });
      // the file now belongs to the subject: its download follows the subject documents' authority
      const { rows } = await sql<{ owner_entity: string; owner_id: string }>`select owner_entity, owner_id from documents where id = ${document}`.execute(t.db);
      expect(rows[0]).toMatchObject({ owner_entity: 'DOC_SUBJECT' });
      expect(Number(rows[0]!.owner_id)).toBe(customer);

      // a plain document of the same subject is not a contract
      await create('/api/documents/subject-documents', { ownerId: customer, document: await upload('visura-camerale.pdf') });
      const byOwner = q({ filters: [{ field: 'ownerId', op: 'eq', value: customer }] });
      const contracts = (await operator({ method: 'GET', url: `${CONTRACTS}?q=${byOwner}` })).json().data.items as { fileName: string }[];
      expect(contracts.map((c) => c.fileName)).toEqual(['contratto-quadro-2026.pdf']);
      const documents = (await operator({ method: 'GET', url: `/api/documents/subject-documents?q=${byOwner}` })).json().data.items as { fileName: string }[];
      expect(documents.map((d) => d.fileName).sort()).toEqual(['contratto-quadro-2026.pdf', 'visura-camerale.pdf']);
    });

    it('finds the contracts that have expired or expire within 60 days', async () => {
      await create(CONTRACTS, { ownerId: other, document: await upload('noleggio-cassoni.pdf'), documentDate: '2024-03-01', expiry: dayAfter(-10) });
      await create(CONTRACTS, { ownerId: other, document: await upload('trasporto-vetro.pdf'), documentDate: '2025-03-01', expiry: dayAfter(30) });
      await create(CONTRACTS, { ownerId: other, document: await upload('analisi-annuali.pdf'), documentDate: '2025-06-01', expiry: dayAfter(400) });
      const due = await operator({
        method: 'GET',
        url: `${CONTRACTS}?q=${q({ filters: [{ field: 'ownerId', op: 'eq', value: other }, { field: 'expiry', op: 'lte', value: dayAfter(60) }], sort: [{ field: 'expiry', dir: 'asc' }] })}`,
      });
      expect(due.statusCode, due.body).toBe(200);
      expect((due.json().data.items as { fileName: string; expiry: string }[]).map((c) => [c.fileName, c.expiry < TODAY])).toEqual([
        ['noleggio-cassoni.pdf', true],
        ['trasporto-vetro.pdf', false],
      ]);
    });

    it('refuses a contract without its date, one that expires before it is signed, or one filed on a warehouse; nothing is written', async () => {
      const before = await attachments();
      const document = await upload('contratto-senza-data.pdf');
      expectViolation(await operator({ method: 'POST', url: CONTRACTS, ...json({ ownerId: customer, document }) }), { documentDate: 'REQUIRED' });
      expectViolation(await operator({ method: 'POST', url: CONTRACTS, ...json({ ownerId: customer, document, documentDate: '2026-05-01', expiry: '2026-04-30' }) }), {
        expiry: 'EXPIRY_BEFORE_START',
      });
      expectViolation(await operator({ method: 'POST', url: CONTRACTS, ...json({ ownerEntity: 'warehouse', ownerId: warehouse, document, documentDate: '2026-05-01' }) }), {
        ownerEntity: 'OUTSIDE_VIEW',
        documentType: 'OUTSIDE_VIEW',
      });
      expectViolation(await operator({ method: 'POST', url: CONTRACTS, ...json({ ownerId: customer, document, documentDate: '2026-05-01', documentType: 'NOT_A_TYPE' }) }), {
        documentType: 'UNKNOWN_VALUE',
      });
      expect(await attachments()).toBe(before);
    });

    it('lets an owner read the contracts but not file one', async () => {
      expect((await owner({ method: 'GET', url: CONTRACTS })).statusCode).toBe(200);
      const res = await owner({ method: 'POST', url: CONTRACTS, ...json({ ownerId: customer, document: 1, documentDate: '2026-01-01' }) });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('relations between subjects', () => {
    it('relates two subjects, never a subject to itself', async () => {
      const relation = await create(RELATIONS, { subject: other, relationType: 'CONTACT_PERSON', related: customer, validFrom: '2026-01-01' });
      expect(relation).toMatchObject({ subject: other, related: customer });
      const before = (await sql<{ c: number }>`select count(*)::int as c from subject_relation`.execute(t.db)).rows[0]!.c;
      expectViolation(await operator({ method: 'POST', url: RELATIONS, ...json({ subject: customer, relationType: 'BRANCH', related: customer }) }), { related: 'SELF_RELATION' });
      // nor by changing one side later
      expectViolation(await operator({ method: 'PUT', url: `${RELATIONS}/${relation.id}`, ...json({ version: relation.version, related: other }) }), { related: 'SELF_RELATION' });
      expectViolation(await operator({ method: 'PUT', url: `${RELATIONS}/${relation.id}`, ...json({ version: relation.version, validTo: '2025-12-31' }) }), {
        validTo: 'EXPIRY_BEFORE_START',
      });
      expect((await sql<{ c: number }>`select count(*)::int as c from subject_relation`.execute(t.db)).rows[0]!.c).toBe(before);
      expect((await operator({ method: 'GET', url: `${RELATIONS}/${relation.id}` })).json().data).toMatchObject({ related: customer, version: relation.version });
    });
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, json, type Call } from '../configuration/support.js';
import { PNG_1X1 } from '../documents/fixtures.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const QUOTA = 64 * 1024;
const UPLOAD = '/api/resources/document';

/** A PNG of `size` bytes whose content no other call of the file uploads (stored content is deduplicated). */
const png = (size: number) => ({ name: 'scansione.png', bytes: Buffer.concat([PNG_1X1, randomBytes(size - PNG_1X1.length)]) });

/**
 * Issue 13, finding 10: an upload needs an owner record the uploader may attach files to (it
 * exists, they read it, they hold its documents authority) or, without an owner, the right to write
 * some record that takes a file; and each user uploads at most UPLOAD_QUOTA_BYTES a day.
 * Finding 13 (rest): in production the API documentation needs a signed-in user.
 */
describe('uploads: owners and quota', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;
  let manager: Call;
  let customer: Call;
  let onboard: Call;
  let subject: number;

  const files = () => readdirSync(t.config.documentsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const rows = async () => Number((await t.db.selectFrom('document_versions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const upload = async (call: Call, file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) =>
    call({ method: 'POST', url: UPLOAD, ...(await multipart(file, fields)) });

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: mkdtempSync(path.join(tmpdir(), 'circula-uploads-')), uploadQuotaBytes: QUOTA, production: true });
    ({ admin, operator, manager, customer, onboard } = await callers(t.app, 'admin', 'operator', 'manager', 'customer', 'onboard'));
    subject = (await admin({ method: 'POST', url: '/api/subjects/customers', ...json({ subjectType: 'COMPANY', name: 'Destinataria Allegati srl' }) })).json().data.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  it('refuses an upload of a user who may attach a file nowhere before reading it, and keeps nothing', async () => {
    const before = { rows: await rows(), files: files() };
    for (const call of [onboard, customer]) {
      const unowned = await upload(call, png(2048));
      expect(unowned.statusCode).toBe(403);
      expect(unowned.json()).toMatchObject({ errorCode: 'FORBIDDEN', errorMessage: 'CANT_UPLOAD' });
    }
    expect({ rows: await rows(), files: files() }).toEqual(before);
  });

  it('needs an owner that exists, that the uploader reads, of a kind files attach to, and the right to attach to it', async () => {
    const before = { rows: await rows(), files: files() };
    const deleted = (await admin({ method: 'POST', url: '/api/subjects/customers', ...json({ subjectType: 'COMPANY', name: 'Chiusa srl' }) })).json().data.id as number;
    expect((await admin({ method: 'PUT', url: `/api/subjects/customers/${deleted}/delete` })).statusCode).toBe(200);
    const noWarehouse = 1 + Number((await sql<{ m: number }>`select max(id) as m from warehouse`.execute(t.db)).rows[0]!.m);
    const refusals: [Call, Record<string, string>, number, unknown][] = [
      [operator, { ownerEntity: 'DOC_SUBJECT', ownerId: '987654321' }, 400, { field: 'ownerId', message: 'NOT_FOUND' }],
      [operator, { ownerEntity: 'DOC_SUBJECT', ownerId: String(deleted) }, 400, { field: 'ownerId', message: 'NOT_FOUND' }],
      // an id no warehouse has (whatever other kinds of record have it)
      [operator, { ownerEntity: 'DOC_WAREHOUSE', ownerId: String(noWarehouse) }, 400, { field: 'ownerId', message: 'NOT_FOUND' }],
      [operator, { ownerEntity: 'INVOICE', ownerId: '1' }, 400, { field: 'ownerEntity', message: 'NOT_ATTACHABLE' }],
      [admin, { ownerEntity: 'USER', ownerId: '1' }, 400, { field: 'ownerEntity', message: 'NOT_ATTACHABLE' }],
      // the customer holds no documents authority of subjects: not even for a record that does not exist
      [customer, { ownerEntity: 'DOC_SUBJECT', ownerId: '987654321' }, 403, null],
    ];
    for (const [call, fields, status, error] of refusals) {
      const res = await upload(call, png(1024), fields);
      expect([fields, res.statusCode]).toEqual([fields, status]);
      if (error) expect(res.json().errors).toEqual([error]);
    }
    expect({ rows: await rows(), files: files() }).toEqual(before);
    const ok = await upload(operator, png(1024), { ownerEntity: 'DOC_SUBJECT', ownerId: String(subject) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('stops a user at the daily quota, new versions included, with a clear error and nothing kept; others go on', async () => {
    const first = await upload(manager, png(40 * 1024));
    expect(first.statusCode, first.body).toBe(201);
    const before = { rows: await rows(), files: files() };
    const over = await upload(manager, png(30 * 1024));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'file', message: 'UPLOAD_QUOTA_EXCEEDED' }] });
    const version = await manager({ method: 'POST', url: `${UPLOAD}/${first.json().data.id}`, ...(await multipart(png(30 * 1024))) });
    expect(version.statusCode).toBe(400);
    expect(version.json().errors).toEqual([{ field: 'file', message: 'UPLOAD_QUOTA_EXCEEDED' }]);
    expect({ rows: await rows(), files: files() }).toEqual(before);
    // what is left still fits, and another user's quota is their own
    expect((await upload(manager, png(20 * 1024))).statusCode).toBe(201);
    expect((await upload(admin, png(40 * 1024))).statusCode).toBe(201);
    // at the quota, the next upload is refused before its body is read
    const full = await upload(manager, png(5 * 1024));
    expect(full.json().errors).toEqual([{ field: 'file', message: 'UPLOAD_QUOTA_EXCEEDED' }]);
  });

  it('counts parallel uploads of one user one after the other', async () => {
    const before = { rows: await rows(), files: files() };
    const answers = await Promise.all(Array.from({ length: 8 }, async () => upload(operator, png(12 * 1024))));
    const accepted = answers.filter((a) => a.statusCode === 201).length;
    expect(answers.every((a) => a.statusCode === 201 || a.json().errors?.[0]?.message === 'UPLOAD_QUOTA_EXCEEDED')).toBe(true);
    // 1 KiB uploaded by the operator before: at most (64 - 1) / 12 = 5 more fit
    expect(accepted).toBe(5);
    expect({ rows: await rows(), files: files() }).toEqual({ rows: before.rows + accepted, files: before.files + accepted });
  });

  it('serves the API documentation only to a signed-in user in production', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
    }
    const signedIn = await customer({ method: 'GET', url: '/api/docs/json' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().openapi).toMatch(/^3\./);
  });
});

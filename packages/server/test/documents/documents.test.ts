import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type UploadFile } from '../support/multipart.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';
import { docx, ELF, HTML, minimalPdf, openDocument, PNG_1X1, windowsExecutable, xlsx, zip } from './fixtures.js';

/** Every file under a directory, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

const newDocumentsDir = () => mkdtempSync(path.join(tmpdir(), 'circula-documents-test-'));

function client(app: FastifyInstance, token: string) {
  const call = as(app, token);
  return {
    upload: async (file: UploadFile | null, fields: Record<string, string> = {}) =>
      call({ method: 'POST', url: '/api/resources/document', ...(await multipart(file, fields)) }),
    addVersion: async (id: number, file: UploadFile) =>
      call({ method: 'POST', url: `/api/resources/document/${id}`, ...(await multipart(file)) }),
    download: (id: number, query = '') => call({ method: 'GET', url: `/api/resources/document/${id}${query}` }),
    versions: (id: number) => call({ method: 'GET', url: `/api/resources/document/${id}/versions` }),
  };
}

describe('documents', () => {
  let t: TestApp;
  let operator: ReturnType<typeof client>;
  let customer: ReturnType<typeof client>;
  let admin: ReturnType<typeof client>;
  let owner: ReturnType<typeof client>;
  /** The company of the demo owner: a subject whose documents the owner reads (DOC_SUBJECT_R) but may not write. */
  let ownersCompany: number;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: newDocumentsDir() });
    operator = client(t.app, (await signIn(t.app, 'operator')).token);
    customer = client(t.app, (await signIn(t.app, 'customer')).token);
    admin = client(t.app, (await signIn(t.app, 'admin')).token);
    owner = client(t.app, (await signIn(t.app, 'owner')).token);
    ownersCompany = Number((await t.db.selectFrom('users').select('subject_id').where('username', '=', 'owner').executeTakeFirstOrThrow()).subject_id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  const rowCounts = async () => ({
    documents: Number((await t.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    versions: Number((await t.db.selectFrom('document_versions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });

  describe('upload and download', () => {
    it.each([
      { name: 'verbale.pdf', bytes: minimalPdf(), mimeType: 'application/pdf', contentType: 'application/pdf', disposition: 'inline; filename="verbale.pdf"' },
      { name: 'pixel.png', bytes: PNG_1X1, mimeType: 'image/png', contentType: 'image/png', disposition: 'inline; filename="pixel.png"' },
      {
        name: 'pesate.csv',
        bytes: Buffer.from('data;codice;kg\n2026-01-15;150101;1200,5\n2026-01-16;200301;830\n'),
        mimeType: 'text/csv',
        contentType: 'text/csv; charset=utf-8',
        disposition: 'attachment; filename="pesate.csv"',
      },
    ])('stores $name and serves the same bytes as $mimeType', async ({ name, bytes, mimeType, contentType, disposition }) => {
      const res = await operator.upload({ name, bytes, type: 'application/x-anything' });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ fileName: name, mimeType, size: bytes.length, version: 1 });
      expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(data.id).toBeGreaterThan(0);

      const file = await operator.download(data.id, `?t=${Date.now()}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['content-type']).toBe(contentType);
      expect(file.headers['content-disposition']).toBe(disposition);
      expect(file.headers['content-length']).toBe(String(bytes.length));
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private');
      expect(file.headers.etag).toBe(`"${data.sha256}"`);
    });

    it('detects office files inside their zip container, wherever the content types entry is', async () => {
      const cases = [
        { name: 'contratto.docx', bytes: docx(), mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
        { name: 'listino.xlsx', bytes: xlsx(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        { name: 'nota.odt', bytes: openDocument('application/vnd.oasis.opendocument.text'), mimeType: 'application/vnd.oasis.opendocument.text' },
        { name: 'foglio.ods', bytes: openDocument('application/vnd.oasis.opendocument.spreadsheet'), mimeType: 'application/vnd.oasis.opendocument.spreadsheet' },
      ];
      for (const { name, bytes, mimeType } of cases) {
        const res = await operator.upload({ name, bytes });
        expect(res.statusCode, name).toBe(201);
        expect(res.json().data.mimeType).toBe(mimeType);
        const file = await operator.download(res.json().data.id);
        expect(file.headers['content-type']).toBe(mimeType);
        expect(file.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      }
    });

    it('trusts the bytes, not the name: a PNG called .pdf is stored as image/png', async () => {
      const res = await operator.upload({ name: 'scansione.pdf', bytes: PNG_1X1, type: 'application/pdf' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.mimeType).toBe('image/png');
      const file = await operator.download(res.json().data.id);
      expect(file.headers['content-type']).toBe('image/png');
    });

    it('names non-ASCII files with RFC 6266 filename* and an ASCII fallback', async () => {
      const res = await operator.upload({ name: 'relazione è più bella.pdf', bytes: minimalPdf() });
      expect(res.json().data.fileName).toBe('relazione è più bella.pdf');
      const file = await operator.download(res.json().data.id);
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="relazione e piu bella.pdf"; filename*=UTF-8''relazione%20%C3%A8%20pi%C3%B9%20bella.pdf`,
      );
    });

    it('keeps only the last path part of the name, without control characters', async () => {
      const res = await operator.upload({ name: 'C:\\fakepath\\re\u0007port\u202e.csv', bytes: Buffer.from('a;b\n1;2\n') });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.fileName).toBe('report.csv');
    });

    it('accepts files larger than the JSON body limit, up to the upload limit', async () => {
      const bytes = Buffer.concat([PNG_1X1, Buffer.alloc(3 * 1024 * 1024, 7)]);
      const res = await operator.upload({ name: 'big.png', bytes });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ mimeType: 'image/png', size: bytes.length });
      expect((await operator.download(res.json().data.id)).rawPayload.equals(bytes)).toBe(true);
    });

    it('answers 304 when the client already has the version', async () => {
      const { data } = (await operator.upload({ name: 'cached.png', bytes: PNG_1X1 })).json();
      const res = await as(t.app, (await signIn(t.app, 'operator')).token)({
        method: 'GET',
        url: `/api/resources/document/${data.id}`,
        headers: { 'if-none-match': `"${data.sha256}"` },
      });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
    });

    it('stores identical content once on disk', async () => {
      const bytes = Buffer.from('identico;contenuto\n1;2\n');
      const first = (await operator.upload({ name: 'uno.csv', bytes })).json().data;
      const second = (await admin.upload({ name: 'due.csv', bytes })).json().data;
      expect(second.id).not.toBe(first.id);
      expect(second.sha256).toBe(first.sha256);
      expect(filesUnder(t.config.documentsDir).filter((f) => f.endsWith(first.sha256))).toHaveLength(1);
      expect((await operator.download(first.id)).rawPayload.equals(bytes)).toBe(true);
      expect((await admin.download(second.id)).rawPayload.equals(bytes)).toBe(true);
    });
  });

  describe('refusals', () => {
    const refused = [
      { label: 'an ELF executable', file: { name: 'tool.txt', bytes: ELF }, message: 'UNSUPPORTED_TYPE' },
      { label: 'a Windows executable', file: { name: 'setup.pdf', bytes: windowsExecutable(), type: 'application/pdf' }, message: 'UNSUPPORTED_TYPE' },
      { label: 'an HTML page', file: { name: 'page.html', bytes: HTML, type: 'text/html' }, message: 'UNSUPPORTED_TYPE' },
      { label: 'a plain zip archive', file: { name: 'archive.zip', bytes: zip([{ name: 'a.txt', content: 'a' }]) }, message: 'UNSUPPORTED_TYPE' },
      { label: 'text with a NUL byte', file: { name: 'notes.txt', bytes: Buffer.from('abc\0def') }, message: 'UNSUPPORTED_TYPE' },
      { label: 'text that is not UTF-8', file: { name: 'latin1.csv', bytes: Buffer.from('caff\xe8;1\n', 'latin1') }, message: 'UNSUPPORTED_TYPE' },
      { label: 'an empty file', file: { name: 'empty.pdf', bytes: Buffer.alloc(0) }, message: 'REQUIRED' },
    ];

    it.each(refused)('refuses $label and stores nothing', async ({ file, message }) => {
      const before = { rows: await rowCounts(), files: filesUnder(t.config.documentsDir) };
      const res = await operator.upload(file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field: 'file', message }] });
      expect(await rowCounts()).toEqual(before.rows);
      expect(filesUnder(t.config.documentsDir)).toEqual(before.files);
    });

    it('asks for a file when the form has none, or the body is not multipart', async () => {
      const res = await operator.upload(null, { ownerEntity: 'DOC_SUBJECT', ownerId: String(ownersCompany) });
      expect(res.json().errors).toEqual([{ field: 'file', message: 'REQUIRED' }]);
      const json = await as(t.app, (await signIn(t.app, 'operator')).token)({ method: 'POST', url: '/api/resources/document', payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().errors).toEqual([{ field: 'file', message: 'REQUIRED' }]);
    });

    it('validates the owner fields and stores nothing', async () => {
      const before = { rows: await rowCounts(), files: filesUnder(t.config.documentsDir) };
      const cases: [Record<string, string>, { field: string; message: string }][] = [
        [{ ownerEntity: 'NOT_A_PREFIX', ownerId: '1' }, { field: 'ownerEntity', message: 'INVALID_VALUE' }],
        [{ ownerEntity: 'DOC_PROCESS' }, { field: 'ownerId', message: 'REQUIRED' }],
        [{ ownerId: '3' }, { field: 'ownerEntity', message: 'REQUIRED' }],
        [{ ownerEntity: 'DOC_PROCESS', ownerId: '1e3' }, { field: 'ownerId', message: 'INVALID_FORMAT' }],
      ];
      for (const [fields, error] of cases) {
        const res = await operator.upload({ name: 'x.png', bytes: PNG_1X1 }, fields);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([error]);
      }
      expect(await rowCounts()).toEqual(before.rows);
      expect(filesUnder(t.config.documentsDir)).toEqual(before.files);
    });

    it('needs a signed-in user for every call', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/resources/document', ...(await multipart({ name: 'a.png', bytes: PNG_1X1 })) });
      expect(anonymous.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/resources/document/1' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/resources/document/1/versions' })).statusCode).toBe(401);
    });

    it('answers 404 for a document that does not exist', async () => {
      expect((await admin.download(999999)).json()).toEqual({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
      expect((await admin.versions(999999)).statusCode).toBe(404);
      expect((await admin.addVersion(999999, { name: 'a.png', bytes: PNG_1X1 })).statusCode).toBe(404);
    });
  });

  describe('versions', () => {
    it('serves the latest version by default and any earlier one on request', async () => {
      const pdf = minimalPdf();
      const v1 = (await operator.upload({ name: 'bolla.pdf', bytes: pdf })).json().data;
      const v2res = await operator.addVersion(v1.id, { name: 'bolla-firmata.png', bytes: PNG_1X1 });
      expect(v2res.statusCode).toBe(201);
      expect(v2res.json().data).toMatchObject({ id: v1.id, version: 2, fileName: 'bolla-firmata.png', mimeType: 'image/png' });

      const latest = await operator.download(v1.id);
      expect(latest.rawPayload.equals(PNG_1X1)).toBe(true);
      expect(latest.headers['content-disposition']).toBe('inline; filename="bolla-firmata.png"');
      const first = await operator.download(v1.id, '?version=1&t=1700000000000');
      expect(first.rawPayload.equals(pdf)).toBe(true);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['content-disposition']).toBe('inline; filename="bolla.pdf"');
      expect((await operator.download(v1.id, '?version=9')).statusCode).toBe(404);
      expect((await operator.download(v1.id, '?version=abc')).statusCode).toBe(400);

      const list = await operator.versions(v1.id);
      expect(list.statusCode).toBe(200);
      const items = list.json().data.items;
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({ version: 1, fileName: 'bolla.pdf', mimeType: 'application/pdf', size: pdf.length, sha256: v1.sha256, createdBy: 'operator' });
      expect(items[1]).toMatchObject({ version: 2, fileName: 'bolla-firmata.png', mimeType: 'image/png', size: PNG_1X1.length, createdBy: 'operator' });
      expect(Date.parse(items[0].createdAt)).not.toBeNaN();
    });

    it('checks a new version like an upload, and keeps the document unchanged on refusal', async () => {
      const doc = (await operator.upload({ name: 'a.pdf', bytes: minimalPdf() })).json().data;
      const res = await operator.addVersion(doc.id, { name: 'b.pdf', bytes: HTML });
      expect(res.json().errors).toEqual([{ field: 'file', message: 'UNSUPPORTED_TYPE' }]);
      expect((await operator.versions(doc.id)).json().data.items).toHaveLength(1);
      expect((await operator.download(doc.id)).headers['content-type']).toBe('application/pdf');
    });
  });

  describe('permissions', () => {
    it("keeps a document without owner to its uploader and the administrators", async () => {
      const doc = (await operator.upload({ name: 'privato.pdf', bytes: minimalPdf() })).json().data;
      expect((await operator.download(doc.id)).statusCode).toBe(200);
      expect((await admin.download(doc.id)).statusCode).toBe(200);
      const refused = await customer.download(doc.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('FORBIDDEN');
      expect((await customer.versions(doc.id)).statusCode).toBe(403);
      expect((await customer.addVersion(doc.id, { name: 'x.png', bytes: PNG_1X1 })).statusCode).toBe(403);
      expect((await admin.addVersion(doc.id, { name: 'x.png', bytes: PNG_1X1 })).statusCode).toBe(201);
    });

    it('follows the owner authority: DOC_SUBJECT_R to read, DOC_SUBJECT_W to add a version', async () => {
      const res = await operator.upload({ name: 'formulario.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(ownersCompany) });
      expect(res.statusCode).toBe(201);
      const doc = res.json().data;
      const row = await t.db.selectFrom('documents').select(['owner_entity', 'owner_id']).where('id', '=', doc.id).executeTakeFirstOrThrow();
      expect({ ...row, owner_id: Number(row.owner_id) }).toEqual({ owner_entity: 'DOC_SUBJECT', owner_id: ownersCompany });

      expect((await owner.download(doc.id)).statusCode).toBe(200);
      expect((await owner.versions(doc.id)).statusCode).toBe(200);
      const before = { rows: await rowCounts(), files: filesUnder(t.config.documentsDir) };
      const version = await owner.addVersion(doc.id, { name: 'altro.png', bytes: Buffer.concat([PNG_1X1, Buffer.from('owner')]) });
      expect(version.statusCode).toBe(403);
      expect(await rowCounts()).toEqual(before.rows);
      expect(filesUnder(t.config.documentsDir)).toEqual(before.files);
      expect((await operator.addVersion(doc.id, { name: 'formulario-2.pdf', bytes: minimalPdf() })).statusCode).toBe(201);
    });

    it('needs the owner write authority to upload for an owner record', async () => {
      const before = { rows: await rowCounts(), files: filesUnder(t.config.documentsDir) };
      const res = await owner.upload({ name: 'mio.png', bytes: Buffer.concat([PNG_1X1, Buffer.from('mine')]) }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(ownersCompany) });
      expect(res.statusCode).toBe(403);
      expect(await rowCounts()).toEqual(before.rows);
      expect(filesUnder(t.config.documentsDir)).toEqual(before.files);
      // a subject document is out of the customer's reach altogether
      const subjectDoc = (await operator.upload({ name: 'visura.pdf', bytes: minimalPdf() }, { ownerEntity: 'DOC_SUBJECT', ownerId: String(ownersCompany) })).json().data;
      expect((await customer.download(subjectDoc.id)).statusCode).toBe(403);
    });
  });
});

describe('documents upload limit', () => {
  const LIMIT = 1024;
  let t: TestApp;
  let operator: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ documentsDir: newDocumentsDir(), maxUploadBytes: LIMIT });
    operator = client(t.app, (await signIn(t.app, 'operator')).token);
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.documentsDir, { recursive: true, force: true });
  });

  const pngOf = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length, 1)]);

  it('accepts a file of exactly the limit', async () => {
    const res = await operator.upload({ name: 'limit.png', bytes: pngOf(LIMIT) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.size).toBe(LIMIT);
  });

  it.each([LIMIT + 1, 50 * LIMIT])('refuses %i bytes and leaves no file behind', async (size) => {
    const before = filesUnder(t.config.documentsDir);
    const documents = await t.db.selectFrom('documents').select('id').execute();
    const res = await operator.upload({ name: 'big.png', bytes: pngOf(size) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'file', message: 'TOO_LARGE' }]);
    expect(filesUnder(t.config.documentsDir)).toEqual(before);
    expect(await t.db.selectFrom('documents').select('id').execute()).toEqual(documents);
  });
});

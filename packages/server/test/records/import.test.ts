import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../configuration/support.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';
import { createProbeTable, probeCatalogue } from './probe-entity.js';
import { italianVatCheckDigit } from '@circula/model';

const CUSTOMERS = '/api/subjects/customers';
const PROBES = '/api/test/probes';

/** A multipart body of the import: the file and the text fields. */
function multipart(file: { name: string; content: Buffer | string; type?: string }, fields: Record<string, string> = {}) {
  const boundary = `----circula${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
  chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

const importCall = (endpoint: string, file: { name: string; content: Buffer | string }, mapping: Record<string, string | null>, dryRun: boolean) => ({
  method: 'POST' as const,
  url: `${endpoint}/import`,
  ...multipart(file, { mapping: JSON.stringify(mapping), dryRun: String(dryRun) }),
});

/** A valid partita IVA from a number: ten digits and the check digit of isItalianVatNumber. */
function vatNumber(n: number): string {
  const base = `1${String(n).padStart(9, '0')}`;
  return `${base}${italianVatCheckDigit(base)}`;
}

const wrongVat = (vat: string) => `${vat.slice(0, 10)}${(Number(vat[10]) + 1) % 10}`;

describe('import into customers', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  const ROWS = 10_000;
  const BAD_INDEX = 6_789; // 0-based data row: line 6 791 of the file (BOM + header on line 1)
  const mapping = { 'Ragione sociale': 'name', 'Partita IVA': 'vatNumber', 'Tipo soggetto': 'subjectType', Note: 'notes' };
  const csv = (bad: boolean, rows = ROWS, badIndex = BAD_INDEX) => {
    const lines = ['\uFEFFRagione sociale;Partita IVA;Tipo soggetto;Note'];
    for (let i = 0; i < rows; i++) {
      const vat = vatNumber(i + 1);
      lines.push(`Cliente importato ${String(i + 1).padStart(5, '0')} S.r.l.;${bad && i === badIndex ? wrongVat(vat) : vat};COMPANY;"riga ${i + 1}; con separatore"`);
    }
    return `${lines.join('\r\n')}\r\n`;
  };
  const count = async () => (await admin({ method: 'GET', url: `${CUSTOMERS}?size=1&q=${encodeURIComponent(JSON.stringify({ query: 'importato' }))}` })).json().data.total as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t.app, (await signIn(t.app, 'admin')).token);
  }, 120_000);
  afterAll(() => t?.close());

  it('reads the header row of a CSV', async () => {
    const res = await admin({ method: 'POST', url: `${CUSTOMERS}/import/headers`, ...multipart({ name: 'c.csv', content: csv(false) }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.headers).toEqual(['Ragione sociale', 'Partita IVA', 'Tipo soggetto', 'Note']);
  });

  it('dry run of 10 000 rows reports the bad row by its line number and writes nothing', async () => {
    const before = await count();
    const started = Date.now();
    const res = await admin(importCall(CUSTOMERS, { name: 'clienti.csv', content: csv(true) }, mapping, true));
    console.info(`import dry run of ${ROWS} customers: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      dryRun: true,
      rows: ROWS,
      valid: ROWS - 1,
      errors: [{ row: BAD_INDEX + 2, column: 'Partita IVA', field: 'vatNumber', message: 'INVALID' }],
    });
    expect(await count()).toBe(before);
  }, 900_000);

  // the all-or-nothing rule does not depend on the size: 500 rows keep the suite quick
  it('a commit with one bad row writes nothing and answers 400 with the same report', async () => {
    const before = await count();
    const res = await admin(importCall(CUSTOMERS, { name: 'clienti.csv', content: csv(true, 500, 321) }, mapping, false));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errorCode: 'CONSTRAINT_VIOLATION',
      errorMessage: 'CONSTRAINT_VIOLATION',
      rows: 500,
      valid: 499,
      errors: [{ row: 321 + 2, column: 'Partita IVA', field: 'vatNumber', message: 'INVALID' }],
    });
    expect(await count()).toBe(before);
  }, 900_000);

  it('commits 10 000 customers with the CUSTOMER role of the view', async () => {
    const before = await count();
    const started = Date.now();
    const res = await admin(importCall(CUSTOMERS, { name: 'clienti.csv', content: csv(false) }, mapping, false));
    console.info(`import of ${ROWS} customers: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ dryRun: false, rows: ROWS, imported: ROWS });
    expect(await count()).toBe(before + ROWS);
    const found = await admin({ method: 'GET', url: `${CUSTOMERS}?q=${encodeURIComponent(JSON.stringify({ query: 'importato 09999' }))}` });
    const record = found.json().data.items[0];
    expect(record).toMatchObject({ name: 'Cliente importato 09999 S.r.l.', vatNumber: vatNumber(9_999), subjectType: 'COMPANY', notes: 'riga 9999; con separatore' });
    expect(record.roles).toContain('CUSTOMER');
  }, 900_000);

  it('imports the first sheet of an XLSX: a person with a real date cell and a lookup', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clienti');
    sheet.addRow(['Nome', 'Cognome', 'Tipo', 'Nato il', 'Forma giuridica', 'Codice fiscale']);
    sheet.addRow(['Mario', 'Xlsx', 'PERSON', new Date(Date.UTC(1980, 4, 17)), null, 'RSSMRA80A01H501U']);
    sheet.addRow([]);
    sheet.addRow(['Anna', 'Xlsx', 'PERSON', '03/02/1990', 'NOPE', null]);
    sheet.addRow(['Bruna', null, 'PERSON', '1990-02-03', null, null]);
    sheet.addRow(['Carla', 'Xlsx', 'PERSON', '31/02/1990', null, null]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const xlsxMapping = { Nome: 'name', Cognome: 'lastName', Tipo: 'subjectType', 'Nato il': 'birthDate', 'Forma giuridica': 'legalForm', 'Codice fiscale': 'fiscalCode' };

    const headers = await admin({ method: 'POST', url: `${CUSTOMERS}/import/headers`, ...multipart({ name: 'c.xlsx', content }) });
    expect(headers.json().data.headers).toEqual(['Nome', 'Cognome', 'Tipo', 'Nato il', 'Forma giuridica', 'Codice fiscale']);

    const dry = await admin(importCall(CUSTOMERS, { name: 'c.xlsx', content }, xlsxMapping, true));
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      dryRun: true,
      rows: 4,
      valid: 1,
      errors: [
        // rows as the spreadsheet numbers them (the blank row 3 is skipped, not renumbered)
        { row: 4, column: 'Forma giuridica', field: 'legalForm', message: 'UNKNOWN_VALUE' },
        // the subject hook: a person has a last name
        { row: 5, column: 'Cognome', field: 'lastName', message: 'REQUIRED' },
        { row: 6, column: 'Nato il', field: 'birthDate', message: 'INVALID_DATE' },
      ],
    });

    const good = Buffer.from(await (async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Clienti');
      ws.addRow(['Nome', 'Cognome', 'Tipo', 'Nato il', 'Forma giuridica', 'Codice fiscale']);
      ws.addRow(['Mario', 'Xlsx', 'PERSON', new Date(Date.UTC(1980, 4, 17)), null, 'RSSMRA80A01H501U']);
      ws.addRow(['Anna', 'Xlsx', 'PERSON', '03/02/1990', 'SRL', null]);
      return wb.xlsx.writeBuffer();
    })());
    const res = await admin(importCall(CUSTOMERS, { name: 'c.xlsx', content: good }, xlsxMapping, false));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.imported).toBe(2);
    const list = await admin({ method: 'GET', url: `${CUSTOMERS}?sort=name,asc&q=${encodeURIComponent(JSON.stringify({ query: 'xlsx' }))}` });
    const items = list.json().data.items;
    expect(items.map((r: { name: string; birthDate: string; legalForm: string | null }) => [r.name, r.birthDate, r.legalForm])).toEqual([
      ['Anna', '1990-02-03', 'SRL'],
      ['Mario', '1980-05-17', null],
    ]);
  }, 120_000);

  it('refuses an unknown field, a column the file lacks, an unsupported file, and users without _W', async () => {
    const file = { name: 'c.csv', content: 'Ragione sociale;Partita IVA\nA;\n' };
    const unknown = await admin(importCall(CUSTOMERS, file, { 'Ragione sociale': 'nonExisting' }, true));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: 'UNKNOWN_FIELD' });
    const readOnly = await admin(importCall(CUSTOMERS, file, { 'Ragione sociale': 'userId' }, true));
    expect(readOnly.json()).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: 'IMPORT_FIELD_NOT_IMPORTABLE' });
    const missing = await admin(importCall(CUSTOMERS, file, { Nome: 'name' }, true));
    expect(missing.json()).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: 'IMPORT_UNKNOWN_COLUMN' });
    const twice = await admin(importCall(CUSTOMERS, file, { 'Ragione sociale': 'name', 'Partita IVA': 'name' }, true));
    expect(twice.json()).toMatchObject({ errorCode: 'BAD_REQUEST', errorMessage: 'IMPORT_DUPLICATE_FIELD' });
    const pdf = await admin(importCall(CUSTOMERS, { name: 'x.pdf', content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]) }, { 'Ragione sociale': 'name' }, true));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ errors: [{ field: 'file', message: 'UNSUPPORTED_TYPE' }] });
    const zip = await admin(importCall(CUSTOMERS, { name: 'x.xlsx', content: Buffer.from('PK\u0003\u0004not really a workbook') }, { 'Ragione sociale': 'name' }, true));
    expect(zip.statusCode).toBe(400);
    expect(zip.json()).toMatchObject({ errors: [{ field: 'file', message: 'UNSUPPORTED_TYPE' }] });

    const verifier = as(t.app, (await signIn(t.app, 'verifier')).token);
    const denied = await verifier(importCall(CUSTOMERS, file, { 'Ragione sociale': 'name' }, true));
    expect(denied.statusCode).toBe(403);
  }, 120_000);
});

describe('import coercions (probe entity)', () => {
  let t: TestApp;
  let operator: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp({}, { catalogue: probeCatalogue, setup: createProbeTable });
    operator = as(t.app, (await signIn(t.app, 'operator')).token);
  }, 120_000);
  afterAll(() => t?.close());

  it('turns text into numbers (Italian decimals), booleans, dates, multiple lookups and references by code', async () => {
    const target = await operator({ method: 'POST', url: PROBES, ...json({ name: 'Riferita' }) });
    expect(target.statusCode).toBe(201);
    const code = target.json().data.code as string;
    const content = [
      'name,weight,price,quantity,urgent,dueDate,roles,related',
      `Uno,"1.234,567","1.234,56",7,sì,31/03/2026,ROLE_USER|ROLE_ADMIN,${code}`,
      'Due,2.5,3,0,no,2026-04-01,"ROLE_USER, ROLE_ADMIN",',
    ].join('\n');
    const mapping = { name: 'name', weight: 'weight', price: 'price', quantity: 'quantity', urgent: 'urgent', dueDate: 'dueDate', roles: 'roles', related: 'related' };
    const res = await operator(importCall(PROBES, { name: 'p.csv', content }, mapping, false));
    expect(res.statusCode, res.body).toBe(201);
    const list = await operator({ method: 'GET', url: `${PROBES}?sort=name,asc&q=${encodeURIComponent(JSON.stringify({ filters: [{ field: 'name', op: 'in', value: ['Uno', 'Due'] }] }))}` });
    const byName = Object.fromEntries(list.json().data.items.map((r: { name: string }) => [r.name, r]));
    expect(byName.Uno).toMatchObject({ weight: 1234.567, price: 1234.56, quantity: 7, urgent: true, dueDate: '2026-03-31', roles: ['ROLE_USER', 'ROLE_ADMIN'], related: target.json().data.id });
    expect(byName.Due).toMatchObject({ weight: 2.5, price: 3, quantity: 0, urgent: false, dueDate: '2026-04-01', roles: ['ROLE_USER', 'ROLE_ADMIN'], related: null });
  }, 120_000);

  it('reports every error of every row, unknown references included, and writes nothing', async () => {
    const content = ['name;weight;urgent;dueDate;related;slot', ';abc;forse;32/01/2026;PRB-999999;25:00', '"Più', 'righe";1,2345;sì;01/01/2026;;10:00', 'Buona;1;no;;;'].join('\n');
    const mapping = { name: 'name', weight: 'weight', urgent: 'urgent', dueDate: 'dueDate', related: 'related', slot: 'slot' };
    const before = (await operator({ method: 'GET', url: `${PROBES}?size=1` })).json().data.total;
    const res = await operator(importCall(PROBES, { name: 'p.csv', content }, mapping, false));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.rows).toBe(3);
    expect(body.valid).toBe(1);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'weight', field: 'weight', message: 'INVALID' },
        { row: 2, column: 'urgent', field: 'urgent', message: 'INVALID' },
        { row: 2, column: 'dueDate', field: 'dueDate', message: 'INVALID_DATE' },
        { row: 2, column: 'related', field: 'related', message: 'NOT_FOUND' },
        { row: 2, column: 'name', field: 'name', message: 'REQUIRED' },
        { row: 2, column: 'slot', field: 'slot', message: 'INVALID_TIME' },
        // the record spanning lines 3 and 4 is reported on the line it starts on
        { row: 3, column: 'weight', field: 'weight', message: 'TOO_MANY_DECIMALS' },
      ]),
    );
    expect(body.errors).toHaveLength(7);
    expect((await operator({ method: 'GET', url: `${PROBES}?size=1` })).json().data.total).toBe(before);
  }, 120_000);
});

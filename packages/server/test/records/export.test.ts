import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../configuration/support.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';
import { createProbeTable, probeCatalogue } from './probe-entity.js';

const E = '/api/test/probes';
/** Cells a spreadsheet would run as formulas (OWASP "CSV Injection"). */
const FORMULAS = ['=HYPERLINK("http://evil.example","clic")', '+1+2', '-2+3', '@SUM(A1:A2)', '\tcmd', '\r=1+1'];
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });

describe('export', () => {
  let t: TestApp;
  let operator: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp({}, { catalogue: probeCatalogue, setup: createProbeTable });
    operator = as(t.app, (await signIn(t.app, 'operator')).token);
    for (let i = 1; i <= 2500; i += 1) {
      const res = await operator({ method: 'POST', url: E, ...json({ name: `Esporta ${String(i).padStart(4, '0')}`, weight: i + 0.25, dueDate: '2026-03-31', urgent: i % 2 === 0 }) });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    await operator({ method: 'POST', url: E, ...json({ name: 'Altro; con "virgolette"', notes: 'riga\nnuova' }) });
    for (const name of FORMULAS) {
      const res = await operator({ method: 'POST', url: E, ...json({ name, notes: 'formulainiettata', weight: -3.5 }) });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  }, 240_000);
  afterAll(() => t.close());

  it('streams every matching row as Italian CSV: BOM, semicolons, decimal commas, dd/mm/yyyy', async () => {
    const res = await operator({ method: 'GET', url: `${E}/export?format=csv&sort=name,asc&q=${q({ query: 'esporta' })}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="probe-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trim().split('\n');
    expect(lines).toHaveLength(2501);
    const header = lines[0]!.split(';');
    expect(header.slice(0, 3)).toEqual(['Codice', 'Stato', 'name']);
    const first = lines[1]!.split(';');
    expect(first[header.indexOf('name')]).toBe('Esporta 0001');
    expect(first[header.indexOf('weight')]).toBe('1,25');
    expect(first[header.indexOf('dueDate')]).toBe('31/03/2026');
    expect(lines[2500]!.split(';')[header.indexOf('name')]).toBe('Esporta 2500');
  });

  it('quotes separators, quotes and line breaks', async () => {
    const res = await operator({ method: 'GET', url: `${E}/export?format=csv&q=${q({ query: 'virgolette' })}` });
    expect(res.body).toContain('"Altro; con ""virgolette"""');
    expect(res.body).toContain('"riga\nnuova"');
  });

  it('makes cells that start like a formula inert with a leading quote in CSV, numbers untouched', async () => {
    const res = await operator({ method: 'GET', url: `${E}/export?format=csv&sort=id,asc&q=${q({ query: 'formulainiettata' })}` });
    const rows: Record<string, string>[] = parse(res.body.slice(1), { delimiter: ';', columns: true });
    expect(rows.map((r) => r.name)).toEqual(FORMULAS.map((name) => `'${name}`));
    // our own negative numbers stay numbers
    expect(rows.map((r) => r.weight)).toEqual(FORMULAS.map(() => '-3,5'));
  });

  it('writes formula-like text into XLSX as plain strings, never formulas', async () => {
    const res = await operator({ method: 'GET', url: `${E}/export?format=xlsx&sort=id,asc&q=${q({ query: 'formulainiettata' })}` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const names = FORMULAS.map((_, i) => sheet.getRow(i + 2).getCell(header.indexOf('name') + 1));
    // XML reads a carriage return back as a line feed
    expect(names.map((c) => c.value)).toEqual(FORMULAS.map((f) => f.replace('\r', '\n')));
    for (const c of names) expect(c.type).toBe(ExcelJS.ValueType.String);
  });

  it('exports the same rows as the search, filters included', async () => {
    const filter = { filters: [{ field: 'urgent', op: 'eq', value: true }] };
    const total = (await operator({ method: 'GET', url: `${E}?q=${q(filter)}` })).json().data.total;
    const res = await operator({ method: 'GET', url: `${E}/export?format=csv&q=${q(filter)}` });
    expect(res.body.slice(1).trim().split('\n')).toHaveLength(total + 1);
    expect(total).toBe(1250);
  });

  it('streams XLSX with real numbers and dates', async () => {
    const res = await operator({ method: 'GET', url: `${E}/export?format=xlsx&sort=name,asc&q=${q({ query: 'esporta' })}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2501);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (row: number, key: string) => sheet.getRow(row).getCell(header.indexOf(key) + 1);
    expect(cell(2, 'name').value).toBe('Esporta 0001');
    expect(cell(2, 'weight').value).toBe(1.25);
    expect(cell(2, 'dueDate').value).toEqual(new Date('2026-03-31T00:00:00Z'));
    expect(cell(2, 'dueDate').numFmt).toBe('dd/mm/yyyy');
  });

  it('needs the read authority and a valid query before anything is sent', async () => {
    const verifier = as(t.app, (await signIn(t.app, 'verifier')).token);
    expect((await verifier({ method: 'GET', url: `${E}/export?format=csv` })).statusCode).toBe(403);
    const bad = await operator({ method: 'GET', url: `${E}/export?format=csv&q=${q({ filters: [{ field: 'nope', op: 'eq', value: 1 }] })}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('BAD_REQUEST');
    expect((await operator({ method: 'GET', url: `${E}/export?format=pdf` })).statusCode).toBe(400);
  });
});

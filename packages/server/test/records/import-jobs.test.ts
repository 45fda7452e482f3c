import { get } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../support/multipart.js';
import { as, createTestApp, signIn, TEST_DATABASE_URL, type TestApp } from '../support/test-app.js';
import { italianVatCheckDigit } from '@circula/model';

/**
 * Imports and exports as jobs (issue 13, finding 2): other requests are answered while a large
 * import runs, a file over the row limit is refused, a job reports its progress, and a cancelled
 * import writes nothing — on the embedded database, where committed chunks are undone, as on
 * PostgreSQL, where the one transaction is rolled back.
 */

const CUSTOMERS = '/api/subjects/customers';
const MAX_ROWS = 6000;
const MAPPING = { 'Ragione sociale': 'name', 'Partita IVA': 'vatNumber', 'Tipo soggetto': 'subjectType' };

/** A valid partita IVA from a number: ten digits and the check digit of isItalianVatNumber. */
function vatNumber(n: number): string {
  const base = `3${String(n).padStart(9, '0')}`;
  return `${base}${italianVatCheckDigit(base)}`;
}

/** A customers CSV of `rows` companies named "<label> 00001 S.r.l."… */
function customersCsv(label: string, rows: number, offset = 0): Buffer {
  const lines = ['Ragione sociale;Partita IVA;Tipo soggetto'];
  for (let i = 1; i <= rows; i++) lines.push(`${label} ${String(i).padStart(5, '0')} S.r.l.;${vatNumber(offset + i)};COMPANY`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

const importBody = (csv: Buffer, fields: Record<string, string>) => multipart({ name: 'clienti.csv', bytes: csv, type: 'text/csv' }, { mapping: JSON.stringify(MAPPING), ...fields });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('import and export jobs', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let token: string;
  let base: string;

  const count = async (label: string) =>
    (await admin({ method: 'GET', url: `${CUSTOMERS}?size=1&q=${encodeURIComponent(JSON.stringify({ query: label }))}` })).json().data.total as number;
  const subjectHistory = async () => Number((await sql<{ n: number }>`select count(*)::int as n from record_history where entity = 'subject'`.execute(t.db)).rows[0]!.n);
  const job = (kind: 'import' | 'export', id: string) => admin({ method: 'GET', url: `${CUSTOMERS}/${kind}/jobs/${id}` });

  beforeAll(async () => {
    t = await createTestApp({ importMaxRows: MAX_ROWS });
    token = (await signIn(t.app, 'admin')).token;
    admin = as(t.app, token);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    // fetch's connection pool keeps sockets open that the server would wait for
    t?.app.server.closeAllConnections();
    await t?.close();
  });

  it('answers other requests, sign-in data and lists, while a large import runs', async () => {
    const body = await importBody(customersCsv('Concorrente', MAX_ROWS), { dryRun: 'true' });
    let importFinished = false;
    const importing = fetch(`${base}${CUSTOMERS}/import`, { method: 'POST', headers: { ...body.headers, authorization: `Bearer ${token}` }, body: body.payload }).then(async (res) => {
      importFinished = true;
      return { status: res.status, body: (await res.json()) as { data: { rows: number; valid: number; errors: unknown[] } } };
    });
    // the import is under way once its job has checked a first chunk of rows
    await until('the import to start', async () => {
      const { rows } = await sql<{ processed: number }>`select processed from record_job where kind = 'IMPORT' and status = 'RUNNING'`.execute(t.db);
      return (rows[0]?.processed ?? 0) > 0;
    });
    const headers = { authorization: `Bearer ${token}` };
    const latencies: number[] = [];
    for (const url of ['/api/auth/whoami', `${CUSTOMERS}?size=20`, '/api/auth/whoami', `${CUSTOMERS}?size=20&page=1`, '/api/entityconf/visible']) {
      const started = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      latencies.push(performance.now() - started);
      expect(res.status, url).toBe(200);
      // answered while the import still runs, not queued behind it
      expect(importFinished, url).toBe(false);
    }
    // each waits at most for the chunk in progress, not for the 6 000 rows
    expect(Math.max(...latencies)).toBeLessThan(3000);
    const result = await importing;
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ rows: MAX_ROWS, valid: MAX_ROWS, errors: [] });
    expect(await count('Concorrente')).toBe(0);
  }, 300_000);

  it('refuses a file over the row limit with IMPORT_TOO_MANY_ROWS, before writing anything', async () => {
    const headers = await admin({ method: 'POST', url: `${CUSTOMERS}/import/headers`, ...(await importBody(customersCsv('Troppe', 2), {})) });
    expect(headers.json().data).toEqual({ headers: ['Ragione sociale', 'Partita IVA', 'Tipo soggetto'], maxRows: MAX_ROWS });
    for (const fields of [{ dryRun: 'false' }, { dryRun: 'true', async: 'true' }] as Record<string, string>[]) {
      const res = await admin({ method: 'POST', url: `${CUSTOMERS}/import`, ...(await importBody(customersCsv('Troppe', MAX_ROWS + 1), fields)) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorCode: 'BAD_REQUEST', errorMessage: 'IMPORT_TOO_MANY_ROWS' });
    }
    expect(await count('Troppe')).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from record_job where kind = 'IMPORT' and total > ${MAX_ROWS}`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  }, 120_000);

  it('runs as a job: 202 at once, then its progress and its report', async () => {
    const started = await admin({ method: 'POST', url: `${CUSTOMERS}/import`, ...(await importBody(customersCsv('Lavoro', 600, 10_000), { dryRun: 'false', async: 'true' })) });
    expect(started.statusCode, started.body).toBe(202);
    const view = started.json().data;
    expect(view).toMatchObject({ kind: 'IMPORT', target: 'customers', status: 'RUNNING', total: 600, dryRun: false });
    const done = await until('the job to end', async () => {
      const res = await job('import', view.id);
      return res.json().data.status !== 'RUNNING' && res.json().data;
    });
    expect(done).toMatchObject({ status: 'DONE', processed: 600, total: 600, result: { rows: 600, valid: 600, errors: [], imported: 600 } });
    expect(await count('Lavoro')).toBe(600);

    // a job is its user's alone
    const manager = as(t.app, (await signIn(t.app, 'manager')).token);
    expect((await manager({ method: 'GET', url: `${CUSTOMERS}/import/jobs/${view.id}` })).statusCode).toBe(404);
    expect((await manager({ method: 'PUT', url: `${CUSTOMERS}/import/jobs/${view.id}/cancel` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `${CUSTOMERS}/import/jobs/not-a-job` })).statusCode).toBe(400);
  }, 120_000);

  it('a cancelled import writes nothing, not even the chunks already done', async () => {
    const historyBefore = await subjectHistory();
    const started = await admin({ method: 'POST', url: `${CUSTOMERS}/import`, ...(await importBody(customersCsv('Annullata', 5000, 20_000), { dryRun: 'false', async: 'true' })) });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().data.id as string;
    await until('a first chunk', async () => {
      const data = (await job('import', id)).json().data;
      expect(data.status).toBe('RUNNING');
      return data.processed > 0;
    });
    // on the embedded database each chunk commits: the first rows are there until the end
    if (!TEST_DATABASE_URL) expect(await count('Annullata')).toBeGreaterThan(0);
    const cancelled = await admin({ method: 'PUT', url: `${CUSTOMERS}/import/jobs/${id}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    const end = await until('the job to stop', async () => {
      const data = (await job('import', id)).json().data;
      return data.status !== 'RUNNING' && data;
    });
    expect(end.status).toBe('CANCELLED');
    expect(end.processed).toBeLessThan(5000);
    expect(await count('Annullata')).toBe(0);
    expect(await subjectHistory()).toBe(historyBefore);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from record_job_written where job_id = ${id}`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  }, 300_000);

  it('an export names its job and rows, and reports them done', async () => {
    const res = await admin({ method: 'GET', url: `${CUSTOMERS}/export?format=csv&q=${encodeURIComponent(JSON.stringify({ query: 'Lavoro' }))}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('600');
    expect(res.body.slice(1).trim().split('\n')).toHaveLength(601);
    const done = await until('the export job to end', async () => {
      const data = (await job('export', String(res.headers['x-job-id']))).json().data;
      return data.status !== 'RUNNING' && data;
    });
    expect(done).toMatchObject({ kind: 'EXPORT', status: 'DONE', processed: 600, total: 600, result: { rows: 600 } });
  }, 120_000);

  it('an export stops reading rows when its reader goes away', async () => {
    await sql`insert into subject (subject_type, name, roles, vat_number, created_by, updated_by, code)
      select 'COMPANY', 'Esportata ' || g || ' S.r.l.', array['CUSTOMER'], lpad(g::text, 11, '0'), 'test', 'test', 'EXP-' || g
      from generate_series(1, 10000) g`.execute(t.db);
    // a plain connection of its own (no client pool that would open another behind it)
    const { headers, id } = await new Promise<{ headers: Record<string, unknown>; id: string }>((resolve, reject) => {
      const request = get(`${base}${CUSTOMERS}/export?format=csv&q=${encodeURIComponent(JSON.stringify({ query: 'Esportata' }))}`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
        res.once('data', () => {
          // the reader goes away after the first bytes
          request.destroy();
          resolve({ headers: res.headers, id: String(res.headers['x-job-id']) });
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(headers['x-total-count']).toBe('10000');
    const end = await until('the export job to stop', async () => {
      const data = (await job('export', id)).json().data;
      return data.status !== 'RUNNING' && data;
    });
    expect(end.status).toBe('CANCELLED');
    expect(end.processed).toBeLessThan(10000);
  }, 120_000);
});

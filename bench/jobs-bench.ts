/**
 * Import and export benchmark (issue 13, finding 2): how long other requests wait while one user
 * imports or exports a large file. The server runs in its own process on a fresh database; a
 * background load of other users (autocannon, BENCH_CONNECTIONS connections: sign-in data, a page
 * of table values, a customer by id) runs on the idle server, during a dry run and a commit of a
 * BENCH_IMPORT_ROWS-row customers CSV, on the idle server again, and during a CSV and an XLSX
 * export of every customer; for each, the p50/p95/p99/max latency of those other requests. The import and export rates sit
 * beside a raw-SQL baseline: the same rows inserted straight through the driver (multi-row
 * INSERTs of 250 rows, no checks, no history) and read back.
 * `BENCH_DATABASE_URL=… npm run bench:jobs` for PostgreSQL (its public schema is dropped and
 * recreated: a database of its own); without it, embedded PGlite. DATABASE_URL is never used.
 * `BENCH_ONLY=<text>` runs only the imports and exports whose name holds it (`export`, `XLSX`…;
 * the idle references always run); without the import commit the raw-SQL rows stay as the
 * customers to export. Beside each scenario, the server's peak resident memory (RSS, sampled).
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../packages/server/src/config.js';
import { connect } from '../packages/server/src/db/connect.js';
import { prepareDatabase } from '../packages/server/src/startup.js';
import { freePort, startServer, stats, stopServer, type Stats } from './support.js';
import { italianVatCheckDigit } from '@circula/model';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const IDLE_S = Number(process.env.BENCH_DURATION ?? 10);
const CUSTOMERS = '/api/subjects/customers';
const MAPPING = { 'Ragione sociale': 'name', 'Partita IVA': 'vatNumber', 'Tipo soggetto': 'subjectType', Note: 'notes' };
/** BENCH_ONLY=text: only the imports and exports whose scenario name holds it. */
const selected = (scenario: string) => !process.env.BENCH_ONLY || scenario.includes(process.env.BENCH_ONLY);
const importName = (dryRun: boolean) => `import ${dryRun ? 'dry run' : 'commit'} of ${ROWS.toLocaleString('en')} rows`;

/** A process's resident memory (MiB, Linux /proc), sampled every 50 ms until stopped: the peak. */
function rssPeak(pid: number | undefined) {
  const read = () => {
    try {
      const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kib ? Number(kib) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 50);
  return { before: peak, stop: () => (clearInterval(timer), Math.max(peak, read())) };
}

/** A valid partita IVA from a number: ten digits and the check digit. */
function vatNumber(n: number): string {
  const base = `4${String(n).padStart(9, '0')}`;
  return `${base}${italianVatCheckDigit(base)}`;
}

const NAMES = ['Rossi', 'Bianchi', 'Verdi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci'];
const WORDS = ['Ecologia', 'Ambiente', 'Recuperi', 'Servizi', 'Trasporti', 'Metalli'];
const row = (i: number) => ({ name: `${NAMES[i % NAMES.length]} ${WORDS[(i >> 3) % WORDS.length]} ${i} S.r.l.`, vat: vatNumber(i), notes: `cliente importato ${i}` });

function customersCsv(rows: number): Buffer {
  const lines = ['\uFEFFRagione sociale;Partita IVA;Tipo soggetto;Note'];
  for (let i = 1; i <= rows; i++) {
    const r = row(i);
    lines.push(`${r.name};${r.vat};COMPANY;${r.notes}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Other users' requests in a loop until stopped: their latencies. */
function backgroundLoad(address: string, token: string, ids: number[]) {
  const latencies: number[] = [];
  let failures = 0;
  // requests whose own cost does not grow with the imported rows: what changes is only how long they wait
  const paths = [() => '/api/auth/whoami', () => `/api/conf/table-values?size=20&page=${Math.floor(Math.random() * 20)}`, () => `${CUSTOMERS}/${ids[Math.floor(Math.random() * ids.length)]}`];
  const started = performance.now();
  const instance = (autocannon as unknown as (o: autocannon.Options) => Promise<autocannon.Result> & NodeJS.EventEmitter & { stop(): void })({
    url: address,
    connections: CONNECTIONS,
    duration: 3600,
    timeout: 120,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)]!() }) }],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 400) failures += 1;
    latencies.push(responseTime);
  });
  return {
    async stop(): Promise<Stats> {
      instance.stop();
      const result = await instance;
      return { ...stats(latencies, (performance.now() - started) / 1000), errors: failures + result.errors + result.timeouts };
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-bench-jobs-'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', WEB_DIST: '', DEMO_DATA: 'true', DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', IMPORT_MAX_ROWS: String(Math.max(ROWS, 100_000)) };
  const config = loadConfig(env, { dataDir });
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pg'), poolSize: config.databasePoolSize });
  const db = handle.db;
  if (handle.kind === 'postgres') {
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  await prepareDatabase(db, config, { info: () => undefined, warn: console.warn });

  // the raw-SQL baseline: the file's rows straight into the table, 250 per INSERT, then read back in pages of 500
  const rawInsert = await timed(async () => {
    for (let from = 1; from <= ROWS; from += 250) {
      const values = Array.from({ length: Math.min(250, ROWS - from + 1) }, (_, k) => {
        const r = row(from + k);
        return sql`('COMPANY', ${r.name}, array['CUSTOMER'], ${r.vat}, ${r.notes}, 'bench', 'bench', ${`RAW-${from + k}`})`;
      });
      await sql`insert into subject (subject_type, name, roles, vat_number, notes, created_by, updated_by, code) values ${sql.join(values)}`.execute(db);
    }
  });
  const rawRead = await timed(async () => {
    const { rows: ids } = await sql<{ id: number }>`select id from subject where code like 'RAW-%' order by name, id`.execute(db);
    for (let i = 0; i < ids.length; i += 500) await sql`select * from subject where id = any(${ids.slice(i, i + 500).map((r) => r.id)}::bigint[])`.execute(db);
  });
  // without the import's commit, the raw rows are the customers the exports read
  if (selected(importName(false))) await sql`delete from subject where code like 'RAW-%'`.execute(db);
  await sql`vacuum analyze subject`.execute(db);
  const { rows: idRows } = await sql<{ id: number }>`select id from subject where 'CUSTOMER' = any(roles) and not deleted`.execute(db);
  await handle.close();

  const csv = customersCsv(ROWS);
  console.log(`${handle.kind}: raw SQL insert of ${ROWS.toLocaleString('it-IT')} rows ${(ROWS / rawInsert.seconds).toFixed(0)} rows/s, read back ${(ROWS / rawRead.seconds).toFixed(0)} rows/s; file ${(csv.length / 1024 / 1024).toFixed(1)} MiB`);

  const port = await freePort();
  const server = await startServer(port, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const address = `http://127.0.0.1:${port}`;
  const results: { scenario: string; seconds: number; rowsPerSecond?: number; others: Stats; rssMiB?: { before: number; peak: number } }[] = [];
  try {
    const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', secret: 'Circula!2026' }) });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const authorization = `Bearer ${token}`;
    const ids = idRows.map((r) => Number(r.id));

    const idle = async (scenario: string) => {
      const load = backgroundLoad(address, token, ids);
      await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
      results.push({ scenario, seconds: IDLE_S, others: await load.stop() });
    };
    await idle('idle, before the import');

    for (const dryRun of [true, false]) {
      if (!selected(importName(dryRun))) continue;
      const load = backgroundLoad(address, token, ids);
      const rss = rssPeak(server.pid);
      const form = new FormData();
      form.append('mapping', JSON.stringify(MAPPING));
      form.append('dryRun', String(dryRun));
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'clienti.csv');
      const run = await timed(async () => {
        const res = await fetch(`${address}${CUSTOMERS}/import`, { method: 'POST', headers: { authorization }, body: form });
        if (res.status !== (dryRun ? 200 : 201)) throw new Error(`import answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
      });
      const peak = rss.stop();
      results.push({ scenario: importName(dryRun), seconds: run.seconds, rowsPerSecond: ROWS / run.seconds, others: await load.stop(), rssMiB: { before: rss.before, peak } });
      console.log(`  ${results.at(-1)!.scenario}: ${run.seconds.toFixed(1)} s`);
    }

    await idle(`idle, ${ROWS.toLocaleString('en')} more customers`);
    for (const format of ['csv', 'xlsx']) {
      if (!selected(`export ${format.toUpperCase()}`)) continue;
      const load = backgroundLoad(address, token, ids);
      const rss = rssPeak(server.pid);
      let total = 0;
      const run = await timed(async () => {
        const res = await fetch(`${address}${CUSTOMERS}/export?format=${format}`, { headers: { authorization } });
        if (!res.ok) throw new Error(`export answered ${res.status}`);
        total = Number(res.headers.get('x-total-count') ?? ids.length + ROWS);
        await res.arrayBuffer();
      });
      const peak = rss.stop();
      results.push({ scenario: `export ${format.toUpperCase()} of ${total.toLocaleString('en')} rows`, seconds: run.seconds, rowsPerSecond: total / run.seconds, others: await load.stop(), rssMiB: { before: rss.before, peak } });
      console.log(`  ${results.at(-1)!.scenario}: ${run.seconds.toFixed(1)} s`);
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\n${handle.kind}: other requests at ${CONNECTIONS} connections (whoami, a page of 20 table values, a customer by id), latencies in ms`);
  console.log(`${'while'.padEnd(36)}${'s'.padStart(7)}${'rows/s'.padStart(9)} | ${'req/s'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)} | RSS MiB before/peak`);
  for (const r of results) {
    const errors = r.others.errors ? `  (${r.others.errors} failed or timed out)` : '';
    console.log(`${r.scenario.padEnd(36)}${r.seconds.toFixed(1).padStart(7)}${(r.rowsPerSecond ? r.rowsPerSecond.toFixed(0) : '').padStart(9)} | ${f(r.others.rps)}${f(r.others.p50)}${f(r.others.p95)}${f(r.others.p99)}${f(r.others.max ?? 0)} | ${r.rssMiB ? `${r.rssMiB.before.toFixed(0)} / ${r.rssMiB.peak.toFixed(0)}` : ''}${errors}`);
  }
  console.log(`raw SQL: insert ${(ROWS / rawInsert.seconds).toFixed(0)} rows/s, read ${(ROWS / rawRead.seconds).toFixed(0)} rows/s`);
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `jobs-${handle.kind}.json`),
    JSON.stringify({ at: new Date().toISOString(), database: handle.kind, rows: ROWS, connections: CONNECTIONS, raw: { insertRowsPerSecond: ROWS / rawInsert.seconds, readRowsPerSecond: ROWS / rawRead.seconds }, results }, null, 2),
  );
}

await main();

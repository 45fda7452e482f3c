/**
 * Warehouse ledger benchmark (issue 18: "posting 100 000 ledger rows and reading a register year
 * of 50 000 rows; the register page opens in < 1 s at that size"):
 * 1. posting: BENCH_LEDGER_ROWS rows (default 100 000) through the server's own posting path
 *    (ledger/post.ts `post`: register lock, stock balances, capacity, numbering, insert, history),
 *    in transactions of BENCH_LEDGER_BATCH postings (default 500: a day's postings of a busy site)
 *    over 20 warehouses and 50 EER codes, beside the same rows inserted with a plain multi-row
 *    INSERT into a copy of the table (no checks) — rows per second and the ratio;
 * 2. reading: one warehouse with BENCH_REGISTER_ROWS rows (default 50 000) in this year's register,
 *    then with autocannon the register page as the web opens it (a page of 50 with the totals by
 *    EER code) and a filtered page, each beside the engine's SQL run through the driver; and the
 *    whole year once as JSON, CSV and PDF (the exports), timed.
 * `BENCH_DATABASE_URL=… npm run bench:ledger -w @circula/bench` for PostgreSQL (its public schema
 * is dropped and recreated); without it, embedded PGlite.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { systemPrincipal } from '../packages/server/src/domain/module.js';
import { post, type Posting } from '../packages/server/src/domain/warehouses/ledger/post.js';
import { readRegister } from '../packages/server/src/domain/warehouses/ledger/read.js';
import type { Db } from '../packages/server/src/db/connect.js';
import { apiLoad, freePort, freshDatabase, sqlLoad, startServer, type Stats } from './support.js';

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 100_000);
const BATCH = Number(process.env.BENCH_LEDGER_BATCH ?? 500);
const REGISTER_ROWS = Number(process.env.BENCH_REGISTER_ROWS ?? 50_000);
const LOAD = { connections: Number(process.env.BENCH_CONNECTIONS ?? 16), durationSeconds: Number(process.env.BENCH_DURATION ?? 10) };
const SYSTEM = systemPrincipal('bench');

/** Bench warehouses (service warehouses, no capacity) and EER codes. */
async function fixtures(db: Db, warehouses: number, prefix: string): Promise<{ warehouses: number[]; wastes: number[] }> {
  const { rows: wastes } = await sql<{ id: number }>`select id from waste where not hazardous order by code limit 50`.execute(db);
  const { rows } = await sql<{ id: number }>`
    insert into warehouse (code, name, warehouse_type, created_by, updated_by)
    select ${prefix} || '-' || g, 'Magazzino bench ' || ${prefix} || '-' || g, 'SERVICE', 'bench', 'bench' from generate_series(1, ${warehouses}::int) g returning id`.execute(db);
  return { warehouses: rows.map((r) => Number(r.id)), wastes: wastes.map((w) => Number(w.id)) };
}

/** Posting `i` of a stream: rounds over every warehouse × code pair; every fourth round unloads 100 kg of what the three before loaded. */
function posting(i: number, f: { warehouses: number[]; wastes: number[] }, at: string): Posting {
  const warehouse = f.warehouses[i % f.warehouses.length]!;
  const waste = f.wastes[Math.floor(i / f.warehouses.length) % f.wastes.length]!;
  const unload = Math.floor(i / (f.warehouses.length * f.wastes.length)) % 4 === 3;
  return {
    warehouse,
    movement: unload ? 'S' : 'C',
    causal: unload ? 'UNLOAD_TO_PLANT' : 'LOAD_PICKUP',
    operationDate: at,
    waste,
    material: null,
    quantityKg: unload ? 100 : 250 + (i % 500),
    firNumber: `BENCH/2026/${String(i).padStart(7, '0')}`,
    operation: 'R13',
    source: 'MANUAL',
  };
}

async function postAll(db: Db, f: { warehouses: number[]; wastes: number[] }, rows: number, history: boolean): Promise<number> {
  const started = performance.now();
  const at = new Date().toISOString();
  for (let from = 0; from < rows; from += BATCH) {
    const list = Array.from({ length: Math.min(BATCH, rows - from) }, (_, k) => posting(from + k, f, at));
    await db.transaction().execute((trx) => post(trx, SYSTEM, list, { history }));
  }
  return (performance.now() - started) / 1000;
}

/** The same rows with a plain multi-row INSERT into a copy of the ledger table: no register, no stock, no checks. */
async function rawInsert(db: Db, f: { warehouses: number[]; wastes: number[] }, rows: number): Promise<number> {
  await sql`create table ledger_raw (like warehouse_movement including defaults)`.execute(db);
  const at = new Date().toISOString();
  const started = performance.now();
  for (let from = 0; from < rows; from += BATCH) {
    const list = Array.from({ length: Math.min(BATCH, rows - from) }, (_, k) => posting(from + k, f, at));
    await db.transaction().execute(async (trx) => {
      for (let s = 0; s < list.length; s += 250) {
        const values = list.slice(s, s + 250).map((p, k) => sql`(${from + s + k}, ${p.warehouse}, 2026, ${from + s + k}, ${at}, ${p.causal}, ${p.movement}, ${at}, ${p.waste}, ${p.quantityKg}, ${p.firNumber}, ${p.operation}, ${p.source}, 'bench', 'bench')`);
        await sql`insert into ledger_raw (id, warehouse, register_year, register_number, registered_at, causal, movement, operation_date, waste, quantity_kg, fir_number, operation, source, created_by, updated_by) values ${sql.join(values)}`.execute(trx);
      }
    });
  }
  const seconds = (performance.now() - started) / 1000;
  await sql`drop table ledger_raw`.execute(db);
  return seconds;
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const out = await work();
  return [out, performance.now() - t0];
};

async function main() {
  const fresh = await freshDatabase('ledger');
  const { db, env, dataDir } = fresh;
  const handle = { kind: fresh.kind, close: fresh.close };

  // 1. posting
  const f = await fixtures(db, 20, 'BENCH');
  console.log(`Posting ${ROWS.toLocaleString('it-IT')} ledger rows on ${handle.kind} in transactions of ${BATCH}…`);
  const postSeconds = await postAll(db, f, ROWS, true);
  const rawSeconds = await rawInsert(db, f, ROWS);
  console.log(`  posted ${ROWS} rows in ${postSeconds.toFixed(1)} s (${(ROWS / postSeconds).toFixed(0)} rows/s); plain INSERT ${rawSeconds.toFixed(1)} s (${(ROWS / rawSeconds).toFixed(0)} rows/s) — ${((rawSeconds / postSeconds) * 100).toFixed(0)} %`);
  const { rows: gaps } = await sql<{ n: number }>`
    select count(*)::int as n from (select warehouse, register_year, count(*) as c, max(register_number) as m from warehouse_movement
    where warehouse = any(${f.warehouses}::bigint[]) group by 1, 2) r where c <> m`.execute(db);
  if (gaps[0]!.n !== 0) throw new Error('a register has a gap');

  // 2. one warehouse with a year of rows
  const site = await fixtures(db, 1, 'REGISTRO');
  console.log(`Filling one register with ${REGISTER_ROWS.toLocaleString('it-IT')} rows…`);
  const fillSeconds = await postAll(db, { warehouses: site.warehouses, wastes: site.wastes }, REGISTER_ROWS, false);
  await sql`vacuum analyze warehouse_movement`.execute(db);
  const wh = site.warehouses[0]!;
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
  const pages = Math.ceil(REGISTER_ROWS / 50);
  const page = () => Math.floor(Math.random() * pages);
  const waste = () => site.wastes[Math.floor(Math.random() * site.wastes.length)]!;
  const [, fullJsonMs] = await timed(() => readRegister(db, wh, { year, lang: 'it' }));

  const scenarios: { name: string; api: (address: string, token: string) => Promise<Stats>; raw: () => Promise<Stats> }[] = [
    {
      name: 'register page of 50 with totals',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: `/api/warehouses/register/${wh}?year=${year}&page=${page()}&size=50` })),
      raw: () => sqlLoad(LOAD, () => readRegister(db, wh, { year, lang: 'it', page: page(), size: 50 })),
    },
    {
      name: 'register filtered by EER code and C',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: `/api/warehouses/register/${wh}?year=${year}&page=0&size=50&waste=${waste()}&movement=C` })),
      raw: () => sqlLoad(LOAD, () => readRegister(db, wh, { year, lang: 'it', page: 0, size: 50, waste: waste(), movement: 'C' })),
    },
    {
      name: 'stock of the warehouse now',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: `/api/warehouses/stock?warehouseId=${wh}` })),
      raw: () => sqlLoad(LOAD, () => sql`select waste, material, quantity_kg from warehouse_stock where warehouse = ${wh} and quantity_kg > 0`.execute(db)),
    },
  ];
  const raws: Stats[] = [];
  for (const s of scenarios) raws.push(await s.raw());
  await handle.close();

  const port = await freePort();
  const server = await startServer(port, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const address = `http://127.0.0.1:${port}`;
  const results = [];
  const exports: Record<string, number> = { json: fullJsonMs };
  try {
    const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'operator', secret: 'Circula!2026' }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    for (const [i, s] of scenarios.entries()) {
      const api = await s.api(address, token);
      const raw = raws[i]!;
      results.push({ scenario: s.name, api, raw, ratio: api.rps / raw.rps });
      console.log(`  ${s.name}: API ${api.rps.toFixed(0)} req/s p95 ${api.p95.toFixed(1)} ms — direct ${raw.rps.toFixed(0)} q/s p95 ${raw.p95.toFixed(1)} ms`);
    }
    // one user opening the register page (first page of 50 with the totals), 20 times in a row
    const opens: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [, ms] = await timed(async () => {
        const res = await fetch(`${address}/api/warehouses/register/${wh}?year=${year}&page=0&size=50`, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`register page: HTTP ${res.status}`);
        await res.arrayBuffer();
      });
      opens.push(ms);
    }
    opens.sort((a, b) => a - b);
    exports.pageOpenMedian = opens[10]!;
    exports.pageOpenMax = opens[19]!;
    console.log(`  the register page opened by one user: median ${opens[10]!.toFixed(0)} ms, slowest of 20 ${opens[19]!.toFixed(0)} ms`);
    for (const format of ['csv', 'xml', 'pdf']) {
      const [bytes, ms] = await timed(async () => {
        const res = await fetch(`${address}/api/warehouses/register/${wh}?year=${year}&format=${format}`, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`${format}: HTTP ${res.status}`);
        return (await res.arrayBuffer()).byteLength;
      });
      exports[format] = ms;
      console.log(`  whole year as ${format.toUpperCase()}: ${(ms / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const fm = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n${handle.kind}: posting ${ROWS} rows ${postSeconds.toFixed(1)} s = ${(ROWS / postSeconds).toFixed(0)} rows/s (plain INSERT ${(ROWS / rawSeconds).toFixed(0)} rows/s); register of ${REGISTER_ROWS} rows filled in ${fillSeconds.toFixed(1)} s; whole year as JSON in ${(fullJsonMs / 1000).toFixed(2)} s`);
  console.log(`${'scenario'.padEnd(40)}${'API req/s'.padStart(10)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)} | ${'direct/s'.padStart(9)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)} | API/direct`);
  for (const r of results) {
    const errors = r.api.errors ? `  (${r.api.errors} failed or timed out)` : '';
    console.log(`${r.scenario.padEnd(40)}${fm(r.api.rps).padStart(10)}${fm(r.api.p50)}${fm(r.api.p95)}${fm(r.api.p99)} | ${fm(r.raw.rps).padStart(9)}${fm(r.raw.p50)}${fm(r.raw.p95)}${fm(r.raw.p99)} | ${(r.ratio * 100).toFixed(0)} %${errors}`);
  }
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `ledger-${handle.kind}.json`),
    JSON.stringify({ at: new Date().toISOString(), database: handle.kind, rows: ROWS, batch: BATCH, postSeconds, rawSeconds, registerRows: REGISTER_ROWS, fillSeconds, exportsMs: exports, load: LOAD, results }, null, 2),
  );
}

await main();

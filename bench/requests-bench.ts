/**
 * Movement requests benchmark (issue 15: "lists of these entities stay within the list performance
 * goals at 1 M request lines"): BENCH_REQUESTS requests (default 400 000) with 2–3 EER lines each
 * (≈ 1 M lines), then with autocannon: the pickup-request list as the staff opens it (newest wished
 * first, a page of 20), the same list filtered by status, the owner's list (row rules: their
 * company only) and one request with its lines — each beside the SQL the engine sends, run
 * straight through the driver with the same concurrency in the same run (a list the planner puts
 * past LIST_ESTIMATE_FIRST is estimated, the estimate kept a while, and not counted; others are counted
 * up to LIST_EXACT_COUNT + 1; an owner's request also reads the company's subjects),
 * and the owner's list once more with its exact count asked for (`exactCount=true`).
 * `BENCH_DATABASE_URL=… npm run bench:requests -w @circula/bench` for PostgreSQL (its public
 * schema is dropped and recreated); without it, embedded PGlite.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../packages/server/src/db/connect.js';
import { companySubjectIds } from '../packages/server/src/records/row-rules.js';
import { apiLoad, freePort, freshDatabase, sqlLoad, startServer, type Stats } from './support.js';


const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400_000);
const LOAD = { connections: Number(process.env.BENCH_CONNECTIONS ?? 32), durationSeconds: Number(process.env.BENCH_DURATION ?? 10) };

const REQUEST_COLUMNS = sql`id, code, status, version, root_id, parent_id, author_id, auth_read, auth_read_map, auth_write, auth_write_map, created_at, created_by, updated_at, updated_by, deleted, deleted_at, deleted_by, archived, kind, requester, producer, pickup_point, destination, wished_from, wished_to, time_from, time_to, urgency, transport_causal, site_contact, site_contact_phone, estimated_kg, planned_date, refusal_motivation, refusal_notes, notes, tags`;

/** Requests over the demo's pickup points and EER codes, two or three lines each, loaded in bulk (indexes stay: they are the migration's). */
async function seed(db: Db): Promise<{ seconds: number; lines: number }> {
  const started = performance.now();
  const { rows: points } = await sql<{ id: number; owner: number }>`select id, owner from warehouse where warehouse_type = 'PDP' and owner is not null order by id`.execute(db);
  const { rows: wastes } = await sql<{ id: number }>`select id from waste where not hazardous order by code limit 200`.execute(db);
  const pointIds = sql.join(points.map((p) => sql`${p.id}`));
  const ownerIds = sql.join(points.map((p) => sql`${p.owner}`));
  const wasteIds = sql.join(wastes.map((w) => sql`${w.id}`));
  const statuses = sql.join(['DRAFT', 'SUBMITTED', 'ACCEPTED', 'PLANNED', 'DONE', 'DONE', 'DONE', 'DONE', 'REFUSED', 'CANCELLED'].map((s) => sql`${s}`));
  const kinds = sql.join(['RDR', 'RDR', 'RDR', 'RDR', 'RDR', 'RDR', 'RDT', 'PPC', 'R3T', 'UR'].map((s) => sql`${s}`));
  const batch = 50_000;
  for (let from = 1; from <= REQUESTS; from += batch) {
    const to = Math.min(REQUESTS, from + batch - 1);
    await sql`
      insert into transaction (kind, status, requester, producer, pickup_point, wished_from, urgency, estimated_kg, created_by, updated_by)
      select (array[${kinds}]::text[])[1 + g % 10], (array[${statuses}]::text[])[1 + (g / 10) % 10],
             (array[${ownerIds}]::bigint[])[1 + g % ${points.length}], (array[${ownerIds}]::bigint[])[1 + g % ${points.length}], (array[${pointIds}]::bigint[])[1 + g % ${points.length}],
             date '2026-11-24' - (g % 730), 'NORMAL', 1000 + g % 9000, 'bench', 'bench'
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`update transaction set code = 'RIC-' || lpad(id::text, 7, '0') where code is null`.execute(db);
  await sql`
    insert into transaction_line (parent_id, root_id, line_no, waste, quantity, created_by, updated_by)
    select t.id, t.id, n, (array[${wasteIds}]::bigint[])[1 + (t.id * 7 + n) % ${wastes.length}], jsonb_build_object('value', 1 + (t.id + n) % 20, 'unit', 'T'), 'bench', 'bench'
    from transaction t cross join generate_series(1, 3) n
    where n <= 2 + (t.id % 2)`.execute(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from transaction_line`.execute(db);
  await sql`vacuum analyze transaction`.execute(db);
  await sql`vacuum analyze transaction_line`.execute(db);
  return { seconds: (performance.now() - started) / 1000, lines: rows[0]!.n };
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function main() {
  const fresh = await freshDatabase('requests');
  const { db, env, dataDir, config } = fresh;
  const handle = { kind: fresh.kind, close: fresh.close };
  console.log(`Seeding ${REQUESTS.toLocaleString('it-IT')} requests on ${handle.kind}…`);
  const seeded = await seed(db);
  console.log(`Seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.lines.toLocaleString('it-IT')} lines`);

  const { rows: range } = await sql<{ min: number; max: number }>`select min(id) as min, max(id) as max from transaction`.execute(db);
  const randomId = () => range[0]!.min + Math.floor(Math.random() * (range[0]!.max - range[0]!.min));
  const { rows: company } = await sql<{ id: number; subject_id: number }>`select id, subject_id from users where username = 'owner'`.execute(db);
  const ownerCompany = company[0]!.subject_id;
  const ownerUser = company[0]!.id;
  const status = () => ['SUBMITTED', 'ACCEPTED', 'PLANNED'][Math.floor(Math.random() * 3)]!;

  const scenarios: { name: string; user: string; api: (address: string, token: string) => Promise<Stats>; raw: () => Promise<Stats> }[] = [
    {
      name: 'pickup requests, first page of 20',
      user: 'operator',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: '/api/transactions/rdr?size=20' })),
      // the planner puts the list far beyond the exact count (LIST_ESTIMATE_FIRST): estimated, not counted; the
      // estimate is kept 30 s (records/service.ts planRows), so what the engine sends is the page
      raw: () =>
        sqlLoad(LOAD, async () => {
          await sql`select ${REQUEST_COLUMNS} from transaction where kind = 'RDR' and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db);
        }),
    },
    {
      name: 'pickup requests by status, page of 20',
      user: 'operator',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: `/api/transactions/rdr?size=20&q=${q({ filters: [{ field: 'status', op: 'eq', value: status() }] })}` })),
      raw: () =>
        sqlLoad(LOAD, async () => {
          const s = status();
          // about 24 000 rows each: past LIST_ESTIMATE_FIRST, so estimated (kept), not counted
          await sql`select ${REQUEST_COLUMNS} from transaction where kind = 'RDR' and status = ${s} and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db);
        }),
    },
    {
      name: "an owner's requests (row rules), page of 20",
      user: 'owner',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: '/api/transactions/rdr?size=20' })),
      raw: () =>
        sqlLoad(LOAD, async () => {
          // a few thousand rows: the planner puts them past LIST_ESTIMATE_FIRST, so estimated (kept), not counted
          // the company's subjects, read for every request of an external user (records/row-rules.ts)
          await companySubjectIds(db, ownerUser);
          await sql`select ${REQUEST_COLUMNS}
            from transaction where kind = 'RDR' and (requester = ${ownerCompany} or producer = ${ownerCompany}) and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db);
        }),
    },
    {
      name: "an owner's requests, exact count asked for",
      user: 'owner',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: '/api/transactions/rdr?size=20&exactCount=true' })),
      raw: () =>
        sqlLoad(LOAD, async () => {
          await companySubjectIds(db, ownerUser);
          await sql`select ${REQUEST_COLUMNS}, (select count(*) from transaction where kind = 'RDR' and (requester = ${ownerCompany} or producer = ${ownerCompany}) and not deleted and not archived) as total
            from transaction where kind = 'RDR' and (requester = ${ownerCompany} or producer = ${ownerCompany}) and not deleted and not archived order by wished_from desc, id desc limit 20`.execute(db);
        }),
    },
    {
      name: 'one request with its lines',
      user: 'operator',
      api: (address, token) => apiLoad(address, token, LOAD, () => ({ path: `/api/transactions/movement-requests/${randomId()}` })),
      raw: () =>
        sqlLoad(LOAD, async () => {
          const id = randomId();
          await sql`select ${REQUEST_COLUMNS} from transaction where id = ${id}`.execute(db);
          await sql`select * from transaction_line where parent_id = any(${[id]}::bigint[]) and not deleted order by parent_id, line_no, id`.execute(db);
        }),
    },
  ];
  if (process.env.BENCH_ONLY) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => s.name.includes(process.env.BENCH_ONLY!)));
  const raws: Stats[] = [];
  for (const s of scenarios) raws.push(await s.raw());
  await handle.close();

  const port = await freePort();
  const server = await startServer(port, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const address = `http://127.0.0.1:${port}`;
  const results = [];
  try {
    const tokens: Record<string, string> = {};
    for (const user of new Set(scenarios.map((s) => s.user))) {
      const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: user, secret: 'Circula!2026' }) });
      tokens[user] = ((await login.json()) as { data: { token: string } }).data.token;
    }
    for (const [i, s] of scenarios.entries()) {
      const api = await s.api(address, tokens[s.user]!);
      const raw = raws[i]!;
      results.push({ scenario: s.name, api, raw, ratio: api.rps / raw.rps });
      console.log(`  ${s.name}: API ${api.rps.toFixed(0)} req/s p95 ${api.p95.toFixed(1)} ms — raw SQL ${raw.rps.toFixed(0)} q/s p95 ${raw.p95.toFixed(1)} ms`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n${handle.kind}: ${REQUESTS} requests, ${seeded.lines} lines, ${LOAD.connections} connections, pool ${config.databasePoolSize}, ${LOAD.durationSeconds} s per run, latencies in ms`);
  console.log(`${'scenario'.padEnd(46)}${'API req/s'.padStart(10)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)} | ${'SQL q/s'.padStart(8)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)} | API/SQL`);
  for (const r of results) {
    const errors = r.api.errors ? `  (${r.api.errors} failed or timed out)` : '';
    console.log(`${r.scenario.padEnd(46)}${f(r.api.rps).padStart(10)}${f(r.api.p50)}${f(r.api.p95)}${f(r.api.p99)} | ${f(r.raw.rps).padStart(8)}${f(r.raw.p50)}${f(r.raw.p95)}${f(r.raw.p99)} | ${(r.ratio * 100).toFixed(0)} %${errors}`);
  }
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `requests-${handle.kind}.json`), JSON.stringify({ at: new Date().toISOString(), database: handle.kind, requests: REQUESTS, lines: seeded.lines, load: LOAD, seedSeconds: seeded.seconds, results }, null, 2));
}

await main();

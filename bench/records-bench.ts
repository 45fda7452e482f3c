/**
 * Record engine benchmark (issue "record engine"): 1 000 000 table values and 100 000 subjects (Italian
 * companies and persons), then with autocannon at 32 connections: get-by-id, a filtered and
 * sorted page of 20, free-text search and create — each beside the same SQL run straight through
 * the driver (pg Pool or PGlite) with the same concurrency in the same process and run.
 * `BENCH_DATABASE_URL=… npm run bench:records` for PostgreSQL (its public schema is dropped and
 * recreated: a database of its own); without it, embedded PGlite. DATABASE_URL is never used.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql } from 'kysely';
import { loadConfig } from '../packages/server/src/config.js';
import { connect, type Db } from '../packages/server/src/db/connect.js';
import { prepareStatement } from '../packages/server/src/db/prepared.js';
import { prepareDatabase } from '../packages/server/src/startup.js';
import { apiLoad, freePort, sqlLoad, startServer, stopServer, type Stats } from './support.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const WORDS = ['Ecologia', 'Ambiente', 'Recuperi', 'Servizi', 'Trasporti', 'Metalli', 'Carta', 'Plastica', 'Legno', 'Vetro', 'Inerti', 'Smaltimenti'];
const FIRST_NAMES = ['Marco', 'Giulia', 'Luca', 'Francesca', 'Andrea', 'Chiara', 'Paolo', 'Sara', 'Giuseppe', 'Elena'];
const NAMES = ['Rossi', 'Bianchi', 'Verdi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Costa'];
const CITIES = ['Bologna', 'Modena', 'Parma', 'Ravenna', 'Rimini', 'Ferrara', 'Milano', 'Torino', 'Verona', 'Padova', 'Firenze', 'Bari'];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function seed(db: Db) {
  const started = performance.now();
  // bulk load first, index after: the usual way to load a million rows
  await sql`drop index if exists table_value_search`.execute(db);
  await sql`drop index if exists table_value_search_prefixes`.execute(db);
  const batch = 100_000;
  for (let from = 1; from <= ROWS; from += batch) {
    const to = Math.min(ROWS, from + batch - 1);
    await sql`
      insert into table_value (table_code, code, val, translations, alpha1, flag1, sort_order, created_by, updated_by)
      select 'BENCH_' || (g % 50), 'V' || g, (g % 997)::text,
             jsonb_build_object('it', 'Valore ' || g, 'en', 'Value ' || g),
             -- independent of table_code (g % 50): a filter on both matches a tenth of a table
             'A' || ((g / 50) % 10), g % 3 = 0, g % 1000, 'bench', 'bench'
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`create index table_value_search on table_value using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index table_value_search_prefixes on table_value using gin (circula_search_prefixes(search_vector))`.execute(db);
  // subjects as a waste company's registry holds them: seven in ten companies ("Rossi Ecologia
  // S.r.l."), the rest persons (first name + surname); a VAT number, a fiscal code, a PEC, roles
  await sql`drop index if exists subject_search`.execute(db);
  await sql`drop index if exists subject_search_prefixes`.execute(db);
  await sql`drop index if exists subject_name`.execute(db);
  await sql`drop index if exists subject_roles`.execute(db);
  const names = sql.join(NAMES.map((n) => sql`${n}`));
  const words = sql.join(WORDS.map((n) => sql`${n}`));
  const cities = sql.join(CITIES.map((n) => sql`${n}`));
  const firstNames = sql.join(FIRST_NAMES.map((n) => sql`${n}`));
  const forms = sql.join(['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.'].map((n) => sql`${n}`));
  const roles = sql.join(['CUSTOMER', 'SUPPLIER', 'TRANSPORTER', 'INTERMEDIARY'].map((n) => sql`${n}`));
  await sql`
    insert into subject (code, subject_type, name, last_name, roles, vat_number, fiscal_code, pec, created_by, updated_by)
    select 'SBJ-' || lpad(g::text, 7, '0'),
           case when g % 10 < 7 then 'COMPANY' else 'PERSON' end,
           case when g % 10 < 7
             then (array[${names}])[1 + g % ${NAMES.length}] || ' ' || (array[${words}])[1 + (g / ${NAMES.length}) % ${WORDS.length}]
                  || case when g % 4 = 0 then ' ' || (array[${cities}])[1 + (g / 7) % ${CITIES.length}] else '' end
                  || ' ' || (array[${forms}])[1 + g % 4]
             else (array[${firstNames}])[1 + (g / 3) % ${FIRST_NAMES.length}] end,
           case when g % 10 >= 7 then (array[${names}])[1 + g % ${NAMES.length}] end,
           array[(array[${roles}])[1 + g % 4]] || case when g % 5 = 0 then array['SUPPLIER'] else array[]::text[] end,
           lpad((10000000000 - g)::text, 11, '0'),
           case when g % 10 < 7 then lpad((10000000000 - g)::text, 11, '0') else 'RSSMRA80A01A944' || chr(65 + g % 26) end,
           'amministrazione' || g || '@pec.example.it',
           'bench', 'bench'
    from generate_series(1, ${SUBJECTS}::int) g`.execute(db);
  await sql`create index subject_search on subject using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index subject_search_prefixes on subject using gin (circula_search_prefixes(search_vector))`.execute(db);
  await sql`create index subject_name on subject (name, id)`.execute(db);
  await sql`create index subject_roles on subject using gin (roles)`.execute(db);
  // a settled table, as after autovacuum: visibility map set, statistics current
  await sql`vacuum analyze table_value`.execute(db);
  await sql`vacuum analyze subject`.execute(db);
  return (performance.now() - started) / 1000;
}

const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_S };
/** The plain list is loaded by more people at once (issue 14: 50 connections on the embedded database). */
const PLAIN_LOAD = { connections: Number(process.env.BENCH_PLAIN_CONNECTIONS ?? 50), durationSeconds: DURATION_S };
const http = (url: string, token: string, request: () => { path: string; method?: 'GET' | 'POST'; body?: string }, load = LOAD) => apiLoad(url, token, load, request);
const baseline = (work: () => Promise<unknown>, load = LOAD) => sqlLoad(load, work);

const VALUE_COLUMNS = sql`id, code, status, version, root_id, parent_id, author_id, auth_read, auth_read_map, auth_write, auth_write_map, created_at, created_by, updated_at, updated_by, deleted, deleted_at, deleted_by, archived, table_code, val, name, translations, alpha1, alpha2, alpha3, flag1, flag2, flag3, extra_value, extras, tags, sort_order`;
const SUBJECT_COLUMNS = sql`id, code, status, version, root_id, parent_id, author_id, auth_read, auth_read_map, auth_write, auth_write_map, created_at, created_by, updated_at, updated_by, deleted, deleted_at, deleted_by, archived, subject_type, name, last_name, legal_form, roles, vat_number, fiscal_code, sdi_code, pec, contact, addresses, payment, birth_date, birth_place, customer_category, rating, administrative_status, tags, notes, user_id`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-bench-'));
  // the same JWT secret file and data directory the server process will use
  // the server runs with its own pool size (DATABASE_POOL_SIZE, default 10, as `npm start`), unless
  // BENCH_SERVER_POOL_SIZE says otherwise; the raw baseline gets a pool of the same size, driven by
  // CONNECTIONS concurrent callers as the server is by CONNECTIONS HTTP connections
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', WEB_DIST: '', DEMO_DATA: 'true', DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' };
  if (process.env.BENCH_SERVER_POOL_SIZE) env.DATABASE_POOL_SIZE = process.env.BENCH_SERVER_POOL_SIZE;
  const config = loadConfig(env, { dataDir });
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pg'), poolSize: config.databasePoolSize });
  const db = handle.db;
  if (handle.kind === 'postgres') {
    // a clean slate on the server: the benchmark owns this database
    await sql`drop schema public cascade; create schema public`.execute(db).catch(async () => {
      await sql`drop schema public cascade`.execute(db);
      await sql`create schema public`.execute(db);
    });
  }
  await prepareDatabase(db, config, { info: () => undefined, warn: console.warn });
  console.log(`Seeding ${ROWS.toLocaleString('it-IT')} table values and ${SUBJECTS.toLocaleString('it-IT')} subjects on ${handle.kind}…`);
  const seedSeconds = await seed(db);
  console.log(`Seeded in ${seedSeconds.toFixed(1)} s`);

  const { rows: range } = await sql<{ min: number; max: number }>`select min(id) as min, max(id) as max from table_value`.execute(db);
  const randomId = () => range[0]!.min + Math.floor(Math.random() * (range[0]!.max - range[0]!.min));
  const pageQuery = (tableCode: string) => ({ filters: [{ field: 'tableCode', op: 'eq', value: tableCode }, { field: 'alpha1', op: 'eq', value: 'A3' }], sort: [{ field: 'code', dir: 'desc' }] });
  const word = () => pick([...NAMES.filter((n) => !n.includes(' ')), ...WORDS, ...CITIES, ...FIRST_NAMES]);

  // the engine runs get-by-id as a named prepared statement on PostgreSQL (db/prepared.ts): the
  // baseline is given both ways, plain (what pg does unless told) and prepared like the engine's
  const getById = sql`select ${VALUE_COLUMNS} from table_value where id = ${0}`.compile(db).sql;
  // (registered with a trailing space: a different text, so the plain one stays unnamed)
  prepareStatement(`${getById} `);
  const scenarios: {
    name: string;
    api: (address: string, token: string) => Promise<Stats>;
    raw: () => Promise<Stats>;
    rawPrepared?: () => Promise<Stats>;
    /** The same read through a bare HTTP route (bare-route.ts): what any Node.js HTTP API pays on top of the SQL. */
    bare?: { sql: string; request: () => { path: string } };
  }[] = [
    {
      name: 'get by id (1 M rows)',
      api: (address, token) => http(address, token, () => ({ path: `/api/conf/table-values/${randomId()}` })),
      raw: () => baseline(() => db.executeQuery(CompiledQuery.raw(getById, [randomId()]))),
      ...(handle.kind === 'postgres'
        ? {
            rawPrepared: () => baseline(() => db.executeQuery(CompiledQuery.raw(`${getById} `, [randomId()]))),
            bare: { sql: getById, request: () => ({ path: `/${randomId()}` }) },
          }
        : {}),
    },
    {
      name: 'filtered + sorted page of 20 (1 M rows)',
      api: (address, token) => http(address, token, () => ({ path: `/api/conf/table-values?size=20&q=${encodeURIComponent(JSON.stringify(pageQuery(`BENCH_${Math.floor(Math.random() * 50)}`)))}` })),
      raw: () =>
        baseline(async () => {
          // what the engine sends: the page and, once, the count
          const code = `BENCH_${Math.floor(Math.random() * 50)}`;
          await sql`select ${VALUE_COLUMNS}, (select count(*) from table_value where table_code = ${code} and alpha1 = 'A3' and not deleted and not archived) as total
            from table_value where table_code = ${code} and alpha1 = 'A3' and not deleted and not archived order by code desc, id desc limit 20`.execute(db);
        }),
    },
    {
      // the list as the web first opens it: no filter, the entity's default order (subjects by name)
      name: `plain list of 20 (subjects, ${PLAIN_LOAD.connections} connections)`,
      api: (address, token) => http(address, token, () => ({ path: `/api/subjects/subjects?size=20&page=${Math.floor(Math.random() * 5)}` }), PLAIN_LOAD),
      raw: () =>
        baseline(async () => {
          // what the engine sends once the list's estimate is known (kept 30 s: records/service.ts planRows): the page
          await sql`select ${SUBJECT_COLUMNS} from subject where not deleted and not archived order by name asc, id desc limit 20 offset ${20 * Math.floor(Math.random() * 5)}`.execute(db);
        }, PLAIN_LOAD),
    },
    {
      name: 'free-text search (100 k subjects)',
      api: (address, token) => http(address, token, () => ({ path: `/api/subjects/subjects?size=20&q=${encodeURIComponent(JSON.stringify({ query: `${word()} ${word()}` }))}` })),
      raw: () =>
        baseline(async () => {
          // what the engine sends for free text: the matches' ids and sort keys through the prefix
          // index, counted, the page sorted from them, and the page's rows read whole
          const words = [...new Set([word(), word()].map((w) => w.toLowerCase()))].join(' & ');
          await sql`with matches as materialized (select name, id from subject where circula_search_prefixes(search_vector) @@ to_tsquery('circula_search', ${words}) and not deleted and not archived),
              page as (select id from matches order by name asc, id desc limit 20 offset 0)
            select ${SUBJECT_COLUMNS}, (select count(*) from matches) as total from subject where id in (select id from page) order by name asc, id desc`.execute(db);
        }),
    },
    {
      name: 'create',
      api: (address, token) => http(address, token, () => ({ path: '/api/conf/tags', method: 'POST', body: JSON.stringify({ name: `${pick(NAMES)} ${pick(WORDS)} ${Math.random()}` }) })),
      raw: () => baseline(() => sql`insert into tag (name, created_by, updated_by) values (${`${pick(NAMES)} ${Math.random()}`}, 'bench', 'bench') returning id`.execute(db)),
    },
  ];

  // BENCH_ONLY=text: only the scenarios whose name holds that text (a profile of one path)
  if (process.env.BENCH_ONLY) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => s.name.includes(process.env.BENCH_ONLY!)));
  // the raw-SQL baseline runs here, then the database is handed to the server process
  const raws: { plain: Stats; prepared?: Stats }[] = [];
  for (const s of scenarios) raws.push({ plain: await s.raw(), ...(s.rawPrepared ? { prepared: await s.rawPrepared() } : {}) });
  // the API runs on the same data: the rows the raw creates added go, and vacuum empties the
  // GIN pending lists they filled
  await sql`delete from tag where created_by = 'bench' and code is null`.execute(db);
  await sql`vacuum analyze tag`.execute(db);
  await handle.close();

  const port = await freePort();
  const server = await startServer(port, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const address = `http://127.0.0.1:${port}`;
  const results: { scenario: string; api: Stats; raw: Stats; ratio: number; rawPrepared?: Stats; ratioPrepared?: number; bare?: Stats; ratioBare?: number }[] = [];
  try {
    const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', secret: 'Circula!2026' }) });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    for (const [i, s] of scenarios.entries()) {
      const api = await s.api(address, token);
      const { plain: raw, prepared } = raws[i]!;
      results.push({ scenario: s.name, api, raw, ratio: api.rps / raw.rps, ...(prepared ? { rawPrepared: prepared, ratioPrepared: api.rps / prepared.rps } : {}) });
      console.log(`  ${s.name}: API ${api.rps.toFixed(0)} req/s p95 ${api.p95.toFixed(1)} ms — raw SQL ${raw.rps.toFixed(0)} q/s p95 ${raw.p95.toFixed(1)} ms`);
    }
  } finally {
    await stopServer(server);
  }
  try {
    for (const [i, s] of scenarios.entries()) {
      if (!s.bare) continue;
      const barePort = await freePort();
      const bare = await startServer(
        barePort,
        { ...process.env, BARE_DATABASE_URL: config.databaseUrl!, BARE_PORT: String(barePort), BARE_POOL_SIZE: String(config.databasePoolSize), BARE_SQL: s.bare.sql },
        path.join(import.meta.dirname, 'bare-route.ts'),
        '/0',
      );
      try {
        const stats = await http(`http://127.0.0.1:${barePort}`, '', s.bare.request);
        const result = results.find((r) => r.scenario === s.name)!;
        result.bare = stats;
        result.ratioBare = result.api.rps / stats.rps;
        console.log(`  ${s.name}: bare HTTP route ${stats.rps.toFixed(0)} req/s p95 ${stats.p95.toFixed(1)} ms (scenario ${i + 1})`);
      } finally {
        await stopServer(bare);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n${handle.kind}: ${CONNECTIONS} connections (the plain list ${PLAIN_LOAD.connections}), database pool ${config.databasePoolSize} (server and raw), ${DURATION_S} s per run, latencies in ms`);
  console.log(`${'scenario'.padEnd(42)}${'API req/s'.padStart(10)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)} | ${'SQL q/s'.padStart(8)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)} | API/SQL`);
  for (const r of results) {
    const errors = r.api.errors ? `  (${r.api.errors} failed or timed out)` : '';
    console.log(`${r.scenario.padEnd(42)}${f(r.api.rps).padStart(10)}${f(r.api.p50)}${f(r.api.p95)}${f(r.api.p99)} | ${f(r.raw.rps).padStart(8)}${f(r.raw.p50)}${f(r.raw.p95)}${f(r.raw.p99)} | ${(r.ratio * 100).toFixed(0)} %${errors}`);
    const p = r.rawPrepared;
    if (p && r.ratioPrepared !== undefined) {
      console.log(`${'  baseline as a prepared statement'.padEnd(42)}${''.padStart(31)} | ${f(p.rps).padStart(8)}${f(p.p50)}${f(p.p95)}${f(p.p99)} | ${(r.ratioPrepared * 100).toFixed(0)} %`);
    }
    const b = r.bare;
    if (b && r.ratioBare !== undefined) {
      const ofPrepared = p ? `  (bare route / prepared SQL ${((b.rps / p.rps) * 100).toFixed(0)} %)` : '';
      console.log(`${'  bare HTTP route, prepared (req/s)'.padEnd(42)}${''.padStart(31)} | ${f(b.rps).padStart(8)}${f(b.p50)}${f(b.p95)}${f(b.p99)} | ${(r.ratioBare * 100).toFixed(0)} %${ofPrepared}`);
    }
  }
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `records-${handle.kind}.json`), JSON.stringify({ at: new Date().toISOString(), database: handle.kind, rows: ROWS, subjects: SUBJECTS, connections: CONNECTIONS, databasePool: config.databasePoolSize, durationSeconds: DURATION_S, seedSeconds, results }, null, 2));
}

await main();

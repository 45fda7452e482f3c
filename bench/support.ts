import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../packages/server/src/config.js';
import { connect, type Db } from '../packages/server/src/db/connect.js';
import { prepareDatabase } from '../packages/server/src/startup.js';
import { hashPassword } from '../packages/server/src/auth/passwords.js';

/** What the benchmarks report of a series of latencies (ms). */
export interface Stats {
  /** Requests that failed or timed out (autocannon's 10 s timeout): reported, not hidden. */
  errors?: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max?: number;
  count: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function stats(latencies: number[], seconds: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rps: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0, count: sorted.length };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The application as `npm start` runs it: its own process, its own event loop. `script` runs
 * another server the same way (bare-route.ts), ready when `readyPath` answers.
 */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv,
  script = path.resolve(import.meta.dirname, '../packages/server/src/main.ts'),
  readyPath = '/assets/environments/environment.json',
): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    const ok = await fetch(`http://127.0.0.1:${port}${readyPath}`).then((r) => r.status < 500, () => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

/** How hard a load runs: concurrent connections (HTTP) or callers (SQL), for so many seconds. */
export interface Load {
  connections: number;
  durationSeconds: number;
}

/** An HTTP load with autocannon: each request built by `request`, latencies and failures counted. */
export async function apiLoad(url: string, token: string, load: Load, request: () => { path: string; method?: 'GET' | 'POST'; body?: string }): Promise<Stats> {
  const latencies: number[] = [];
  const instance = (autocannon as unknown as (o: autocannon.Options) => Promise<autocannon.Result> & NodeJS.EventEmitter)({
    url,
    connections: load.connections,
    duration: load.durationSeconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
  });
  let failures = 0;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 400) failures += 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  return { ...stats(latencies, result.duration), errors: failures + result.errors + result.timeouts };
}

/** The raw-SQL baseline: `work` run by as many concurrent callers as the HTTP load has connections, for as long. */
export async function sqlLoad(load: Load, work: () => Promise<unknown>): Promise<Stats> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + load.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: load.connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await work();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return stats(latencies, (performance.now() - started) / 1000);
}

/**
 * A new database with the demo data, as `npm start` would prepare it: embedded PGlite in a new
 * directory, or with BENCH_DATABASE_URL the PostgreSQL server (its public schema dropped and
 * recreated). `env` is what the server process of the benchmark must be started with.
 */
export type FreshDatabase = { db: Db; kind: 'pglite' | 'postgres'; env: NodeJS.ProcessEnv; config: Config; dataDir: string; close: () => Promise<void> };

export function freshDatabase(name: string): Promise<FreshDatabase> {
  return freshDatabaseAt(name, process.env.BENCH_DATABASE_URL || null);
}

/**
 * freshDatabase for a database named here rather than by BENCH_DATABASE_URL: `databaseUrl` null
 * is embedded PGlite in a new directory, else that PostgreSQL server (its public schema dropped and
 * recreated). For a benchmark that runs both in one invocation (load-bench.ts).
 */
export async function freshDatabaseAt(name: string, databaseUrl: string | null): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `circula-bench-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', WEB_DIST: '', DEMO_DATA: 'true', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  if (process.env.BENCH_SERVER_POOL_SIZE) env.DATABASE_POOL_SIZE = process.env.BENCH_SERVER_POOL_SIZE;
  const config = loadConfig(env, { dataDir });
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pg'), poolSize: config.databasePoolSize });
  if (handle.kind === 'postgres') {
    await sql`drop schema public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  }
  await prepareDatabase(handle.db, config, { info: () => undefined, warn: console.warn });
  return { db: handle.db, kind: handle.kind, env, config, dataDir, close: () => handle.close() };
}

/**
 * Users as the demo's are created (seed/users.ts: a users row and its groups), many at once and
 * all with one password, hashed once: one argon2id hash per user would cost minutes for hundreds.
 * Answers each username's id.
 */
export async function createUsers(db: Db, users: { username: string; firstName: string; lastName: string; groups: string[] }[], password: string): Promise<Map<string, number>> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const groups = new Map((await trx.selectFrom('groups').select(['id', 'code']).execute()).map((g) => [g.code, g.id]));
    const ids = new Map<string, number>();
    for (let from = 0; from < users.length; from += 500) {
      const batch = users.slice(from, from + 500);
      const created = await trx
        .insertInto('users')
        .values(batch.map((u) => ({ username: u.username, email: `${u.username}@circula.example`, first_name: u.firstName, last_name: u.lastName, lang: 'it', password_hash: passwordHash, must_initialize: false, subject_id: null, last_login_at: null })))
        .returning(['id', 'username'])
        .execute();
      for (const row of created) ids.set(row.username, Number(row.id));
    }
    const memberships = users.flatMap((u) =>
      u.groups.map((code) => {
        const groupId = groups.get(code);
        if (groupId === undefined) throw new Error(`Unknown group ${code}`);
        return { user_id: ids.get(u.username)!, group_id: groupId };
      }),
    );
    for (let from = 0; from < memberships.length; from += 1000) await trx.insertInto('user_groups').values(memberships.slice(from, from + 1000)).execute();
    return ids;
  });
}

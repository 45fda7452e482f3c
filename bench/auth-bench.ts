/**
 * Foundation benchmark: the authenticated request path (bearer check, session lookup,
 * authorities) and a settings read, over HTTP with autocannon, against a raw-SQL baseline of the
 * same queries run in the same process on the same database. Reported as throughput, latency
 * percentiles and the ratio API / baseline. Run: `npm run bench:auth` (BENCH_DATABASE_URL to use a PostgreSQL server; DATABASE_URL is never used).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '@circula/server';
import { loadConfig } from '../packages/server/src/config.js';
import { connect, type Db } from '../packages/server/src/db/connect.js';
import { prepareDatabase } from '../packages/server/src/startup.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Result {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `work` from CONNECTIONS concurrent loops for DURATION_S seconds, like autocannon does over HTTP. */
async function baseline(name: string, work: () => Promise<unknown>): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + DURATION_S * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await work();
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, requestsPerSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p97_5: percentile(latencies, 97.5), p99: percentile(latencies, 99) };
}

async function http(name: string, url: string, token: string): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${token}` } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 };
}

const authQueries = (db: Db, sessionId: string, userId: number) => async () => {
  await sql`select u.id, u.username, u.lang, u.enabled, s.revoked_at, s.expires_at from sessions s join users u on u.id = s.user_id where s.id = ${sessionId} and s.user_id = ${userId}`.execute(db);
  await sql`select distinct ga.authority_code from user_groups ug join group_authorities ga on ga.group_id = ug.group_id where ug.user_id = ${userId} order by 1`.execute(db);
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-bench-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', LOG_LEVEL: 'warn', WEB_DIST: '', DEMO_DATA: 'true' }, { dataDir });
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pg') });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await prepareDatabase(handle.db, config, { info: () => undefined, warn: console.warn });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'manager', secret: 'Circula!2026' }) });
  const user = ((await login.json()) as { data: { id: number; token: string } }).data;
  const sessionId = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sid as string;
  for (let i = 0; i < 20; i++) {
    await fetch(`${address}/api/conf/user/settings/${user.id}/key${i}/`, { method: 'PUT', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ i, text: 'x'.repeat(200) }) });
  }

  const rows: [Result, Result][] = [];
  const whoamiBase = await baseline('raw SQL: session + authorities', authQueries(handle.db, sessionId, user.id));
  const whoami = await http('GET /api/auth/whoami', `${address}/api/auth/whoami`, user.token);
  rows.push([whoami, whoamiBase]);
  const settingsWork = authQueries(handle.db, sessionId, user.id);
  const settingsBase = await baseline('raw SQL: auth + settings', async () => {
    await settingsWork();
    await sql`select key, value from user_settings where user_id = ${user.id}`.execute(handle.db);
  });
  const settings = await http('GET /api/conf/user/settings/findByUserId', `${address}/api/conf/user/settings/findByUserId/${user.id}`, user.token);
  rows.push([settings, settingsBase]);

  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });

  const fmt = (n: number) => n.toFixed(2).padStart(8);
  console.log(`\nDatabase: ${handle.kind}; ${CONNECTIONS} concurrent clients, ${DURATION_S} s per run; latencies in ms`);
  console.log(`${'run'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p97.5'.padStart(8)} ${'p99'.padStart(8)}   API/SQL throughput`);
  for (const [api, base] of rows) {
    console.log(`${api.name.padEnd(44)} ${fmt(api.requestsPerSecond)} ${fmt(api.p50)} ${fmt(api.p97_5)} ${fmt(api.p99)}   ${(api.requestsPerSecond / base.requestsPerSecond).toFixed(2)}`);
    console.log(`${('  ' + base.name).padEnd(44)} ${fmt(base.requestsPerSecond)} ${fmt(base.p50)} ${fmt(base.p97_5)} ${fmt(base.p99)}`);
  }
  const resultsDir = path.join(import.meta.dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'auth-latest.json'),
    JSON.stringify({ at: new Date().toISOString(), database: handle.kind, connections: CONNECTIONS, durationSeconds: DURATION_S, rows: rows.map(([api, base]) => ({ api, baseline: base, throughputRatio: api.requestsPerSecond / base.requestsPerSecond })) }, null, 2),
  );
}

await main();

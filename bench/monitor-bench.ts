/**
 * The monitor's cost on the request path (issue 20): GET /api/auth/whoami over HTTP with
 * autocannon, with the monitor recording every answer and with its recording switched off (the
 * hooks stay; `record` does nothing), in alternating runs; plus the cost of one `record` call.
 * Run: `npx tsx bench/monitor-bench.ts` (BENCH_DURATION seconds per run, default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildApp } from '@circula/server';
import { loadConfig } from '../packages/server/src/config.js';
import { connect } from '../packages/server/src/db/connect.js';
import { MonitorRecorder } from '../packages/server/src/monitor/recorder.js';
import { withMonitorTables } from '../packages/server/src/monitor/tables.js';
import { prepareDatabase } from '../packages/server/src/startup.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-bench-'));
const config = loadConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', LOG_LEVEL: 'warn', WEB_DIST: '', DEMO_DATA: 'false', ADMIN_PASSWORD: 'Bench!2026x', SCHEDULER_TICK_SECONDS: '0' }, { dataDir });
const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: path.join(dataDir, 'pg') });
await prepareDatabase(handle.db, config, { info: () => undefined, warn: console.warn });
const app = await buildApp({ config, db: handle.db, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', secret: 'Bench!2026x' }) });
if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
const { token } = ((await login.json()) as { data: { token: string } }).data;

async function run(): Promise<number> {
  const result = await autocannon({ url: `${address}/api/auth/whoami`, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${token}` } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const record = MonitorRecorder.prototype.record;
const on: number[] = [];
const off: number[] = [];
await run(); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  on.push(await run());
  MonitorRecorder.prototype.record = () => undefined;
  off.push(await run());
  MonitorRecorder.prototype.record = record;
}

// one record() call, alone
const recorder = app.monitor;
const N = 200_000;
const started = performance.now();
for (let i = 0; i < N; i++) recorder.record('GET', '/api/records/:entity/:id', 200, 3 + (i % 40));
const nsPerRecord = ((performance.now() - started) * 1e6) / N;

await app.monitor.flush();
const rows = await withMonitorTables(handle.db).selectFrom('monitor_request').select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('count').as('requests')]).executeTakeFirstOrThrow();
await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`database ${handle.kind}; ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} alternating rounds`);
console.log(`GET /api/auth/whoami req/s with the monitor: ${on.map((x) => x.toFixed(0)).join(', ')} (mean ${mean(on).toFixed(0)})`);
console.log(`GET /api/auth/whoami req/s recording off:    ${off.map((x) => x.toFixed(0)).join(', ')} (mean ${mean(off).toFixed(0)})`);
console.log(`ratio with/without: ${(mean(on) / mean(off)).toFixed(3)}`);
console.log(`record(): ${nsPerRecord.toFixed(0)} ns per call`);
console.log(`monitor_request rows written: ${rows.rows} for ${rows.requests} requests`);

/**
 * Invoicing benchmark (issue 19), on the demo data (eleven months invoiced, the month just closed
 * left to run):
 * 1. the invoice run of last month through the API: the dry run (5 times: median and slowest), the
 *    real run that creates the drafts, and issuing them all at once (`POST /api/invoices/issue`);
 * 2. with autocannon, an issued invoice's FatturaPA XML, its PDF and the invoice list's default
 *    page, each beside the SQL that reads what it needs (the invoice and its lines; the list's page)
 *    run through the driver: requests per second, percentiles and the ratio.
 * `BENCH_DATABASE_URL=… npm run bench:invoices -w @circula/bench` for PostgreSQL (its public schema
 * is dropped and recreated); without it, embedded PGlite.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { calendarMonth, todayInItaly } from '@circula/model';
import { apiLoad, freePort, freshDatabase, sqlLoad, startServer, stopServer, type Stats } from './support.js';

const LOAD = { connections: Number(process.env.BENCH_CONNECTIONS ?? 8), durationSeconds: Number(process.env.BENCH_DURATION ?? 10) };

async function main() {
  const fresh = await freshDatabase('invoices');
  const { db } = fresh;
  const { rows: issued } = await sql<{ id: number }>`select id from invoice where status <> 'DRAFT' order by id`.execute(db);
  const ids = issued.map((r) => Number(r.id));
  const anyId = () => ids[Math.floor(Math.random() * ids.length)]!;
  const raws: Record<string, Stats> = {
    invoice: await sqlLoad(LOAD, () =>
      Promise.all([sql`select * from invoice where id = ${anyId()}`.execute(db), sql`select * from invoice_line where parent_id = ${anyId()} and not deleted order by line_no`.execute(db)]),
    ),
    list: await sqlLoad(LOAD, () => sql`select * from invoice where not deleted order by issue_date desc nulls first, id desc limit 20`.execute(db)),
  };
  await fresh.close();

  const port = await freePort();
  const server = await startServer(port, { ...fresh.env, PORT: String(port), HOST: '127.0.0.1' });
  const address = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  try {
    const login = await fetch(`${address}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'manager', secret: 'Circula!2026' }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async (path: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${address}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      const data = ((await res.json()) as { data: Record<string, unknown[]> }).data;
      return { data, ms: performance.now() - started };
    };
    const period = calendarMonth(todayInItaly(), 1);
    const dry: number[] = [];
    let proposed = 0;
    for (let i = 0; i < 5; i++) {
      const { data, ms } = await call('/api/invoices/run', { ...period, dryRun: true });
      dry.push(ms);
      proposed = data.invoices!.length;
    }
    dry.sort((a, b) => a - b);
    const real = await call('/api/invoices/run', { ...period, dryRun: false });
    const drafts = (real.data.invoices as { invoiceId: number; lines: unknown[] }[]).map((i) => i.invoiceId);
    const lineCount = (real.data.invoices as { lines: unknown[] }[]).reduce((n, i) => n + i.lines.length, 0);
    const issue = await call('/api/invoices/issue', { ids: drafts });
    lines.push(`invoice run of ${period.from}…${period.to}: ${proposed} invoices, ${lineCount} lines — dry run median ${dry[2]!.toFixed(0)} ms (slowest ${dry[4]!.toFixed(0)} ms), real run ${real.ms.toFixed(0)} ms, issued at once in ${issue.ms.toFixed(0)} ms`);

    const scenarios: [string, () => { path: string }, Stats][] = [
      ['FatturaPA XML of an issued invoice', () => ({ path: `/api/invoices/invoices/${anyId()}/fatturapa` }), raws.invoice!],
      ['PDF of an issued invoice', () => ({ path: `/api/invoices/invoices/${anyId()}/pdf` }), raws.invoice!],
      ['invoice list, default page of 20', () => ({ path: '/api/invoices/invoices?page=0&size=20' }), raws.list!],
    ];
    for (const [name, request, raw] of scenarios) {
      const api = await apiLoad(address, token, LOAD, request);
      const errors = api.errors ? ` (${api.errors} failed)` : '';
      lines.push(`${name}: API ${api.rps.toFixed(0)} req/s p50 ${api.p50.toFixed(1)} p95 ${api.p95.toFixed(1)} p99 ${api.p99.toFixed(1)} ms${errors} — SQL ${raw.rps.toFixed(0)} q/s p95 ${raw.p95.toFixed(1)} ms — API/SQL ${((api.rps / raw.rps) * 100).toFixed(0)} %`);
    }
  } finally {
    await stopServer(server);
    rmSync(fresh.dataDir, { recursive: true, force: true });
  }
  console.log(`\n${fresh.kind}, ${LOAD.connections} connections, ${LOAD.durationSeconds} s per load, ${ids.length} issued demo invoices`);
  for (const line of lines) console.log(`  ${line}`);
}

await main();

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, waitForExit, type ServerProcess } from '../support/server-process.js';
import { TEST_DATABASE_URL } from '../support/test-app.js';

const ADMIN_PASSWORD = 'Workers-Test!pw1';
const SESSION_CACHE_SECONDS = 2;
const DIRECTIONS_PER_MINUTE = 6;
const MILANO = { lat: 45.4642, lng: 9.19 };
const MONZA = { lat: 45.5845, lng: 9.2744 };

interface Answer {
  status: number;
  text: string;
  body: { data?: unknown; errorCode?: string } | null;
  /** The process that answered, read from its request log line. */
  pid: number;
}

/** The server's log lines as JSON (pino). */
const logLines = (server: ServerProcess): Record<string, unknown>[] =>
  server
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

/**
 * One request on a connection of its own (`agent: false`): the cluster hands out connections in
 * turn, so consecutive calls go to every worker, where a keep-alive connection would stay with one.
 * The URL carries a probe, found again in the "incoming request" log line with the answering pid.
 */
async function call(server: ServerProcess, method: string, url: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<Answer> {
  const probe = randomUUID();
  const target = new URL(url, server.baseUrl);
  target.searchParams.set('probe', probe);
  const payload = options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(target, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
  let pid = 0;
  for (let i = 0; i < 40 && !pid; i++) {
    const line = logLines(server).find((l) => typeof (l.req as { url?: string } | undefined)?.url === 'string' && (l.req as { url: string }).url.includes(probe));
    if (line) pid = Number(line.pid);
    else await sleep(50);
  }
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // not JSON (metrics)
  }
  return { status, text, body, pid };
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/login', { form: { username: 'admin', secret: ADMIN_PASSWORD } });
  expect(res.status).toBe(200);
  return (res.body!.data as { token: string }).token;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Issue 14: `WORKERS=2` on a PostgreSQL server runs two server processes behind one port with the
 * behaviour of one: a session signed in on one works on both, a logout ends it on both (within
 * SESSION_CACHE_SECONDS), a per-user rate limit is counted once for both, a due scheduler entry
 * runs once, /metrics sums both, a dead worker is replaced and SIGTERM stops them all.
 */
describe.skipIf(!TEST_DATABASE_URL)('WORKERS=2 on a PostgreSQL server (skipped without TEST_DATABASE_URL: the embedded database runs one process)', () => {
  const database = `circula_workers_${randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(TEST_DATABASE_URL ?? 'postgres://localhost/x');
    url.pathname = `/${database}`;
    return url.toString();
  })();
  let server: ServerProcess | undefined;
  let db: pg.Client | undefined;
  const workerPids = new Set<number>();

  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${database}`));
    server = await startServer({
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      JWT_SECRET: randomBytes(32).toString('base64'),
      DATABASE_POOL_SIZE: '4',
      SCHEDULER_TICK_SECONDS: '1',
      SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS),
      MAPS_DIRECTIONS_PER_MINUTE: String(DIRECTIONS_PER_MINUTE),
      LOG_LEVEL: 'info',
    });
    // the port answers once one worker listens; the primary says when both do
    await waitFor('both workers', () => server!.output().includes('(PostgreSQL server, 2 server processes)') || undefined, 60_000);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await waitForExit(server.child);
    }
    for (const pid of workerPids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await admin((c) => c.query(`drop database if exists ${database} with (force)`));
  }, 60_000);

  it('runs the migrations once, in the primary, before the workers start', () => {
    const lines = logLines(server!);
    const migrated = lines.filter((l) => String(l.msg).startsWith('Migrations applied'));
    expect(migrated).toHaveLength(1);
    expect(migrated[0]!.pid).toBe(server!.child.pid);
    const listening = lines.filter((l) => /^Server process \d+ \(pid \d+\) listening$/.test(String(l.msg)));
    expect(listening).toHaveLength(2);
    for (const line of listening) {
      expect(line.pid).not.toBe(server!.child.pid);
      workerPids.add(Number(line.pid));
    }
  });

  it('serves one session from both workers, and a logout ends it on both', async () => {
    const token = await signIn(server!);
    const before = await Promise.all(Array.from({ length: 8 }, () => call(server!, 'GET', '/api/auth/whoami', { token })));
    expect(before.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(before.map((r) => r.pid))).toEqual(workerPids);

    const logout = await call(server!, 'POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    // the worker that logged out forgets at once; the other one when its cached principal expires
    await sleep(SESSION_CACHE_SECONDS * 1000 + 500);
    const after = await Promise.all(Array.from({ length: 8 }, () => call(server!, 'GET', '/api/auth/whoami', { token })));
    expect(after.map((r) => r.status)).toEqual(Array(8).fill(401));
    expect(new Set(after.map((r) => r.pid))).toEqual(workerPids);
  });

  it('counts a per-user rate limit once for both workers', async () => {
    const token = await signIn(server!);
    const answers: Answer[] = [];
    for (let i = 0; i < DIRECTIONS_PER_MINUTE * 2; i++) answers.push(await call(server!, 'POST', '/api/maps/directions', { token, json: { origin: MILANO, destination: MONZA } }));
    expect(new Set(answers.map((r) => r.pid))).toEqual(workerPids);
    expect(answers.map((r) => r.status)).toEqual([...Array(DIRECTIONS_PER_MINUTE).fill(200), ...Array(DIRECTIONS_PER_MINUTE).fill(429)]);
    expect(answers.at(-1)!.body).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
  });

  it('runs a due scheduler entry once, both workers ticking every second', async () => {
    const token = await signIn(server!);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      // yearly: due once now, next on New Year's Day
      const res = await call(server!, 'POST', '/api/conf/scheduler', { token, json: { name: `Una volta ${i}`, job: 'DATA_RETENTION', cron: '0 0 0 1 1 ?' } });
      expect(res.status).toBe(201);
      ids.push((res.body!.data as { id: number }).id);
    }
    await db!.query(`update scheduler set next_run_at = now() - interval '1 minute' where id = any($1)`, [ids]);
    const finished = async () => {
      const { rows } = await db!.query<{ n: number }>(`select count(*)::int as n from scheduler_run where scheduler_id = any($1) and status <> 'RUNNING'`, [ids]);
      return rows[0]!.n >= ids.length ? true : undefined;
    };
    await waitFor('the runs', finished, 20_000);
    // both workers tick twice more: nothing runs again
    await sleep(2_500);
    const { rows } = await db!.query<{ scheduler_id: number; n: number; statuses: string[]; instances: string[] }>(
      `select scheduler_id::int, count(*)::int as n, array_agg(status) as statuses, array_agg(instance_id) as instances from scheduler_run where scheduler_id = any($1) group by scheduler_id order by scheduler_id`,
      [ids],
    );
    expect(rows.map((r) => [r.scheduler_id, r.n, r.statuses])).toEqual(ids.map((id) => [id, 1, ['SUCCEEDED']]));
    for (const row of rows) expect(workerPids).toContain(Number(row.instances[0]!.split(':').at(-2)));
    // and the entry's history says so
    const history = await call(server!, 'GET', `/api/conf/scheduler/${ids[0]}/runs`, { token });
    expect(history.status).toBe(200);
    expect(history.body!.data).toMatchObject({ total: 1, items: [{ status: 'SUCCEEDED', trigger: 'SCHEDULE' }] });
  });

  it('sums both workers in GET /metrics', async () => {
    const token = await signIn(server!);
    const whoami = /^circula_http_requests_total\{[^}]*route="\/api\/auth\/whoami"[^}]*status_class="2xx"[^}]*\} (\d+)$/m;
    const count = async () => {
      const res = await call(server!, 'GET', '/metrics');
      expect(res.status).toBe(200);
      return Number(whoami.exec(res.text)?.[1] ?? 0);
    };
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(server!, 'GET', '/api/auth/whoami', { token })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.pid))).toEqual(workerPids);
    expect((await count()) - before).toBe(10);
  });

  it('replaces a worker that dies, and SIGTERM stops every process cleanly', async () => {
    const [victim, survivor] = [...workerPids];
    process.kill(victim!, 'SIGKILL');
    const replacement = await waitFor(
      'a new worker',
      () => {
        const line = logLines(server!).find((l) => /^Server process \d+ \(pid \d+\) listening$/.test(String(l.msg)) && !workerPids.has(Number(l.pid)));
        return line ? Number(line.pid) : undefined;
      },
      45_000,
    );
    expect(server!.output()).toMatch(/Worker \d \(pid \d+\) died: another starts in 1000 ms/);
    workerPids.add(replacement);
    const token = await signIn(server!);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(server!, 'GET', '/api/auth/whoami', { token })));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((r) => r.pid))).toEqual(new Set([survivor, replacement]));

    server!.child.kill('SIGTERM');
    expect(await waitForExit(server!.child)).toEqual({ code: 0, signal: null });
    expect([survivor!, replacement].filter(isAlive)).toEqual([]);
    expect(server!.output()).toContain('SIGTERM received, stopping the server processes');
  }, 60_000);
});

// on the embedded database runs only (as the kill -9 test): a fresh embedded database takes a while to migrate
describe.skipIf(TEST_DATABASE_URL)('WORKERS=2 on the embedded database (skipped with TEST_DATABASE_URL: the PostgreSQL run tests several processes)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-workers-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await waitForExit(server.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a single process and says so', async () => {
    server = await startServer({ DATABASE_URL: '', DATA_DIR: dataDir, WORKERS: '2', DEMO_DATA: 'false', ADMIN_PASSWORD, LOG_LEVEL: 'info' });
    const warning = logLines(server).find((l) => String(l.msg).includes('WORKERS=2: the embedded database is opened by one process only'));
    expect(warning).toMatchObject({ level: 40, pid: server.child.pid });
    expect(server.output()).toContain('Circula ready on');
    const token = await signIn(server);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(server!, 'GET', '/api/auth/whoami', { token })));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((r) => r.pid))).toEqual(new Set([server.child.pid]));
    server.child.kill('SIGTERM');
    expect(await waitForExit(server.child)).toEqual({ code: 0, signal: null });
  }, 120_000);
});

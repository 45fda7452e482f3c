import { CATALOGUE, lookupTable, parseQuartzCron } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextQuartzOccurrence } from '../../src/domain/configuration/cron.js';
import { JOB_REGISTRY } from '../../src/domain/index.js';
import { schedulerOf } from '../../src/scheduler/index.js';
import { SchedulerRunner } from '../../src/scheduler/runner.js';
import { callers, json, type Call } from '../configuration/support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const E = '/api/conf/scheduler';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('scheduler runner', () => {
  let t: TestApp;
  let admin: Call;
  let operator: Call;

  const otherRunner = (options: { embedded?: boolean; staleSeconds?: number } = {}) =>
    new SchedulerRunner({
      db: t.db,
      jobs: JOB_REGISTRY,
      context: { db: t.db, config: t.config, catalogue: CATALOGUE, mail: t.mail },
      log: quiet,
      embedded: options.embedded ?? false,
      ...(options.staleSeconds !== undefined ? { staleSeconds: options.staleSeconds } : {}),
    });

  const createEntry = async (values: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: E, ...json({ name: 'Prova', job: 'DATA_RETENTION', cron: '0 0/5 * * * ?', ...values }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; nextRunAt: string | null; parameters: unknown; version: number };
  };
  const runsOf = async (id: number) => (await sql<{ id: number; status: string; trigger: string; error: string | null; log: string }>`
    select id, status, trigger, error, log from scheduler_run where scheduler_id = ${id} order by id`.execute(t.db)).rows;
  const makeDue = (id: number) => sql`update scheduler set next_run_at = now() - interval '1 minute' where id = ${id}`.execute(t.db);

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, operator } = await callers(t.app, 'admin', 'operator'));
  }, 180_000);
  afterAll(() => t.close());

  it('declares exactly the jobs of the SCHEDULER_JOB table, each with valid defaults', () => {
    const codes = lookupTable('SCHEDULER_JOB')!.values.map((v) => v.code).sort();
    expect(JOB_REGISTRY.list().map((j) => j.code).sort()).toEqual(codes);
    for (const job of JOB_REGISTRY.list()) expect(() => JOB_REGISTRY.defaults(job)).not.toThrow();
  });

  it('seeds one enabled entry per job, once', async () => {
    const { rows } = await sql<{ job: string; n: number; enabled: boolean }>`
      select job, count(*)::int as n, bool_and(enabled) as enabled from scheduler where created_by = 'system' group by job order by job`.execute(t.db);
    expect(rows.map((r) => [r.job, r.n, r.enabled])).toEqual(JOB_REGISTRY.list().map((j) => j.code).sort().map((code) => [code, 1, true]));
  });

  it('runs a due entry once when two runners tick together, and moves nextRunAt on', async () => {
    const entry = await createEntry({ name: 'Concorrenza' });
    await makeDue(entry.id);
    const a = schedulerOf(t.app)!;
    const b = otherRunner();
    const started = (await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])).flat();
    await Promise.all([a.idle(), b.idle()]);
    const runs = await runsOf(entry.id);
    expect(runs).toHaveLength(1);
    expect(started).toContain(Number(runs[0]!.id));
    expect(runs[0]).toMatchObject({ status: 'SUCCEEDED', trigger: 'SCHEDULE', error: null });
    expect(runs[0]!.log).toContain('DATA_RETENTION');
    const { next_run_at } = (await sql<{ next_run_at: Date }>`select next_run_at from scheduler where id = ${entry.id}`.execute(t.db)).rows[0]!;
    expect(new Date(next_run_at).getTime()).toBeGreaterThan(Date.now());
    const expected = nextQuartzOccurrence(parseQuartzCron('0 0/5 * * * ?').schedule!, 'Europe/Rome', new Date(Date.now() - 60_000))!;
    expect(new Date(next_run_at).getTime() - expected.getTime()).toBeLessThanOrEqual(5 * 60_000);
    // not due any more: the next ticks run nothing
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.idle(), b.idle()]);
    expect(await runsOf(entry.id)).toHaveLength(1);
    await b.close();
  });

  it('ticks on its own every SCHEDULER_TICK_SECONDS and stops when closed', async () => {
    const entry = await createEntry({ name: 'Timer' });
    await makeDue(entry.id);
    const timed = otherRunner();
    timed.start(1);
    const deadline = Date.now() + 15_000;
    while ((await runsOf(entry.id)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    await timed.close();
    expect((await runsOf(entry.id)).map((r) => r.status)).toEqual(['SUCCEEDED']);
    // closed: a new due occurrence is left to the other processes
    await makeDue(entry.id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await timed.tick()).toEqual([]);
    expect(await runsOf(entry.id)).toHaveLength(1);
    await sql`update scheduler set enabled = false where id = ${entry.id}`.execute(t.db);
  });

  it('runs nothing of a disabled or deleted entry', async () => {
    const disabled = await createEntry({ name: 'Spenta', enabled: false });
    await makeDue(disabled.id);
    const gone = await createEntry({ name: 'Eliminata' });
    await makeDue(gone.id);
    await sql`update scheduler set deleted = true where id = ${gone.id}`.execute(t.db);
    await schedulerOf(t.app)!.tick();
    await schedulerOf(t.app)!.idle();
    expect(await runsOf(disabled.id)).toEqual([]);
    expect(await runsOf(gone.id)).toEqual([]);
  });

  it('runs now, lists the run, and refuses a second run while one runs (409)', async () => {
    const entry = await createEntry({ name: 'Subito', enabled: false });
    const res = await admin({ method: 'POST', url: `${E}/${entry.id}/run` });
    expect(res.statusCode, res.body).toBe(202);
    const { runId } = res.json().data;
    expect(runId).toEqual(expect.any(Number));
    await schedulerOf(t.app)!.idle();
    const list = await admin({ method: 'GET', url: `${E}/${entry.id}/runs` });
    expect(list.statusCode).toBe(200);
    const [run] = list.json().data.items;
    expect(run).toMatchObject({ id: runId, schedulerId: entry.id, job: 'DATA_RETENTION', trigger: 'MANUAL', status: 'SUCCEEDED', triggeredBy: 'admin', error: null });
    expect(Date.parse(run.endedAt)).toBeGreaterThanOrEqual(Date.parse(run.startedAt));
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.log).toMatch(/sessions: \d+ removed/);

    // a run of the entry is RUNNING (in another process): no second one
    await sql`insert into scheduler_run (scheduler_id, job, trigger, status, instance_id) values (${entry.id}, 'DATA_RETENTION', 'MANUAL', 'RUNNING', 'elsewhere')`.execute(t.db);
    const busy = await admin({ method: 'POST', url: `${E}/${entry.id}/run` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ errorCode: 'SCHEDULER_RUN_IN_PROGRESS' });
    // nor on schedule: the occurrence is skipped, nextRunAt still moves on
    await sql`update scheduler set enabled = true, next_run_at = now() - interval '1 minute' where id = ${entry.id}`.execute(t.db);
    expect(await schedulerOf(t.app)!.tick()).toEqual([]);
    expect((await runsOf(entry.id)).map((r) => r.status)).toEqual(['SUCCEEDED', 'RUNNING']);
    const moved = (await sql<{ next_run_at: Date }>`select next_run_at from scheduler where id = ${entry.id}`.execute(t.db)).rows[0]!;
    expect(new Date(moved.next_run_at).getTime()).toBeGreaterThan(Date.now());
    await sql`update scheduler set enabled = false where id = ${entry.id}`.execute(t.db);
  });

  it('marks failed the runs a dead process left running, not those of a live one', async () => {
    const entry = await createEntry({ name: 'Interrotta', enabled: false });
    const live = await createEntry({ name: 'Viva', enabled: false });
    await sql`insert into scheduler_run (scheduler_id, job, trigger, status, instance_id, heartbeat_at)
      values (${entry.id}, 'DATA_RETENTION', 'SCHEDULE', 'RUNNING', 'dead-process', now() - interval '1 hour'),
             (${live.id}, 'DATA_RETENTION', 'SCHEDULE', 'RUNNING', 'live-process', now())`.execute(t.db);
    // another app server starting on PostgreSQL: only the run whose heartbeat stopped
    const shared = otherRunner({ embedded: false });
    expect(await shared.recoverInterrupted()).toBeGreaterThanOrEqual(1);
    const [dead] = await runsOf(entry.id);
    expect(dead).toMatchObject({ status: 'FAILED', error: 'SCHEDULER_RUN_INTERRUPTED' });
    expect(dead!.log).toContain('interrupted by a restart');
    expect((await runsOf(live.id))[0]!.status).toBe('RUNNING');
    // the only process of an embedded database: every run left RUNNING is a dead one's
    expect(await otherRunner({ embedded: true }).recoverInterrupted()).toBeGreaterThanOrEqual(1);
    expect((await runsOf(live.id))[0]).toMatchObject({ status: 'FAILED', error: 'SCHEDULER_RUN_INTERRUPTED' });
    // failed runs are listed as such, and a new run may start
    expect((await admin({ method: 'POST', url: `${E}/${entry.id}/run` })).statusCode).toBe(202);
    await schedulerOf(t.app)!.idle();
  });

  it('records a failing job as FAILED with its error in the log', async () => {
    const entry = await createEntry({ name: 'Guasta', enabled: false });
    // parameters broken behind the API's back: the run fails, the runner goes on
    await sql`update scheduler set parameters = ${JSON.stringify({ runDays: 0 })}::jsonb where id = ${entry.id}`.execute(t.db);
    expect((await admin({ method: 'POST', url: `${E}/${entry.id}/run` })).statusCode).toBe(202);
    await schedulerOf(t.app)!.idle();
    const [run] = await runsOf(entry.id);
    expect(run).toMatchObject({ status: 'FAILED', error: 'INVALID_JOB_PARAMETERS' });
    expect(run!.log).toContain('FAILED: INVALID_JOB_PARAMETERS');
  });

  it('accepts only registered jobs and parameters their schema accepts, filling in defaults', async () => {
    // a value an administrator added to the table, which no module runs
    await sql`insert into table_value (table_code, code, name, translations, created_by, updated_by) values ('SCHEDULER_JOB', 'FOO_JOB', 'Foo', '{"it":"Foo","en":"Foo"}', 'test', 'test')`.execute(t.db);
    const foo = await admin({ method: 'POST', url: E, ...json({ name: 'Foo', job: 'FOO_JOB', cron: '0 0 6 * * ?' }) });
    expect(foo.statusCode).toBe(400);
    expect(foo.json().errors).toEqual([{ field: 'job', message: 'JOB_NOT_REGISTERED' }]);

    const entry = await createEntry({ name: 'Promemoria', job: 'DEADLINE_REMINDERS' });
    expect(entry.parameters).toEqual({ days: 30 });
    for (const parameters of [{ days: -1 }, { days: 'tanti' }, { unknown: 1 }]) {
      const bad = await admin({ method: 'PUT', url: `${E}/${entry.id}`, ...json({ version: entry.version, parameters }) });
      expect(bad.statusCode, JSON.stringify(parameters)).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'parameters', message: 'INVALID_JOB_PARAMETERS' });
    }
    const ok = await admin({ method: 'PUT', url: `${E}/${entry.id}`, ...json({ version: entry.version, parameters: { days: 7 } }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.parameters).toEqual({ days: 7 });
    // another job: its own defaults, not the old job's parameters
    const moved = await admin({ method: 'PUT', url: `${E}/${entry.id}`, ...json({ version: ok.json().data.version, job: 'OVERDUE_INVOICES' }) });
    expect(moved.json().data.parameters).toEqual({ graceDays: 0 });
  });

  it('lists the registered jobs and previews the next run times of an expression', async () => {
    const jobs = (await admin({ method: 'GET', url: `${E}/jobs` })).json().data;
    expect(jobs.find((j: { code: string }) => j.code === 'DEADLINE_REMINDERS')).toEqual({
      code: 'DEADLINE_REMINDERS',
      label: { it: expect.stringContaining('scadenze'), en: expect.stringContaining('Deadline') },
      defaults: { days: 30 },
    });
    const preview = await admin({ method: 'GET', url: `${E}/preview?cron=${encodeURIComponent('0 0/5 * * * ?')}&timezone=Europe/Rome` });
    expect(preview.statusCode, preview.body).toBe(200);
    const runs: string[] = preview.json().data.runs;
    expect(runs).toHaveLength(5);
    expect(Date.parse(runs[0]!)).toBeGreaterThan(Date.now());
    for (let i = 1; i < runs.length; i += 1) expect(Date.parse(runs[i]!) - Date.parse(runs[i - 1]!)).toBe(5 * 60_000);
    const weekly = (await admin({ method: 'GET', url: `${E}/preview?cron=${encodeURIComponent('0 30 8 ? * 2')}&timezone=Europe/Rome` })).json().data;
    expect(weekly.expression).toBe('0 30 8 ? * 2');
    for (const run of weekly.runs) expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(run))).toBe('Mon 08:30');
    const bad = await admin({ method: 'GET', url: `${E}/preview?cron=${encodeURIComponent('0 0 25 * * ?')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'cron', message: 'INVALID_CRON_HOURS' }]);
    const zone = await admin({ method: 'GET', url: `${E}/preview?cron=${encodeURIComponent('0 0 6 * * ?')}&timezone=Mars/Olympus` });
    expect(zone.json().errors).toEqual([{ field: 'timezone', message: 'INVALID' }]);
  });

  it('keeps the runs and run now to the scheduler authorities', async () => {
    const entry = await createEntry({ name: 'Riservata', enabled: false });
    expect((await operator({ method: 'POST', url: `${E}/${entry.id}/run` })).statusCode).toBe(403);
    expect((await operator({ method: 'GET', url: `${E}/${entry.id}/runs` })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: `${E}/999999999/runs` })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: `${E}/999999999/run` })).statusCode).toBe(404);
    expect(await runsOf(entry.id)).toEqual([]);
  });
});

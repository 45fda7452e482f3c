import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseQuartzCron } from '@circula/model';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import type { Db } from '../db/connect.js';
import { nextQuartzOccurrence } from '../domain/configuration/cron.js';
import { AppError, notFound } from '../http/errors.js';
import { INVALID_JOB_PARAMETERS, JOB_NOT_REGISTERED, type JobContext, type JobLog, type JobRegistry } from './jobs.js';
import { withSchedulerTables, type RunStatus, type RunTrigger, type SchedulerDb } from './tables.js';

export const SCHEDULER_RUN_IN_PROGRESS = 'SCHEDULER_RUN_IN_PROGRESS';
export const SCHEDULER_RUN_INTERRUPTED = 'SCHEDULER_RUN_INTERRUPTED';

/** The most of a run's log kept (its end: the latest lines). */
export const LOG_LIMIT = 64 * 1024;
/** How often a running run renews its heartbeat (well under the default 300 s after which it is taken for dead). */
const HEARTBEAT_MS = 60_000;
/** Entries claimed per tick at most (the rest at the next one). */
const CLAIM_BATCH = 50;

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

interface EntryRow {
  id: number;
  job: string;
  cron: string;
  timezone: string;
  next_run_at: Date | null;
  parameters: Record<string, unknown> | null;
}

export interface RunnerOptions {
  db: Db;
  jobs: JobRegistry;
  /** The services jobs run with (`now` is set per run). */
  context: Omit<JobContext, 'now'>;
  log: Logger;
  /** The embedded database: this process is the only one, every RUNNING run at start is a dead one's. */
  embedded: boolean;
  /** A RUNNING run of another process not heard of for this long died with it. */
  staleSeconds?: number;
  now?: () => Date;
  instanceId?: string;
}

/** A run's log: lines kept in memory and appended to the run's row (with the heartbeat) one write at a time. */
class RunLog implements JobLog {
  #pending = '';
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: SchedulerDb,
    private readonly runId: number,
  ) {}

  #line(level: string, message: string): void {
    this.#pending += `${new Date().toISOString().slice(11, 19)} ${level} ${message}\n`;
    void this.flush();
  }

  info(message: string): void {
    this.#line('INFO', message);
  }

  warn(message: string): void {
    this.#line('WARN', message);
  }

  /** Writes what was logged since the last write; resolves once written. */
  flush(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      if (!this.#pending) return;
      const text = this.#pending;
      this.#pending = '';
      await sql`update scheduler_run set log = right(log || ${text}, ${LOG_LIMIT}), heartbeat_at = now() where id = ${this.runId}`.execute(this.db);
    }).catch(() => undefined);
    return this.#writing;
  }
}

/**
 * Runs the scheduler entries (issue 20). Every tick it claims the enabled entries whose
 * `nextRunAt` has passed, each in a transaction that locks its row (skipping a row another
 * process holds) and moves `next_run_at` to the next occurrence, so that of several processes
 * ticking together on one database exactly one takes an occurrence (PostgreSQL and PGlite alike);
 * the taker records the run (at most one RUNNING run per
 * entry: a unique index, so an occurrence due while the previous run still runs is skipped) and
 * runs the job after the commit. "Run now" records a MANUAL run the same way, refused while one
 * runs. A run's process renews its heartbeat while it works; the runs a dead process left
 * RUNNING are marked FAILED at start (all of them on the embedded database, whose process is the
 * only one) and by any process's tick once their heartbeat is stale. A process starting on a
 * PostgreSQL server never fails a live one's runs (their heartbeat is fresh): several server
 * processes (WORKERS, cluster.ts) start and restart side by side, and the primary fails a
 * worker's runs at once when it sees that worker die (failRunsOfDeadProcess).
 */
export class SchedulerRunner {
  readonly instanceId: string;
  readonly db: Db;
  readonly #db: SchedulerDb;
  readonly #running = new Map<number, Promise<void>>();
  readonly #now: () => Date;
  readonly #staleSeconds: number;
  #timer: NodeJS.Timeout | null = null;
  #tick: Promise<unknown> | null = null;
  #closed = false;

  constructor(private readonly options: RunnerOptions) {
    this.db = options.db;
    this.#db = withSchedulerTables(options.db);
    this.#now = options.now ?? (() => new Date());
    this.#staleSeconds = options.staleSeconds ?? 300;
    this.instanceId = options.instanceId ?? `${processInstancePrefix(process.pid)}${randomBytes(4).toString('hex')}`;
  }

  /** Ticks every `seconds` (0: never; tests call tick()). */
  start(seconds: number): void {
    if (seconds <= 0 || this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#tick) return;
      this.#tick = this.tick()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'scheduler tick failed'))
        .finally(() => (this.#tick = null));
    }, seconds * 1000);
    this.#timer.unref();
  }

  /** Stops the timer and waits for the tick and the runs of this process. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#tick;
    await this.idle();
  }

  /** Resolves when no run of this process is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running.values()]);
  }

  /** At start: the runs a dead process left RUNNING failed. */
  async recoverInterrupted(): Promise<number> {
    return this.#failAbandoned(this.options.embedded);
  }

  /** One pass: heartbeat of this process's runs, abandoned runs failed, due entries claimed and started. The ids of the runs started. */
  async tick(): Promise<number[]> {
    if (this.#closed) return [];
    if (this.#running.size > 0) {
      await this.#db.updateTable('scheduler_run').set({ heartbeat_at: sql<Date>`now()` }).where('id', 'in', [...this.#running.keys()]).where('status', '=', 'RUNNING').execute();
    }
    await this.#failAbandoned(false);
    const now = this.#now();
    const due = (await this.#db
      .selectFrom('scheduler')
      .select(['id', 'job', 'cron', 'timezone', 'next_run_at', 'parameters'])
      .where('enabled', '=', true)
      .where('deleted', '=', false)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(CLAIM_BATCH)
      .execute()) as EntryRow[];
    const started: number[] = [];
    for (const entry of due) {
      if (this.#closed) break;
      const runId = await this.#claim({ ...entry, id: Number(entry.id) }, now);
      if (runId !== null) started.push(runId);
    }
    return started;
  }

  /** "Run now": a MANUAL run of the entry, started at once; 409 while one of it runs. */
  async runNow(entryId: number, by: string): Promise<number> {
    const entry = (await this.#db
      .selectFrom('scheduler')
      .select(['id', 'job', 'cron', 'timezone', 'next_run_at', 'parameters'])
      .where('id', '=', entryId)
      .where('deleted', '=', false)
      .executeTakeFirst()) as EntryRow | undefined;
    if (!entry) throw notFound();
    if (!this.options.jobs.get(entry.job)) throw new AppError(400, JOB_NOT_REGISTERED, JOB_NOT_REGISTERED);
    const runId = await this.#insertRun(this.#db, { ...entry, id: Number(entry.id) }, 'MANUAL', by);
    if (runId === null) throw new AppError(409, SCHEDULER_RUN_IN_PROGRESS, SCHEDULER_RUN_IN_PROGRESS);
    this.#start(runId, { ...entry, id: Number(entry.id) });
    return runId;
  }

  /**
   * Claims one due occurrence: the entry's row locked (`for update skip locked`: a process that
   * finds it locked by another's claim passes it by), still enabled and due, its `next_run_at`
   * moved to the next occurrence after now and its run recorded, in one transaction; null when
   * another process took it or a run of the entry still runs.
   */
  async #claim(entry: EntryRow, now: Date): Promise<number | null> {
    const parsed = parseQuartzCron(entry.cron);
    const next = parsed.schedule ? nextQuartzOccurrence(parsed.schedule, entry.timezone, now) : null;
    const outcome = await this.#db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select id from scheduler
        where id = ${entry.id} and enabled and not deleted and next_run_at <= ${now}
        for update skip locked`.execute(trx);
      if (rows.length === 0) return { claimed: false, runId: null };
      await trx.updateTable('scheduler').set({ next_run_at: next ? next.toISOString() : null }).where('id', '=', entry.id).execute();
      return { claimed: true, runId: await this.#insertRun(trx, entry, 'SCHEDULE', null) };
    });
    if (!outcome.claimed) return null;
    if (outcome.runId === null) {
      this.options.log.warn({ scheduler: entry.id }, 'scheduler: occurrence skipped, the previous run is still running');
      return null;
    }
    this.#start(outcome.runId, entry);
    return outcome.runId;
  }

  /** Inserts a RUNNING run; null when the entry already has one (the unique partial index). */
  async #insertRun(db: Pick<SchedulerDb, 'insertInto'>, entry: EntryRow, trigger: RunTrigger, by: string | null): Promise<number | null> {
    const row = await db
      .insertInto('scheduler_run')
      .values({ scheduler_id: entry.id, job: entry.job, trigger, status: 'RUNNING', triggered_by: by, instance_id: this.instanceId })
      .onConflict((oc) => oc.column('scheduler_id').where(sql<boolean>`status = 'RUNNING'`).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  #start(runId: number, entry: EntryRow): void {
    const work = this.#execute(runId, entry)
      .catch((error: unknown) => this.options.log.error({ err: error, run: runId }, 'scheduler run not recorded'))
      .finally(() => this.#running.delete(runId));
    this.#running.set(runId, work);
  }

  async #execute(runId: number, entry: EntryRow): Promise<void> {
    const started = Date.now();
    const log = new RunLog(this.#db, runId);
    // alive while it works, ticks or not: a run whose heartbeat stops is taken for a dead process's
    const heartbeat = setInterval(() => {
      void this.#db.updateTable('scheduler_run').set({ heartbeat_at: sql<Date>`now()` }).where('id', '=', runId).where('status', '=', 'RUNNING').execute().catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let status: RunStatus = 'SUCCEEDED';
    let error: string | null = null;
    try {
      const job = this.options.jobs.get(entry.job);
      if (!job) throw new AppError(400, JOB_NOT_REGISTERED, JOB_NOT_REGISTERED);
      let params: Record<string, unknown>;
      try {
        params = this.options.jobs.parameters(job, entry.parameters);
      } catch (e) {
        if (e instanceof ZodError) throw new AppError(400, INVALID_JOB_PARAMETERS, INVALID_JOB_PARAMETERS);
        throw e;
      }
      log.info(`${job.code} ${JSON.stringify(params)}`);
      const summary = await job.run({ ...this.options.context, now: new Date(started) }, params, log);
      if (summary) log.info(summary);
    } catch (e) {
      status = 'FAILED';
      error = e instanceof AppError ? e.errorMessage : e instanceof Error ? e.message || e.name : String(e);
      log.warn(`${status}: ${error}`);
      if (!(e instanceof AppError)) this.options.log.error({ err: e, run: runId, job: entry.job }, 'scheduler job failed');
    }
    clearInterval(heartbeat);
    await log.flush();
    await this.#db
      .updateTable('scheduler_run')
      .set({ status, error: error === null ? null : error.slice(0, 2000), ended_at: sql<Date>`now()`, duration_ms: Date.now() - started })
      .where('id', '=', runId)
      .where('status', '=', 'RUNNING')
      .execute();
  }

  /** Marks FAILED the RUNNING runs of no live process: every one not of this process (`all`), else those whose heartbeat is stale. */
  async #failAbandoned(all: boolean): Promise<number> {
    let query = failInterrupted(this.#db).where('instance_id', '!=', this.instanceId);
    if (!all) query = query.where('heartbeat_at', '<', sql<Date>`now() - ${`${this.#staleSeconds} seconds`}::interval`);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** The start of the instance id of this host's process `pid` (its runs' `instance_id`). */
export const processInstancePrefix = (pid: number): string => `${hostname()}:${pid}:`;

/** The update that marks RUNNING runs FAILED as interrupted (narrowed by the caller). */
const failInterrupted = (db: SchedulerDb) =>
  db
    .updateTable('scheduler_run')
    .set({
      status: 'FAILED',
      error: SCHEDULER_RUN_INTERRUPTED,
      ended_at: sql<Date>`now()`,
      duration_ms: sql<number>`(extract(epoch from now() - started_at) * 1000)::integer`,
      log: sql<string>`right(log || to_char(now() at time zone 'UTC', 'HH24:MI:SS') || ' WARN interrupted by a restart\n', ${LOG_LIMIT})`,
    })
    .where('status', '=', 'RUNNING');

/**
 * The RUNNING runs of a process of this host known to be dead — a worker the primary saw exit
 * (cluster.ts) — marked FAILED at once, rather than after their heartbeat has been stale for
 * `staleSeconds`: the entry may run again at its next occurrence. The number of runs failed.
 */
export async function failRunsOfDeadProcess(db: Db, pid: number): Promise<number> {
  const prefix = processInstancePrefix(pid);
  const result = await failInterrupted(withSchedulerTables(db)).where(sql<boolean>`starts_with(instance_id, ${prefix})`).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

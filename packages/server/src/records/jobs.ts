import { randomUUID } from 'node:crypto';
import { tableName, type Catalogue, type Target } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';
import { yieldToEventLoop } from './bulk.js';

/**
 * Imports and exports as jobs: a row of `record_job` per run holds its progress (read by the web
 * from any app server), its outcome and a cancel request that the running work reads between
 * chunks. The work itself runs in the process that received the file; that process also aborts it
 * at once on cancel, and at shutdown.
 */

export type JobKind = 'IMPORT' | 'EXPORT';
export type JobStatus = 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
/** CHECKING rows (a dry run, or the rows after an invalid one), WRITING them, UNDOING a failed or cancelled import's rows, EXPORTING. */
export type JobPhase = 'CHECKING' | 'WRITING' | 'UNDOING' | 'EXPORTING';

export interface JobView {
  id: string;
  kind: JobKind;
  target: string;
  status: JobStatus;
  phase: JobPhase | null;
  processed: number;
  total: number | null;
  dryRun: boolean | null;
  /** DONE: the import's report; FAILED: the error envelope (`errorCode`, `errorMessage`). */
  result: unknown;
  createdAt: string;
  finishedAt: string | null;
}

/** Thrown by work that stops because its job was cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('JOB_CANCELLED');
  }
}

/** A RUNNING job not heard of for this long died with its process. */
const STALE_MINUTES = 5;
/** Finished jobs are kept this long, then removed when a new one starts. */
const KEEP_DAYS = 7;
/** Records removed per statement when an import is undone. */
const UNDO_BATCH = 1000;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export class JobStore {
  /** Jobs running in this process: their abort switch, and the work to wait for at shutdown. */
  readonly #running = new Map<string, { controller: AbortController; work: Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly catalogue: Catalogue,
  ) {}

  /** Starts a job of the principal on the target; `signal` is aborted when it is cancelled here or at shutdown. */
  async create(principal: Principal, kind: JobKind, target: Target, init: { phase: JobPhase; total: number | null; dryRun?: boolean }): Promise<{ id: string; signal: AbortSignal }> {
    await this.db
      .deleteFrom('record_job')
      .where('status', '!=', 'RUNNING')
      .where('created_at', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
      .execute();
    const id = randomUUID();
    await this.db
      .insertInto('record_job')
      .values({ id, kind, target: target.route, user_id: principal.userId, status: 'RUNNING', phase: init.phase, total: init.total, dry_run: init.dryRun ?? null })
      .execute();
    const controller = new AbortController();
    this.#running.set(id, { controller, work: Promise.resolve() });
    return { id, signal: controller.signal };
  }

  /**
   * Runs a job's work to its end and records the outcome: DONE with what `work` answers, CANCELLED
   * on JobCancelled, FAILED with the error envelope otherwise (unexpected errors are rethrown after
   * that, for the caller to log or answer). Shutdown waits for it.
   */
  async run<T>(id: string, work: () => Promise<T>): Promise<T> {
    const entry = this.#running.get(id);
    const done = (async () => {
      try {
        const result = await work();
        await this.finish(id, 'DONE', result);
        return result;
      } catch (error) {
        if (error instanceof JobCancelled) await this.finish(id, 'CANCELLED', null);
        else await this.finish(id, 'FAILED', error instanceof AppError ? error.toBody() : { errorCode: 'INTERNAL_ERROR', errorMessage: 'INTERNAL_ERROR' });
        throw error;
      } finally {
        this.#running.delete(id);
      }
    })();
    if (entry) entry.work = done.catch(() => undefined);
    return done;
  }

  /** Records progress; true when the job is to stop (cancelled here, or through another app server). */
  async progress(id: string, phase: JobPhase, processed: number, total?: number): Promise<boolean> {
    const row = await this.db
      .updateTable('record_job')
      .set({ phase, processed, ...(total !== undefined ? { total } : {}), updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returning('cancel_requested')
      .executeTakeFirst();
    return row?.cancel_requested === true || this.#running.get(id)?.controller.signal.aborted === true;
  }

  async finish(id: string, status: Exclude<JobStatus, 'RUNNING'>, result: unknown): Promise<void> {
    await this.db
      .updateTable('record_job')
      .set({ status, result: JSON.stringify(result ?? null), updated_at: sql<Date>`now()`, finished_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'RUNNING')
      .execute();
  }

  /** The principal's job of this kind on this target; 404 for any other. */
  async view(principal: Principal, kind: JobKind, target: Target, id: string): Promise<JobView> {
    const row = await this.db
      .selectFrom('record_job')
      .selectAll()
      .select(sql<boolean>`status = 'RUNNING' and updated_at < now() - ${`${STALE_MINUTES} minutes`}::interval`.as('stale'))
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('target', '=', target.route)
      .where('user_id', '=', principal.userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    const lost = row.stale && !this.#running.has(id);
    return {
      id: row.id,
      kind: row.kind as JobKind,
      target: row.target,
      status: lost ? 'FAILED' : (row.status as JobStatus),
      phase: row.phase as JobPhase | null,
      processed: row.processed,
      total: row.total,
      dryRun: row.dry_run,
      result: lost ? { errorCode: 'JOB_INTERRUPTED', errorMessage: 'JOB_INTERRUPTED' } : row.result,
      createdAt: iso(row.created_at)!,
      finishedAt: iso(row.finished_at),
    };
  }

  /** Asks the job to stop: at once when it runs in this process, at its next chunk otherwise. */
  async cancel(principal: Principal, kind: JobKind, target: Target, id: string): Promise<JobView> {
    await this.view(principal, kind, target, id);
    await this.db.updateTable('record_job').set({ cancel_requested: true }).where('id', '=', id).where('status', '=', 'RUNNING').execute();
    this.#running.get(id)?.controller.abort();
    return this.view(principal, kind, target, id);
  }

  /** Notes, inside the transaction that writes them, the records a committed chunk of an import wrote. */
  async noteWritten(trx: Transaction<Database>, id: string, entity: string, ids: readonly number[]): Promise<void> {
    if (ids.length) await trx.insertInto('record_job_written').values({ job_id: id, entity, ids: [...ids] }).execute();
  }

  /** The import wrote everything it was to write: nothing of it is to be undone any more. */
  async forgetWritten(id: string): Promise<void> {
    await this.db.deleteFrom('record_job_written').where('job_id', '=', id).execute();
  }

  /**
   * Removes the records (and their history) the committed chunks of an unfinished import wrote, a
   * batch per transaction with the event loop free between batches.
   */
  async undoWritten(id: string): Promise<void> {
    const notes = await this.db.selectFrom('record_job_written').select(['entity', 'ids']).where('job_id', '=', id).execute();
    for (const { entity: name, ids } of notes) {
      const entity = this.catalogue.entity(name);
      if (!entity) continue;
      for (let from = 0; from < ids.length; from += UNDO_BATCH) {
        const slice = ids.slice(from, from + UNDO_BATCH).map(Number);
        await this.db.transaction().execute(async (trx) => {
          await sql`delete from ${sql.table(tableName(entity))} where id = any(${slice}::bigint[])`.execute(trx);
          await sql`delete from record_history where entity = ${name} and record_id = any(${slice}::bigint[])`.execute(trx);
        });
        await yieldToEventLoop();
      }
    }
    await this.forgetWritten(id);
  }

  /**
   * At start on the embedded database (one process owns it): the jobs a dead process left
   * RUNNING failed, and what their imports had written is removed.
   */
  async recoverInterrupted(): Promise<void> {
    const stale = await this.db.selectFrom('record_job').select('id').where('status', '=', 'RUNNING').execute();
    for (const { id } of stale) {
      await this.undoWritten(id);
      await this.finish(id, 'FAILED', { errorCode: 'JOB_INTERRUPTED', errorMessage: 'JOB_INTERRUPTED' });
    }
  }

  /** Shutdown: every job of this process is cancelled, and its end (an import's undo included) awaited. */
  async close(): Promise<void> {
    const running = [...this.#running.values()];
    for (const { controller } of running) controller.abort();
    await Promise.all(running.map((r) => r.work));
  }
}

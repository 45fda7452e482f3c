import {
  columnName,
  isStored,
  MESSAGES,
  recordSchema,
  tableName,
  type Catalogue,
  type EntityDefinition,
  type FilterSpec,
  type StatusDefinition,
  type Target,
  type Workflow,
} from '@circula/model';
import { CompiledQuery, sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { prepareStatement } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import { AppError, badRequest, conflict, constraintViolation, forbidden, isUniqueViolation, notFound, violatedIndex } from '../http/errors.js';
import { COMMON_COLUMNS, createdChangesExact, createdChangesSql, diffRecords, isoTimestampSql, rowToRecord, valuesToColumns } from './codec.js';
import { allocateIds, autoCode, insertRows } from './bulk.js';
import { jsonbText, writeHistory, writeHistoryMany } from './history.js';
import type { HookContext, HookRegistry, RecordData } from './hooks.js';
import { assertCan, can, recordInScope, recordReadable, recordWritable } from './policy.js';
import { attachLines, linesOf, writeLines } from './lines.js';
import { isExternal, subjectFields } from './row-rules.js';
import { compileFilter, compileFreeText, compileSort, paging, parseQuery, parseSortParam } from './search.js';

export interface SearchParams {
  q?: string;
  page?: number;
  size?: number;
  sort?: string;
  showDeleted?: boolean;
  showArchived?: boolean;
  unpaged?: boolean;
  /** Count every match, however many (the reader asked for it): never an estimate. */
  exactCount?: boolean;
}

type Executor = Db | Transaction<Database>;

export interface FieldError {
  field: string;
  message: string;
}

/** One record of a batch create: its body, and whether it is only to be checked, never kept. */
export interface BatchRow {
  body: Record<string, unknown>;
  checkOnly?: boolean;
}

/** What a batch create answers for each row: the record it created, or the field errors that refused it. */
export type BatchOutcome = { record: RecordData } | { errors: FieldError[] };

/** The field errors of a 400 CONSTRAINT_VIOLATION, or null for any other error. */
const fieldErrors = (error: unknown): FieldError[] | null =>
  error instanceof AppError && error.statusCode === 400 && error.extra.errors ? error.extra.errors : null;

/**
 * create's INSERT, compiled (RecordService.insertQuery): its text, the values bound for the given
 * columns, and whether its RETURNING is the read-back of the record.
 */
interface InsertQuery {
  sql: string;
  bind: (columns: Readonly<Record<string, unknown>>) => unknown[];
  readBack: boolean;
}
/** How many of create's INSERT texts run as prepared statements (db/prepared.ts), in all: the rest run unnamed. */
const PREPARED_INSERTS = 200;
/** The INSERT texts of create marked as prepared statements. */
const preparedInserts = new Set<string>();
/** A principal keeps at most this many compiled INSERTs (one per target and set of columns given). */
const INSERTS_PER_PRINCIPAL = 100;

/** A check made after a batch's insert failed for some row: the batch is redone row by row. */
class RetryRowByRow extends Error {}

const KNOWN_MESSAGES = new Set<string>(Object.values(MESSAGES));
/**
 * Lists count their matches exactly up to this many; beyond, the total is the planner's estimate
 * (flagged `estimated`), unless the reader asks for the exact count (`exactCount=true`): counting
 * thousands of rows on every page costs more than the page itself. Measured on 400 000 requests
 * (PostgreSQL, 32 connections, `npm run bench:requests`): an owner's 7 289 pickup requests,
 * counted up to 10 001 rows, made the page cost 8.8 ms of SQL instead of 0.5 ms (the rows of one
 * company are spread over the whole table: the count visits a heap block for almost every row).
 */
export const LIST_EXACT_COUNT = 1_000;
/**
 * A list the planner puts beyond this many rows is not counted at all: its estimate is the total
 * (flagged). Asked only of tables holding more rows than LIST_EXACT_COUNT. Measured on 400 000
 * requests (PostgreSQL, 32 connections, `bench/count-cap-probe.ts`): the first page of the pickup
 * requests with its count cut at 10 001 rows ran at 812 q/s, p95 69 ms; the page alone at 17 693
 * q/s, p95 4 ms; the planner's estimate (EXPLAIN) at 26 616 q/s, p95 1.8 ms.
 */
export const LIST_ESTIMATE_FIRST = 2 * LIST_EXACT_COUNT;
/** How long a table's row count (pg_class.reltuples) is trusted before it is read again (ms). */
const TABLE_ROWS_TTL_MS = 60_000;
/** How long the planner's estimate of a list's rows is reused for the same list (ms; planRows). */
const PLAN_ROWS_TTL_MS = 30_000;
/** At most this many lists' estimates are kept (the oldest goes first). */
const PLAN_ROWS_MAX = 2_000;
/** A table's statistics are refreshed for an estimate at most this often (ms). */
const ANALYZE_INTERVAL_MS = 10 * 60_000;
const EXPORT_BATCH = 500;
/** The record-level access columns and the record keys they are read and written as. */
const ACCESS_FIELDS: Readonly<Record<string, string>> = { auth_read: 'authRead', auth_write: 'authWrite', auth_read_map: 'authReadMap', auth_write_map: 'authWriteMap' };
const invalidTransition = (message = 'INVALID_STATUS_TRANSITION') => new AppError(409, 'INVALID_STATUS_TRANSITION', message);

/** Whether the user may write records in a status: a 'staff' status only the company's staff (never an external user). */
const statusWritable = (principal: Principal, status: StatusDefinition): boolean => (status.writable === 'staff' ? !isExternal(principal) : status.writable);
/** Whether the user may move records into a status: a status reached `by: 'staff'` only by the company's staff. */
const mayEnter = (principal: Principal, status: StatusDefinition | undefined): boolean => status?.by !== 'staff' || !isExternal(principal);

function issuesToErrors(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: KNOWN_MESSAGES.has(issue.message) ? issue.message : MESSAGES.invalid,
  }));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);


/** PostgreSQL text and jsonb cannot hold NUL characters: such input is invalid, not a server error. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (isObject(value)) return Object.entries(value).some(([k, v]) => k.includes('\0') || containsNul(v));
  return false;
}

/**
 * The generic record engine: search, get, create, update, save-and-transition, soft delete,
 * restore and history for every entity of the catalogue, each through the policy and inside one
 * transaction with the entity's hooks and the history row.
 */
/**
 * The field a unique index guards: indexes are named `{table}_{column}` (the code index
 * `{table}_code`; a vehicle's plate `vehicle_plate`); anything else is reported on the code.
 */
function uniqueField(entity: EntityDefinition, error: unknown): string {
  const index = violatedIndex(error);
  const prefix = `${tableName(entity)}_`;
  if (!index?.startsWith(prefix)) return 'code';
  const field = index.slice(prefix.length).replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return Object.hasOwn(entity.fields, field) ? field : 'code';
}

export class RecordService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: Catalogue,
    private readonly hooks: HookRegistry,
  ) {}

  private readonly columnsCache = new WeakMap<EntityDefinition, RawBuilder<unknown>>();
  /** Per principal, as selectRowCache: create's INSERT per target and set of columns (insertQuery). */
  private readonly insertCache = new WeakMap<Principal, Map<string, InsertQuery>>();
  /** Per principal (a cached principal lives a few seconds, then goes with its entries). */
  /** Per principal (as selectRowCache): the statuses a record of an entity may move to from each status. */
  private readonly allowedStatusesCache = new WeakMap<Principal, WeakMap<Workflow, Map<unknown, string[]>>>();
  private readonly selectRowCache = new WeakMap<Principal, Map<string, { sql: string; parameters: readonly unknown[]; idIndex: number }>>();

  private columnsOf(entity: EntityDefinition): RawBuilder<unknown> {
    let columns = this.columnsCache.get(entity);
    if (!columns) {
      const names = [...COMMON_COLUMNS, ...Object.entries(entity.fields).filter(([, f]) => isStored(f)).map(([n]) => columnName(n))];
      this.columnsCache.set(entity, (columns = sql.join(names.map((n) => sql.ref(n)))));
    }
    return columns;
  }

  private canWriteSql(principal: Principal, target: Target): RawBuilder<SqlBool> {
    // an append-only record (the ledger) is never writable once written
    return can(principal, target, 'W') && target.entity.appendOnly !== true ? recordWritable(principal, target.entity, this.catalogue) : sql<SqlBool>`false`;
  }

  /** The view's filters and the reader's row rules (row-rules.ts): what a user sees through a target. */
  private visibleConditions(principal: Principal, target: Target): RawBuilder<SqlBool>[] {
    const readable = recordReadable(principal, target.entity, this.catalogue);
    return readable === null ? this.viewConditions(target) : [...this.viewConditions(target), readable];
  }

  /**
   * A write must leave the record within the writer's row rules (an external user's company): a
   * record of someone else is CONSTRAINT_VIOLATION on the fields that name its subjects, or 403
   * NOT_YOUR_COMPANY when no field does (a subject itself).
   */
  private async assertInScope(trx: Executor, principal: Principal, entity: EntityDefinition, id: number): Promise<void> {
    const rule = recordInScope(principal, entity, this.catalogue);
    if (rule === null) return;
    const { rows } = await sql<{ ok: boolean | null }>`select (${rule}) as ok from ${sql.table(tableName(entity))} where id = ${id}`.execute(trx);
    if (rows[0]?.ok === true) return;
    const fields = subjectFields(entity).filter((f) => !entity.fields[f]!.readOnly);
    if (Object.hasOwn(entity.fields, 'ownerId')) throw constraintViolation([{ field: 'ownerId', message: 'NOT_FOUND' }]);
    if (fields.length === 0) throw forbidden(undefined, 'NOT_YOUR_COMPANY');
    throw constraintViolation(fields.map((field) => ({ field, message: 'NOT_YOUR_COMPANY' })));
  }

  private viewConditions(target: Target): RawBuilder<SqlBool>[] {
    return target.filters.map((f) => compileFilter(target.entity, f));
  }

  private allowedStatuses(principal: Principal, entity: EntityDefinition, status: unknown, canWrite: boolean): string[] {
    const workflow = entity.statuses;
    if (!workflow || !canWrite) return [];
    // the same for every record in one status: worked out once per principal, workflow and status
    let byWorkflow = this.allowedStatusesCache.get(principal);
    if (!byWorkflow) this.allowedStatusesCache.set(principal, (byWorkflow = new WeakMap()));
    let byStatus = byWorkflow.get(workflow);
    if (!byStatus) byWorkflow.set(workflow, (byStatus = new Map()));
    let allowed = byStatus.get(status);
    if (!allowed) {
      const current = workflow.list.find((s) => s.code === status);
      if (current && !statusWritable(principal, current)) allowed = [];
      else {
        const targets = current && current.allowable.length > 0 ? current.allowable : workflow.list.map((s) => s.code).filter((c) => c !== status);
        allowed = targets.filter((code) => mayEnter(principal, workflow.list.find((s) => s.code === code)));
      }
      byStatus.set(status, allowed);
    }
    return [...allowed];
  }

  private toRecord(principal: Principal, target: Target, row: Record<string, unknown>): RecordData {
    const canWrite = row.can_write === true;
    const status = target.entity.statuses?.list.find((s) => s.code === row.status);
    const writableNow = canWrite && row.deleted !== true && (status ? statusWritable(principal, status) : true);
    return rowToRecord(target.entity, row, { canWrite: writableNow, allowedStatuses: this.allowedStatuses(principal, target.entity, row.status, writableNow) });
  }

  /** The raw row of one record through the target (view filters applied), optionally locked. */
  private async selectRow(executor: Executor, principal: Principal, target: Target, id: number, lock = false): Promise<Record<string, unknown> | undefined> {
    const { sql: text, parameters, idIndex } = this.selectRowQuery(executor, principal, target, lock);
    const bound = [...parameters];
    bound[idIndex] = id;
    const { rows } = await executor.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, bound));
    return rows[0];
  }

  /**
   * The SQL of selectRow, compiled once per principal, target and lock (get-by-id is the hottest
   * call: building and compiling the query tree each time cost a tenth of it). The id's place
   * among the parameters is found with a sentinel no real id can equal.
   */
  private selectRowQuery(executor: Executor, principal: Principal, target: Target, lock: boolean): { sql: string; parameters: readonly unknown[]; idIndex: number } {
    let byTarget = this.selectRowCache.get(principal);
    if (!byTarget) this.selectRowCache.set(principal, (byTarget = new Map()));
    const key = `${target.route}\u0000${lock}`;
    const cached = byTarget.get(key);
    if (cached) return cached;
    const sentinel = Number.MIN_SAFE_INTEGER;
    const where = sql.join([sql<SqlBool>`id = ${sentinel}`, ...this.visibleConditions(principal, target)], sql` and `);
    const compiled = sql<Record<string, unknown>>`
      select ${this.columnsOf(target.entity)}, ${this.canWriteSql(principal, target)} as can_write,
        ${lock ? recordWritable(principal, target.entity, this.catalogue) : sql`null`} as record_writable
      from ${sql.table(tableName(target.entity))} where ${where} ${lock ? sql`for update` : sql``}`.compile(executor);
    const entry = { sql: compiled.sql, parameters: compiled.parameters, idIndex: compiled.parameters.indexOf(sentinel) };
    if (entry.idIndex < 0) throw new Error('selectRow: the id parameter was not found');
    // one text per target, principal shape and lock: a bounded set, prepared once per connection
    prepareStatement(entry.sql);
    byTarget.set(key, entry);
    return entry;
  }

  private async selectOne(executor: Executor, principal: Principal, target: Target, id: number): Promise<RecordData | null> {
    const row = await this.selectRow(executor, principal, target, id);
    if (!row) return null;
    const record = this.toRecord(principal, target, row);
    if (linesOf(target.entity).length) await attachLines(executor, target.entity, [record]);
    return record;
  }

  /** The WHERE clause and ORDER BY of a search, shared by the list and the export. */
  private compileSearch(principal: Principal, target: Target, params: SearchParams) {
    const query = parseQuery(params.q);
    const entity = target.entity;
    const conditions = [
      ...this.visibleConditions(principal, target),
      ...(query.filters ?? []).map((f) => compileFilter(entity, f)),
      ...compileFreeText(query.query),
    ];
    if (!params.showDeleted) conditions.push(sql<SqlBool>`not deleted`);
    if (!params.showArchived) conditions.push(sql<SqlBool>`not archived`);
    const where = conditions.length ? sql.join(conditions, sql` and `) : sql<SqlBool>`true`;
    const { orderBy, columns: sortColumns } = compileSort(entity, [...parseSortParam(params.sort), ...(query.sort ?? [])]);
    return { where, orderBy, sortColumns, table: sql.table(tableName(entity)), freeText: Boolean(query.query?.trim()) };
  }

  /**
   * The table and WHERE clause of the list `target` shows with `filters` (the user's authority,
   * the view's filters, the reader's row rules, deleted and archived rows left out as the list
   * leaves them): aggregates over it count exactly the rows that list shows (the dashboard).
   */
  searchScope(principal: Principal, target: Target, filters: readonly FilterSpec[]): { table: RawBuilder<unknown>; where: RawBuilder<unknown> } {
    assertCan(principal, target, 'R');
    const { where, table } = this.compileSearch(principal, target, { q: JSON.stringify({ filters }) });
    return { table, where };
  }

  async search(principal: Principal, target: Target, params: SearchParams) {
    assertCan(principal, target, 'R');
    const { where, orderBy, sortColumns, table, freeText } = this.compileSearch(principal, target, params);
    const entity = target.entity;
    const { page, size } = paging(params);
    const columns = this.columnsOf(entity);
    const canWrite = this.canWriteSql(principal, target);
    // One round trip gives the page and the count.
    // - Free text finds its matches through the word index and visits each in the table (bitmap
    //   scan): the matches' ids and sort keys are gathered once, counted, sorted, and only the
    //   page's rows are read whole (a count over whole rows would copy every match, and spill to
    //   disk past a few thousand).
    // - Otherwise an index reads just the page, and the count (an uncorrelated subquery, run
    //   once) comes from the index alone.
    // Counts stop at LIST_EXACT_COUNT + 1 rows: a bigger list gets the planner's estimate, unless
    // the reader asked for the exact count.
    const exact = params.exactCount === true;
    const capped = exact
      ? sql`(select count(*) from ${table} where ${where})`
      : sql`(select count(*) from (select 1 from ${table} where ${where} limit ${LIST_EXACT_COUNT + 1}) as counted)`;
    // A list far beyond the exact count (a kind among a million requests, a company's thousands of
    // requests) is not counted: the planner's estimate, asked only of big tables, is its total.
    const estimate = !exact && !freeText && (await this.tableRows(tableName(entity))) > LIST_EXACT_COUNT ? await this.planRows(sql`select 1 from ${table} where ${where}`) : 0;
    if (estimate > LIST_ESTIMATE_FIRST) {
      const { rows } = await sql<Record<string, unknown>>`
        select ${columns}, ${canWrite} as can_write from ${table} where ${where} order by ${orderBy} limit ${size} offset ${page * size}`.execute(this.db);
      const items = rows.map((row) => this.toRecord(principal, target, row));
      // a page that is not full is the last one: the total is known (an estimate kept from before rows were deleted would say otherwise)
      if (rows.length < size && (rows.length > 0 || page === 0)) return { items, total: page * size + rows.length, page, size };
      return { items, total: Math.max(estimate, page * size + rows.length), page, size, estimated: true as const };
    }
    const { rows } = freeText
      ? await sql<Record<string, unknown>>`
          with matches as materialized (select ${sql.join(sortColumns.map((c) => sql.ref(c)))} from ${table} where ${where}),
            page as (select id from matches order by ${orderBy} limit ${size} offset ${page * size})
          select ${columns}, ${canWrite} as can_write, (select count(*) from matches) as total_count
          from ${table} where id in (select id from page) order by ${orderBy}`.execute(this.db)
      : await sql<Record<string, unknown>>`
          select ${columns}, ${canWrite} as can_write, ${capped} as total_count
          from ${table} where ${where} order by ${orderBy} limit ${size} offset ${page * size}`.execute(this.db);
    let total = rows.length > 0 ? Number(rows[0]!.total_count) : undefined;
    // past the last page there is no row to carry the count
    if (total === undefined && page === 0) total = 0;
    total ??= Number((await sql<{ total: number }>`select ${capped} as total`.execute(this.db)).rows[0]?.total ?? 0);
    // free text counted every match already: that count is exact
    if (total > LIST_EXACT_COUNT && !exact && !freeText) {
      const estimate = await this.estimateRows(tableName(entity), sql`select 1 from ${table} where ${where}`);
      // the estimate is never below what was counted, nor below the rows this page proves exist
      return { items: rows.map((row) => this.toRecord(principal, target, row)), total: Math.max(estimate, LIST_EXACT_COUNT + 1, page * size + rows.length), page, size, estimated: true as const };
    }
    return { items: rows.map((row) => this.toRecord(principal, target, row)), total, page, size };
  }

  /** Recent estimates of list queries, by their text and values (planRows; process-wide, insertion-ordered). */
  private readonly plannedRows = new Map<string, { rows: number; at: number }>();

  /**
   * The planner's estimate of the rows a query returns (EXPLAIN, nothing is run). The same list
   * asked again within PLAN_ROWS_TTL_MS gets the same estimate without asking again (`fresh`: ask
   * now, as after refreshing the table's statistics): it comes from statistics that change only
   * when the table is analysed, and planning the EXPLAIN was a third of the database's work for an
   * owner's page of requests.
   */
  private async planRows(query: RawBuilder<unknown>, fresh = false): Promise<number> {
    const compiled = sql`explain (format json) ${query}`.compile(this.db);
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const cached = fresh ? undefined : this.plannedRows.get(key);
    if (cached && Date.now() - cached.at < PLAN_ROWS_TTL_MS) return cached.rows;
    const { rows } = await this.db.executeQuery<{ 'QUERY PLAN': unknown }>(compiled);
    const raw = rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
    const estimate = Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
    this.plannedRows.delete(key);
    if (this.plannedRows.size >= PLAN_ROWS_MAX) this.plannedRows.delete(this.plannedRows.keys().next().value!);
    this.plannedRows.set(key, { rows: estimate, at: Date.now() });
    return estimate;
  }

  /** Each table's row count as its statistics say, and when it was read (process-wide). */
  private readonly tableSizes = new Map<string, { rows: number; at: number }>();

  /** A table's row count from its statistics (pg_class.reltuples; -1, never analysed, reads as 0), read at most once a minute. */
  private async tableRows(table: string): Promise<number> {
    const cached = this.tableSizes.get(table);
    if (cached && Date.now() - cached.at < TABLE_ROWS_TTL_MS) return cached.rows;
    const { rows } = await sql<{ n: number | string | null }>`select reltuples as n from pg_catalog.pg_class where oid = to_regclass(${table})`.execute(this.db);
    const count = Math.max(0, Number(rows[0]?.n ?? 0));
    this.tableSizes.set(table, { rows: count, at: Date.now() });
    return count;
  }

  /** When each table's statistics were last refreshed here (a process-wide throttle). */
  private readonly analyzedAt = new Map<string, number>();

  /**
   * The estimate of a list known to hold more than LIST_EXACT_COUNT rows. An estimate below that
   * proves the table's statistics stale (a bulk import; the embedded database has no autovacuum):
   * the table is analysed — at most once in ANALYZE_INTERVAL_MS — and asked again.
   */
  private async estimateRows(table: string, query: RawBuilder<unknown>): Promise<number> {
    let estimate = await this.planRows(query);
    if (estimate > LIST_EXACT_COUNT) return estimate;
    // the count proved the kept estimate wrong (the list grew since, or the table was analysed): ask now
    estimate = await this.planRows(query, true);
    const last = this.analyzedAt.get(table) ?? 0;
    if (estimate > LIST_EXACT_COUNT || Date.now() - last < ANALYZE_INTERVAL_MS) return estimate;
    this.analyzedAt.set(table, Date.now());
    await sql`analyze ${sql.table(table)}`.execute(this.db);
    return this.planRows(query, true);
  }

  /**
   * Every matching record, in the search's order, in batches: the ordered ids are read in one
   * query, then the records EXPORT_BATCH at a time (the next one while the current one is
   * written), so no connection is held for the whole export and no batch holds the event loop
   * long. (Batches by the sort key, without the ids, sort what is left again for each batch where
   * no index serves the whole order: 10 s of CPU for 100 000 customers by name on the embedded
   * database, where reading the ids takes 0.5 s.) A record
   * holds what the export writes (code, status, the stored fields, creation and update; no access
   * columns, canWrite false), read as one JSON text per row: the embedded database's driver
   * decodes every field on its own (100 000 customers: 4.2 s of CPU with every column, 2.6 s with
   * the exported ones, 1.8 s as JSON). Timestamps come formatted by the database as the drivers'
   * dates print (toISOString: UTC, milliseconds cut). Validation and permission errors are thrown
   * before the first batch; `total` is the number of ids read.
   */
  async exportBatches(principal: Principal, target: Target, params: SearchParams): Promise<{ total: number; batches: AsyncIterable<RecordData[]> }> {
    assertCan(principal, target, 'R');
    const { where, orderBy, table } = this.compileSearch(principal, target, params);
    const { rows: idRows } = await sql<{ id: number }>`select id from ${table} where ${where} order by ${orderBy}`.execute(this.db);
    const ids = idRows.map((r) => r.id);
    const entity = target.entity;
    const column = (name: string) => sql.ref(`t.${name}`);
    const iso = (name: string) => sql`${isoTimestampSql(column(name))} as ${sql.ref(name)}`;
    const fields = Object.entries(entity.fields)
      .filter(([, field]) => isStored(field))
      .map(([name, field]) => (field.type === 'datetime' ? iso(columnName(name)) : column(columnName(name))));
    const columns = sql.join([column('id'), column('code'), column('status'), iso('created_at'), column('created_by'), iso('updated_at'), ...fields]);
    const db = this.db;
    const read = async (slice: number[]): Promise<RecordData[]> => {
      const { rows } = await sql<{ data: string }>`
        select row_to_json(r)::text as data from ${table} as t cross join lateral (select ${columns}) as r where t.id = any(${slice}::bigint[])`.execute(db);
      const byId = new Map<number, Record<string, unknown>>();
      for (const { data } of rows) {
        const row = JSON.parse(data) as Record<string, unknown>;
        byId.set(row.id as number, row);
      }
      // rows deleted since the ids were read are skipped
      return slice.flatMap((id) => {
        const row = byId.get(id);
        return row ? [rowToRecord(entity, row, { canWrite: false, allowedStatuses: [] })] : [];
      });
    };
    // The next batch is asked for while the current one is written, from a timer: the embedded
    // database runs the query on this thread, and a timer gives it a turn of the event loop of its
    // own (other requests are read between the timers and setImmediate, where the rows are written).
    const ask = (from: number) => {
      const batch = new Promise((resolve) => setTimeout(resolve, 0)).then(() => read(ids.slice(from, from + EXPORT_BATCH)));
      // awaited later; a batch no one waits for any more (the export stopped) fails quietly
      batch.catch(() => undefined);
      return batch;
    };
    const batches = (async function* () {
      let next = ids.length > 0 ? ask(0) : null;
      for (let from = 0; next; from += EXPORT_BATCH) {
        const batch = await next;
        next = from + EXPORT_BATCH < ids.length ? ask(from + EXPORT_BATCH) : null;
        yield batch;
      }
    })();
    return { total: ids.length, batches };
  }

  async get(principal: Principal, target: Target, id: number): Promise<RecordData> {
    assertCan(principal, target, 'R');
    const record = await this.selectOne(this.db, principal, target, id);
    if (!record) throw notFound();
    return record;
  }

  /** Body → validated entity values, or CONSTRAINT_VIOLATION with every problem at once. */
  private validate(entity: EntityDefinition, body: Record<string, unknown>, partial: boolean): RecordData {
    const parsed = recordSchema(entity, { partial }).safeParse(body);
    const errors = parsed.success ? [] : issuesToErrors(parsed.error);
    for (const [key, value] of Object.entries(body)) {
      if (containsNul(value) && !errors.some((e) => e.field.split('.')[0] === key)) errors.push({ field: key, message: MESSAGES.invalid });
    }
    if (!entity.code.autogenerated && (!partial || body.code !== undefined)) {
      if (typeof body.code !== 'string' || body.code.trim() === '') errors.push({ field: 'code', message: MESSAGES.required });
      else if (body.code.length > 32) errors.push({ field: 'code', message: MESSAGES.tooLong });
    }
    if (errors.length) throw constraintViolation(errors);
    const values = (parsed.success ? parsed.data : {}) as RecordData;
    // keys the client did not send stay out of an update ("fields left out keep their value")
    return Object.fromEntries(Object.entries(values).filter(([k]) => Object.hasOwn(body, k)));
  }

  /** An external user's write may not change a field only the staff sets (STAFF_ONLY on each). */
  private assertStaffFields(principal: Principal, entity: EntityDefinition, values: RecordData, current: RecordData | null): void {
    if (!isExternal(principal)) return;
    const errors = Object.entries(entity.fields)
      .filter(([name, field]) => field.staffOnly && values[name] !== undefined && JSON.stringify(values[name] ?? null) !== JSON.stringify(current?.[name] ?? null))
      .map(([field]) => ({ field, message: 'STAFF_ONLY' }));
    if (errors.length) throw constraintViolation(errors);
  }

  private accessColumns(body: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const str = (v: unknown) => (typeof v === 'string' && v.length <= 100 ? v : v === null ? null : undefined);
    const arr = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string' && x.length <= 100) ? v : v === null ? null : undefined);
    for (const [column, key] of Object.entries(ACCESS_FIELDS)) {
      const check = column.endsWith('_map') ? arr : str;
      if (!Object.hasOwn(body, key)) continue;
      const value = check(body[key]);
      if (value === undefined) throw constraintViolation([{ field: key, message: MESSAGES.invalid }]);
      out[column] = value;
    }
    return out;
  }

  /**
   * The access columns a write may set. Only who manages access (ROLE_ADMIN, or AUTHORITY_W) sets
   * `authRead`, `authWrite` and their maps: anyone else could lock every other writer out of a
   * record (`authWrite: OWNER`). Others may send them only as they are (empty on a new record), as
   * a client that sends back the record it read does.
   */
  private permittedAccess(principal: Principal, access: Record<string, unknown>, current: RecordData | null): Record<string, unknown> {
    if (can(principal, { authority: 'AUTHORITY' }, 'W')) return access;
    for (const [column, value] of Object.entries(access)) {
      const array = column.endsWith('_map');
      const before = current ? current[ACCESS_FIELDS[column]!] : null;
      const normal = (v: unknown) => (array ? JSON.stringify([...((v as string[] | null) ?? [])].sort()) : (v ?? null));
      if (normal(before) !== normal(value)) throw forbidden(undefined, 'CANT_SET_ACCESS');
    }
    return {};
  }

  /**
   * A record that belongs to route views (a subject that is a collaborator, a warehouse that is a
   * pickup point) is written, deleted or restored through any endpoint only with the rights of
   * each of those views: the base endpoint, or another view, would otherwise bypass them (an
   * operator who only reads collaborators changed one through /api/subjects/subjects). Checked on
   * the record as it is before the write and as the write leaves it.
   */
  private async assertViewRights(trx: Executor, principal: Principal, target: Target, id: number | readonly number[], action: 'W' | 'D'): Promise<void> {
    const denied = this.catalogue.targets.filter((t) => t.entity === target.entity && t.view !== null && !can(principal, t, action));
    if (denied.length === 0) return;
    const inView = (view: Target) =>
      view.filters.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(view.filters.map((f) => compileFilter(view.entity, f)), sql` and `)})`;
    const which = typeof id === 'number' ? sql<SqlBool>`id = ${id}` : sql<SqlBool>`id = any(${id}::bigint[])`;
    const { rows } = await sql<{ hit: boolean | null }>`
      select bool_or(${sql.join(denied.map(inView), sql` or `)}) as hit from ${sql.table(tableName(target.entity))} where ${which}`.execute(trx);
    if (rows[0]?.hit === true) throw forbidden(undefined, action === 'W' ? 'CANT_UPDATE' : 'CANT_DELETE');
  }

  /** Referenced records must exist and not be deleted. */
  private async checkReferences(trx: Executor, entity: EntityDefinition, values: RecordData): Promise<void> {
    const [errors] = await this.referenceErrors(trx, entity, [values]);
    if (errors!.length) throw constraintViolation(errors!);
  }

  /**
   * The lookup and reference errors of each of several records' values: lookup values must be
   * codes of their table, referenced records must exist and not be deleted. One query for every
   * lookup of every record, one per reference field.
   */
  private async referenceErrors(trx: Executor, entity: EntityDefinition, list: readonly RecordData[]): Promise<FieldError[][]> {
    const errors = list.map((): FieldError[] => []);
    const asList = (value: unknown) => (Array.isArray(value) ? value : [value]) as unknown[];
    const lookups = list.flatMap((values, index) =>
      Object.entries(entity.fields).flatMap(([name, field]) =>
        field.type === 'lookup' && values[name] != null ? asList(values[name]).map((code) => ({ index, name, table: field.table, code: code as string })) : [],
      ),
    );
    if (lookups.length) {
      const pairs = [...new Map(lookups.map((l) => [`${l.table}\u0000${l.code}`, l])).values()];
      const { rows } = await sql<{ table_code: string; code: string }>`
        select distinct t.table_code, t.code from table_value t
        join unnest(${pairs.map((l) => l.table)}::text[], ${pairs.map((l) => l.code)}::text[]) as x (table_code, code)
          on t.table_code = x.table_code and t.code = x.code
        where not t.deleted`.execute(trx);
      const known = new Set(rows.map((r) => `${r.table_code}\u0000${r.code}`));
      for (const l of lookups) {
        if (!known.has(`${l.table}\u0000${l.code}`) && !errors[l.index]!.some((e) => e.field === l.name)) errors[l.index]!.push({ field: l.name, message: 'UNKNOWN_VALUE' });
      }
    }
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.type !== 'reference') continue;
      const wanted = list.map((values) => (values[name] == null ? [] : (asList(values[name]) as number[])));
      const ids = [...new Set(wanted.flat())];
      if (ids.length === 0) continue;
      const target = this.catalogue.entity(field.entity);
      if (!target) throw new Error(`${entity.name}.${name}: unknown entity ${field.entity}`);
      const { rows } = await sql<{ id: number }>`
        select id from ${sql.table(tableName(target))} where id = any(${ids}::bigint[]) and not deleted`.execute(trx);
      const live = new Set(rows.map((r) => Number(r.id)));
      wanted.forEach((refs, index) => {
        if (refs.some((id) => !live.has(id))) errors[index]!.push({ field: name, message: 'NOT_FOUND' });
      });
    }
    return errors;
  }

  private context(trx: Transaction<Database>, principal: Principal, entity: EntityDefinition, code: string | null): HookContext {
    return { trx, principal, entity, code };
  }


  private withDefaults(target: Target, body: Record<string, unknown>): Record<string, unknown> {
    const merged = { ...body };
    // the view's defaults first (a customer is created with the CUSTOMER role), then the field defaults
    for (const [name, value] of Object.entries(target.defaults)) {
      const given = merged[name];
      merged[name] = Array.isArray(value) ? [...new Set([...(Array.isArray(given) ? given : []), ...value])] : given ?? value;
    }
    for (const [name, field] of Object.entries(target.entity.fields)) {
      if (merged[name] === undefined && field.default !== undefined) merged[name] = field.default;
    }
    return merged;
  }

  /** What a create checks before its transaction: the body's values with defaults, access columns, parent. */
  private prepareCreate(principal: Principal, target: Target, body: unknown) {
    if (!isObject(body)) throw badRequest('INVALID_BODY');
    const entity = target.entity;
    const values = this.validate(entity, this.withDefaults(target, body), false);
    this.assertStaffFields(principal, entity, values, null);
    const access = this.permittedAccess(principal, this.accessColumns(body), null);
    const parentId = body.parentId ?? null;
    if (parentId !== null && (typeof parentId !== 'number' || !Number.isSafeInteger(parentId) || parentId <= 0)) {
      throw constraintViolation([{ field: 'parentId', message: MESSAGES.invalid }]);
    }
    if (entity.parent && parentId === null) throw constraintViolation([{ field: 'parentId', message: MESSAGES.required }]);
    return { body, values, access, parentId: parentId as number | null, code: entity.code.autogenerated ? null : String(body.code).trim() };
  }

  /**
   * Whether create's INSERT reads the record back and checks it itself (insertQuery): the entity has
   * no lines to write between the two, and no row rule applies to the user (a rule's subqueries
   * would not see the new row from within the statement that writes it).
   */
  private insertReadsBack(principal: Principal, entity: EntityDefinition): boolean {
    return linesOf(entity).length === 0 && recordReadable(principal, entity, this.catalogue) === null && recordInScope(principal, entity, this.catalogue) === null;
  }

  /**
   * The error of an INSERT that refused its record (insertQuery's `refused`): 403 CANT_UPDATE for a
   * record in a view the user may not write (as assertViewRights), OUTSIDE_VIEW for one outside the
   * target's view (as create's read-back). Null for any other error.
   */
  private insertRefusal(target: Target, error: unknown): AppError | null {
    const refusal = error instanceof Error && (error as { code?: unknown }).code === 'CIR01' ? error.message : undefined;
    if (refusal === 'CANT_UPDATE') return forbidden(undefined, 'CANT_UPDATE');
    if (refusal === 'OUTSIDE_VIEW') return constraintViolation(target.filters.map((f) => ({ field: f.field, message: 'OUTSIDE_VIEW' })));
    return null;
  }

  /**
   * create's INSERT for a target and the columns given, compiled once per principal (as selectRow:
   * building and compiling the query at every call costs) and bound at each call.
   *
   * - An entity that autogenerates codes takes the id from its identity sequence inside the
   *   statement and writes the code with the row — autoCode's code: the prefix, '-', the id padded
   *   to six digits — where an UPDATE used to follow the insert (rewriting the search columns and
   *   their indexes).
   * - When nothing runs between the insert and the read-back — the entity has no lines to write and
   *   no row rule applies to the user (a rule's subqueries would not see the new row from the same
   *   statement) — the RETURNING is the read-back: selectRow's columns and can_write, whether the
   *   row is in the target's view (`in_view`: the view's filters, without which selectRow finds no
   *   row) and whether it falls in a view the user may not write (`denied_view`: assertViewRights).
   *   The same statement writes the history row of the create, its changes worked out in SQL
   *   (codec.ts createdChangesSql; `history_id`, `history_changes`): create checks them against
   *   diffRecords. A record outside the view, or in one the user may not write, fails the whole
   *   statement with an error that names the refusal (insertRefusal): nothing of it is kept.
   *   Otherwise it answers the id, and create writes the lines, checks and reads the record after.
   *
   * On PostgreSQL the first PREPARED_INSERTS texts run as prepared statements (db/prepared.ts).
   */
  private insertQuery(executor: Executor, principal: Principal, target: Target, names: readonly string[]): InsertQuery {
    let byKey = this.insertCache.get(principal);
    if (!byKey) this.insertCache.set(principal, (byKey = new Map()));
    const key = `${target.route}\u0000${names.join('\u0000')}`;
    const cached = byKey.get(key);
    if (cached) return cached;
    const entity = target.entity;
    const table = tableName(entity);
    const code = entity.code;
    // each value's place among the parameters is found by a marker object
    const markers = names.map(() => ({}));
    const values = names.map((name, i) =>
      code.autogenerated && name === 'code'
        ? sql`(select ${`${code.prefix}-`}::text || lpad(n.id::text, greatest(6, length(n.id::text)), '0') from n)`
        : sql`${markers[i]}`,
    );
    const readBack = this.insertReadsBack(principal, entity);
    let returning: RawBuilder<unknown> = sql`id`;
    if (readBack) {
      const all = (conditions: RawBuilder<SqlBool>[]) => (conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`);
      const denied = this.catalogue.targets.filter((t) => t.entity === entity && t.view !== null && !can(principal, t, 'W'));
      returning = sql`${this.columnsOf(entity)}, ${this.canWriteSql(principal, target)} as can_write, ${all(this.viewConditions(target))} as in_view,
        ${denied.length === 0 ? sql<SqlBool>`false` : sql.join(denied.map((view) => all(this.viewConditions(view))), sql` or `)} as denied_view`;
    }
    const columns = sql.join(names.map((n) => sql.ref(n)));
    const insert = code.autogenerated
      ? sql`insert into ${sql.table(table)} (id, ${columns}) overriding system value
          values ((select n.id from n), ${sql.join(values)}) returning ${returning}`
      : sql`insert into ${sql.table(table)} (${columns}) values (${sql.join(values)}) returning ${returning}`;
    const id = code.autogenerated ? [sql`n as (select nextval(pg_get_serial_sequence(${table}, 'id')) as id)`] : [];
    const compiled = (
      readBack
        ? sql`with ${sql.join([...id, sql`ins as (${insert})`])},
            history as (
              insert into record_history (entity, record_id, version, action, by_user, by_user_id, changes)
              select ${entity.name}, ins.id, 1, 'CREATE', ${principal.username}, ${principal.userId}, ${createdChangesSql(entity, 'ins')} from ins
              returning id, changes::text as changes)
          select ins.*, history.id as history_id, history.changes as history_changes,
            -- a refused record fails the statement (migration 0041, insertRefusal): nothing of it is kept, in a transaction or not
            case when ins.denied_view is true then circula_refuse('CANT_UPDATE')
              when ins.in_view is not true then circula_refuse('OUTSIDE_VIEW') end as refused
          from ins cross join history`
        : code.autogenerated
          ? sql`with ${id[0]} ${insert}`
          : insert
    ).compile(executor);
    const parameters = compiled.parameters;
    const slots = markers.map((marker) => parameters.indexOf(marker));
    if (names.some((name, i) => slots[i]! < 0 && !(code.autogenerated && name === 'code'))) throw new Error('insertQuery: a value was not found among the parameters');
    const entry: InsertQuery = {
      sql: compiled.sql,
      readBack,
      bind: (row) => {
        const bound = [...parameters];
        names.forEach((name, i) => {
          if (slots[i]! >= 0) bound[slots[i]!] = row[name];
        });
        return bound;
      },
    };
    if (preparedInserts.size < PREPARED_INSERTS && !preparedInserts.has(entry.sql)) {
      preparedInserts.add(entry.sql);
      prepareStatement(entry.sql);
    }
    if (byKey.size < INSERTS_PER_PRINCIPAL) byKey.set(key, entry);
    return entry;
  }

  /**
   * `outer`: run inside the caller's transaction (a batch that redoes its rows one by one, each in
   * a savepoint) instead of a transaction of its own. `createMany` is this method for many rows:
   * a check added here is added there.
   */
  async create(principal: Principal, target: Target, body: unknown, outer?: Transaction<Database>): Promise<RecordData> {
    assertCan(principal, target, 'W');
    const entity = target.entity;
    const prepared = this.prepareCreate(principal, target, body);
    const { access, parentId } = prepared;
    const hooks = this.hooks.for(entity.name);
    let values = prepared.values;
    // `ctx` null: no hooks to run, and no transaction of create's own (the insert is one statement)
    const write = async (trx: Executor, ctx: HookContext | null): Promise<RecordData> => {
      if (ctx) values = await this.hooks.chain(entity.name, 'beforeCreate', (h, v) => h.beforeCreate?.(ctx, v), values);
      await this.checkReferences(trx, entity, values);
      const rootId = parentId === null ? null : await this.rootOf(trx, entity, parentId);
      const columns = {
        ...valuesToColumns(entity, values),
        ...access,
        code: prepared.code,
        status: entity.statuses?.default ?? null,
        parent_id: parentId,
        root_id: rootId,
        author_id: principal.userId,
        created_by: principal.username,
        updated_by: principal.username,
      };
      const insert = this.insertQuery(trx, principal, target, Object.keys(columns));
      const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(insert.sql, insert.bind(columns))).catch((error: unknown) => {
        throw this.insertRefusal(target, error) ?? error;
      });
      const row = rows[0]!;
      const id = row.id as number;
      let record: RecordData | null;
      if (insert.readBack) {
        // the insert read the record back and checked it (insertQuery)
        record = this.toRecord(principal, target, row);
      } else {
        // (in a transaction: a create alone reads back in its insert)
        await writeLines(trx as Transaction<Database>, principal, entity, { id: Number(id), rootId }, values, (t, e, l) => this.referenceErrors(t, e, l));
        await this.assertViewRights(trx, principal, target, id, 'W');
        await this.assertInScope(trx, principal, entity, id);
        record = await this.selectOne(trx, principal, target, id);
      }
      // created through a view, it must belong to the view (a "customer" without the CUSTOMER role is not one)
      if (!record) throw constraintViolation(target.filters.map((f) => ({ field: f.field, message: 'OUTSIDE_VIEW' })));
      const changes = diffRecords(entity, null, record);
      if (!insert.readBack) await writeHistory(trx, principal, { entity: entity.name, recordId: id, version: 1, action: 'CREATE', changes });
      // The insert wrote the history row: it holds these changes unless the SQL told a value
      // otherwise, and is then rewritten — alone, by a statement of its own (only a JSON value the
      // database wrote itself, a column default, can differ there: codec.ts createdChangesExact).
      else if (jsonbText(JSON.parse(JSON.stringify(changes))) !== row.history_changes) {
        await sql`update record_history set changes = ${JSON.stringify(changes)} where id = ${row.history_id}`.execute(trx);
      }
      if (ctx) for (const h of hooks) await h.afterCreate?.(ctx, record);
      return record;
    };
    try {
      if (outer) return await write(outer, this.context(outer, principal, entity, prepared.code));
      // Nothing to run between the statements of a transaction — no hooks, the insert's one statement
      // writes, checks and reads it all (insertQuery), its history as diffRecords would write it
      // (createdChangesExact) — and the create is that statement alone: no BEGIN and COMMIT around it.
      if (hooks.length === 0 && this.insertReadsBack(principal, entity) && createdChangesExact(entity)) return await write(this.db, null);
      return await this.db.transaction().execute((trx) => write(trx, this.context(trx, principal, entity, prepared.code)));
    } catch (error) {
      if (isUniqueViolation(error)) throw constraintViolation([{ field: uniqueField(entity, error), message: 'ALREADY_EXISTS' }]);
      throw error;
    }
  }

  /**
   * Creates many records inside the caller's transaction, as `create` would one after the other —
   * the same defaults, validation, hooks (in row order), reference checks, rights, history — with
   * each step's queries shared by the rows: one query for every lookup of the batch and one per
   * reference field, ids taken in one query, a multi-row insert, one read-back, one history insert.
   * A row refused by validation, a hook or a reference gets its errors and is not written; a
   * `checkOnly` row is checked the same way and never written. When a check that follows the
   * insert fails for some row (a unique index, the writer's scope, a row outside the view, an
   * afterCreate hook), the batch is undone and its rows go through `create` one by one, each in a
   * savepoint, so that every row gets the answer it would get alone. beforeCreate hooks of a batch
   * run before any of its rows is inserted.
   */
  async createMany(principal: Principal, target: Target, rows: readonly BatchRow[], trx: Transaction<Database>): Promise<BatchOutcome[]> {
    assertCan(principal, target, 'W');
    await sql`savepoint create_many`.execute(trx);
    try {
      // a header with lines is written with them, one by one (create)
      if (linesOf(target.entity).length) throw new RetryRowByRow();
      const outcomes = await this.createBatch(principal, target, rows, trx);
      await sql`release savepoint create_many`.execute(trx);
      return outcomes;
    } catch (error) {
      if (!(error instanceof RetryRowByRow) && !isUniqueViolation(error) && !fieldErrors(error)) throw error;
      await sql`rollback to savepoint create_many`.execute(trx);
      await sql`release savepoint create_many`.execute(trx);
    }
    const outcomes: BatchOutcome[] = [];
    for (const row of rows) {
      await sql`savepoint create_one`.execute(trx);
      let outcome: BatchOutcome;
      try {
        outcome = { record: await this.create(principal, target, row.body, trx) };
      } catch (error) {
        const errors = fieldErrors(error);
        if (!errors) throw error;
        outcome = { errors };
      }
      if ('errors' in outcome || row.checkOnly) {
        await sql`rollback to savepoint create_one`.execute(trx);
        if (!('errors' in outcome)) outcome = { errors: [] };
      }
      await sql`release savepoint create_one`.execute(trx);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  private async createBatch(principal: Principal, target: Target, rows: readonly BatchRow[], trx: Transaction<Database>): Promise<BatchOutcome[]> {
    const entity = target.entity;
    const table = tableName(entity);
    const outcomes: (BatchOutcome | undefined)[] = rows.map(() => undefined);
    const refuse = (index: number, error: unknown) => {
      const errors = fieldErrors(error);
      if (!errors) throw error;
      outcomes[index] = { errors };
    };
    const pending: (ReturnType<RecordService['prepareCreate']> & { index: number; ctx: HookContext; rootId: number | null })[] = [];
    for (const [index, row] of rows.entries()) {
      try {
        const prepared = this.prepareCreate(principal, target, row.body);
        const ctx = this.context(trx, principal, entity, prepared.code);
        prepared.values = await this.hooks.chain(entity.name, 'beforeCreate', (h, v) => h.beforeCreate?.(ctx, v), prepared.values);
        pending.push({ ...prepared, index, ctx, rootId: null });
      } catch (error) {
        refuse(index, error);
      }
    }
    const references = await this.referenceErrors(trx, entity, pending.map((p) => p.values));
    const checked: typeof pending = [];
    for (const [i, p] of pending.entries()) {
      try {
        if (references[i]!.length) throw constraintViolation(references[i]!);
        if (p.parentId !== null) p.rootId = await this.rootOf(trx, entity, p.parentId);
        if (rows[p.index]!.checkOnly) outcomes[p.index] = { errors: [] };
        else checked.push(p);
      } catch (error) {
        refuse(p.index, error);
      }
    }
    if (checked.length === 0) return outcomes as BatchOutcome[];

    const ids = await allocateIds(trx, table, checked.length);
    await insertRows(
      trx,
      table,
      checked.map((p, i) => ({
        id: ids[i],
        ...valuesToColumns(entity, p.values),
        ...p.access,
        code: autoCode(entity, ids[i]!) ?? p.code,
        status: entity.statuses?.default ?? null,
        parent_id: p.parentId,
        root_id: p.rootId,
        author_id: principal.userId,
        created_by: principal.username,
        updated_by: principal.username,
      })),
    );
    await this.assertViewRights(trx, principal, target, ids, 'W');
    const scope = recordInScope(principal, entity, this.catalogue);
    if (scope !== null) {
      const { rows: inScope } = await sql<{ ok: boolean | null }>`
        select bool_and(coalesce(${scope}, false)) as ok from ${sql.table(table)} where id = any(${ids}::bigint[])`.execute(trx);
      if (inScope[0]?.ok !== true) throw new RetryRowByRow();
    }
    const { rows: read } = await sql<Record<string, unknown>>`
      select ${this.columnsOf(entity)}, ${this.canWriteSql(principal, target)} as can_write from ${sql.table(table)}
      where ${sql.join([sql<SqlBool>`id = any(${ids}::bigint[])`, ...this.visibleConditions(principal, target)], sql` and `)}`.execute(trx);
    // a row the target does not show was created outside the view
    if (read.length !== ids.length) throw new RetryRowByRow();
    const byId = new Map(read.map((row) => [Number(row.id), this.toRecord(principal, target, row)]));
    const records = ids.map((id) => byId.get(id)!);
    await writeHistoryMany(
      trx,
      principal,
      records.map((record, i) => ({ entity: entity.name, recordId: ids[i]!, version: 1, action: 'CREATE', changes: diffRecords(entity, null, record) })),
    );
    for (const [i, p] of checked.entries()) {
      for (const h of this.hooks.for(entity.name)) {
        try {
          await h.afterCreate?.(p.ctx, records[i]!);
        } catch (error) {
          if (fieldErrors(error)) throw new RetryRowByRow();
          throw error;
        }
      }
      outcomes[p.index] = { record: records[i]! };
    }
    return outcomes as BatchOutcome[];
  }

  /** The root of a parent: its own root, or the parent itself. The parent must exist. */
  private async rootOf(trx: Executor, entity: EntityDefinition, parentId: number): Promise<number> {
    const parentEntity = entity.parent ? this.catalogue.entity(entity.parent) : entity;
    if (!parentEntity) throw new Error(`${entity.name}: unknown parent entity ${entity.parent}`);
    const { rows } = await sql<{ root_id: number | null }>`
      select root_id from ${sql.table(tableName(parentEntity))} where id = ${parentId} and not deleted`.execute(trx);
    if (!rows[0]) throw constraintViolation([{ field: 'parentId', message: 'NOT_FOUND' }]);
    return rows[0].root_id ?? parentId;
  }

  /**
   * Locks the record and checks, in this order: it exists through this target (404), the user
   * may write it (403), it is not deleted and its version is the one the client saw (409).
   */
  private async lockForWrite(trx: Transaction<Database>, principal: Principal, target: Target, id: number): Promise<RecordData> {
    // one locking read answers both: does it exist through this target, may this user write it
    const row = await this.selectRow(trx, principal, target, id, true);
    if (!row) throw notFound();
    if (row.record_writable !== true) throw forbidden(undefined, 'CANT_UPDATE');
    const record = this.toRecord(principal, target, row);
    // the hooks and the history see the lines as they were
    if (linesOf(target.entity).length) await attachLines(trx, target.entity, [record]);
    return record;
  }

  async update(principal: Principal, target: Target, id: number, body: unknown, newStatus?: string): Promise<RecordData> {
    assertCan(principal, target, 'W');
    if (!isObject(body)) throw badRequest('INVALID_BODY');
    const entity = target.entity;
    if (typeof body.version !== 'number' || !Number.isInteger(body.version)) throw constraintViolation([{ field: 'version', message: MESSAGES.required }]);
    let values = this.validate(entity, body, true);
    const access = this.accessColumns(body);
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lockForWrite(trx, principal, target, id);
      if ((current.delete as { deleted: boolean }).deleted) throw conflict('RECORD_DELETED');
      const accessSet = this.permittedAccess(principal, access, current);
      this.assertStaffFields(principal, entity, values, current);
      await this.assertViewRights(trx, principal, target, id, 'W');
      const statusDef = entity.statuses?.list.find((s) => s.code === current.status);
      if (statusDef && !statusWritable(principal, statusDef)) throw forbidden(undefined, 'STATUS_NOT_WRITABLE');
      if (current.version !== body.version) throw conflict();
      const transition = newStatus !== undefined && newStatus !== current.status;
      if (newStatus !== undefined) this.assertTransition(principal, entity, current.status as string | null, newStatus);
      const code = !entity.code.autogenerated && typeof body.code === 'string' ? body.code.trim() : ((current.code as string | null) ?? null);
      const ctx = this.context(trx, principal, entity, code);
      values = await this.hooks.chain(entity.name, 'beforeUpdate', (h, v) => h.beforeUpdate?.(ctx, current, v), values);
      if (transition) values = await this.hooks.chain(entity.name, 'beforeTransition', (h, v) => h.beforeTransition?.(ctx, current, newStatus, v), values);
      await this.checkReferences(trx, entity, values);
      const columns: Record<string, unknown> = {
        ...valuesToColumns(entity, values),
        ...accessSet,
        ...(!entity.code.autogenerated && typeof body.code === 'string' ? { code: body.code.trim() } : {}),
        ...(transition ? { status: newStatus } : {}),
        updated_by: principal.username,
      };
      const sets = Object.entries(columns).map(([k, v]) => sql`${sql.ref(k)} = ${v}`);
      try {
        await sql`update ${sql.table(tableName(entity))} set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`])}
          where id = ${id} and version = ${body.version}`.execute(trx);
      } catch (error) {
        if (isUniqueViolation(error)) throw constraintViolation([{ field: uniqueField(entity, error), message: 'ALREADY_EXISTS' }]);
        throw error;
      }
      await writeLines(trx, principal, entity, { id, rootId: (current.rootId as number | null) ?? null }, values, (t, e, l) => this.referenceErrors(t, e, l));
      await this.assertViewRights(trx, principal, target, id, 'W');
      await this.assertInScope(trx, principal, entity, id);
      const record = await this.selectOne(trx, principal, target, id);
      // changed through a view, it must stay in the view (the customer's CUSTOMER role is not removed from "customers")
      if (!record) throw constraintViolation(target.filters.map((f) => ({ field: f.field, message: 'OUTSIDE_VIEW' })));
      await writeHistory(trx, principal, { entity: entity.name, recordId: id, version: record.version as number, action: transition ? 'TRANSITION' : 'UPDATE', changes: diffRecords(entity, current, record) });
      if (transition) for (const h of this.hooks.for(entity.name)) await h.afterTransition?.(ctx, record, (current.status as string) ?? null);
      return record;
    });
  }

  private assertTransition(principal: Principal, entity: EntityDefinition, from: string | null, to: string): void {
    const statuses = entity.statuses;
    if (!statuses || !statuses.list.some((s) => s.code === to)) throw invalidTransition('UNKNOWN_STATUS');
    if (from === to) return;
    const current = statuses.list.find((s) => s.code === from);
    if (current && current.allowable.length > 0 && !current.allowable.includes(to)) throw invalidTransition();
    if (!mayEnter(principal, statuses.list.find((s) => s.code === to))) throw forbidden(undefined, 'STAFF_ONLY_STATUS');
  }

  async remove(principal: Principal, target: Target, id: number): Promise<RecordData> {
    return this.setDeleted(principal, target, id, true);
  }

  async restore(principal: Principal, target: Target, id: number): Promise<RecordData> {
    return this.setDeleted(principal, target, id, false);
  }

  private async setDeleted(principal: Principal, target: Target, id: number, deleted: boolean): Promise<RecordData> {
    assertCan(principal, target, 'D');
    const entity = target.entity;
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lockForWrite(trx, principal, target, id);
      await this.assertViewRights(trx, principal, target, id, 'D');
      const isDeleted = (current.delete as { deleted: boolean }).deleted;
      if (isDeleted === deleted) throw conflict(deleted ? 'ALREADY_DELETED' : 'NOT_DELETED');
      if (deleted) {
        const ctx = this.context(trx, principal, entity, (current.code as string | null) ?? null);
        for (const h of this.hooks.for(entity.name)) await h.beforeDelete?.(ctx, current);
      }
      try {
        await sql`update ${sql.table(tableName(entity))}
          set deleted = ${deleted}, deleted_at = ${deleted ? sql`now()` : null}, deleted_by = ${deleted ? principal.username : null},
              version = version + 1, updated_at = now(), updated_by = ${principal.username}
          where id = ${id}`.execute(trx);
      } catch (error) {
        // restoring a record whose code was taken meanwhile
        if (isUniqueViolation(error)) throw conflict('CODE_ALREADY_EXISTS');
        throw error;
      }
      const record = (await this.selectOne(trx, principal, target, id))!;
      await writeHistory(trx, principal, { entity: entity.name, recordId: id, version: record.version as number, action: deleted ? 'DELETE' : 'RESTORE', changes: {} });
      return record;
    });
  }

  async history(principal: Principal, target: Target, id: number) {
    await this.get(principal, target, id);
    const rows = await this.db
      .selectFrom('record_history')
      .select(['version', 'at', 'by_user', 'action', 'changes'])
      .where('entity', '=', target.entity.name)
      .where('record_id', '=', id)
      .orderBy('version', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return { items: rows.map((r) => ({ version: r.version, at: new Date(r.at).toISOString(), by: r.by_user, action: r.action, changes: r.changes })) };
  }
}

import { columnName, isArrayColumn, isStored, linesFields, tableName, type EntityDefinition, type LinesField } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { constraintViolation } from '../http/errors.js';
import { allocateIds, insertRows } from './bulk.js';
import { valuesToColumns } from './codec.js';
import type { RecordData } from './hooks.js';
import type { FieldError } from './service.js';

/**
 * The lines of header records (LinesField, model define/fields.ts): the child entity's rows whose
 * `parent_id` is the header, read with the header and written in its transaction. A line is
 * `{ id, lineNo, …fields }` in the API; its position is `line_no`, set here.
 */

type Executor = Db | Transaction<Database>;

/** The lines fields of an entity, worked out once per entity (get-by-id asks on every call). */
const plans = new WeakMap<EntityDefinition, [string, LinesField][]>();
export function linesOf(entity: EntityDefinition): [string, LinesField][] {
  let plan = plans.get(entity);
  if (!plan) plans.set(entity, (plan = linesFields(entity)));
  return plan;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A child row → the line as the API shows it. */
function rowToLine(child: EntityDefinition, row: Record<string, unknown>): RecordData {
  const line: RecordData = { id: Number(row.id) };
  for (const [name, field] of Object.entries(child.fields)) {
    if (!isStored(field)) continue;
    const value = row[columnName(name)];
    line[name] = field.type === 'datetime' ? iso(value) ?? null : value ?? (isArrayColumn(field) ? [] : null);
  }
  return line;
}

/** Adds each lines field's lines to the header records (in place), one query per lines field. */
export async function attachLines(executor: Executor, entity: EntityDefinition, records: RecordData[]): Promise<void> {
  const fields = linesOf(entity);
  if (fields.length === 0 || records.length === 0) return;
  const ids = records.map((r) => Number(r.id));
  for (const [name, field] of fields) {
    const child = field.entity;
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(tableName(child))}
      where parent_id = any(${ids}::bigint[]) and not deleted order by parent_id, line_no, id`.execute(executor);
    const byParent = new Map<number, RecordData[]>();
    for (const row of rows) {
      const parent = Number(row.parent_id);
      if (!byParent.has(parent)) byParent.set(parent, []);
      byParent.get(parent)!.push(rowToLine(child, row));
    }
    for (const record of records) record[name] = byParent.get(Number(record.id)) ?? [];
  }
}

/** The lookup and reference errors of each of several records' values (RecordService.referenceErrors). */
export type ReferenceErrors = (trx: Executor, entity: EntityDefinition, list: readonly RecordData[]) => Promise<FieldError[][]>;

const comparable = (v: unknown) => JSON.stringify(v ?? null);

/**
 * Writes the lines the values carry (each lines field the write sends: the whole list) under the
 * header `headerId`: lines with an id of this header are changed when they differ, lines without
 * one are added, the header's other lines are deleted (soft: later records may name a line).
 * Lookups and references of every line are checked first; errors name `field.index.name`.
 */
export async function writeLines(
  trx: Transaction<Database>,
  principal: Principal,
  entity: EntityDefinition,
  header: { id: number; rootId: number | null },
  values: RecordData,
  referenceErrors: ReferenceErrors,
): Promise<void> {
  for (const [name, field] of linesOf(entity)) {
    const given = values[name];
    if (given === undefined) continue;
    const list = (Array.isArray(given) ? given : []) as RecordData[];
    const child = field.entity;
    const table = tableName(child);
    // the child's defaults fill what a new line leaves out
    const lines = list.map((line) => {
      const out: RecordData = { ...line };
      if (out.id === undefined) {
        for (const [f, def] of Object.entries(child.fields)) if (out[f] === undefined && def.default !== undefined) out[f] = def.default;
      }
      return out;
    });
    const errors: FieldError[] = [];
    const refs = await referenceErrors(trx, child, lines);
    refs.forEach((list, i) => list.forEach((e) => errors.push({ field: `${name}.${i}.${e.field}`, message: e.message })));

    const { rows: existing } = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} where parent_id = ${header.id} and not deleted for update`.execute(trx);
    const byId = new Map(existing.map((row) => [Number(row.id), row]));
    const seen = new Set<number>();
    lines.forEach((line, i) => {
      if (line.id === undefined) return;
      const id = Number(line.id);
      if (!byId.has(id) || seen.has(id)) errors.push({ field: `${name}.${i}.id`, message: 'NOT_FOUND' });
      seen.add(id);
    });
    if (errors.length) throw constraintViolation(errors);

    const stamp = { updated_by: principal.username };
    const added: Record<string, unknown>[] = [];
    for (const [i, line] of lines.entries()) {
      const { id, ...fields } = line;
      const columns = { ...valuesToColumns(child, fields), line_no: i + 1 };
      if (id === undefined) {
        added.push({ ...columns, parent_id: header.id, root_id: header.rootId ?? header.id, author_id: principal.userId, created_by: principal.username, ...stamp });
        continue;
      }
      const row = byId.get(Number(id))!;
      const changed = Object.entries(columns).filter(([column, value]) => comparable(normalise(row[column])) !== comparable(normalise(value)));
      if (changed.length === 0) continue;
      const sets = changed.map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
      await sql`update ${sql.table(table)} set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${principal.username}`])}
        where id = ${Number(id)}`.execute(trx);
    }
    if (added.length) {
      const ids = await allocateIds(trx, table, added.length);
      await insertRows(trx, table, added.map((row, i) => ({ id: ids[i], ...row })));
    }
    const removed = existing.map((row) => Number(row.id)).filter((id) => !seen.has(id));
    if (removed.length) {
      await sql`update ${sql.table(table)} set deleted = true, deleted_at = now(), deleted_by = ${principal.username},
          version = version + 1, updated_at = now(), updated_by = ${principal.username}
        where id = any(${removed}::bigint[])`.execute(trx);
    }
  }
}

/** A stored value and a value to store, compared alike: numbers from numeric columns, JSON from jsonb, dates as text. */
function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (typeof value === 'string' && (value.startsWith('{') || value.startsWith('['))) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

import { columnName, isArrayColumn, isStored, type EntityDefinition, type FieldDefinition } from '@circula/model';
import { sql, type RawBuilder } from 'kysely';

/** Columns every record table has (API.md "Record shape"), created by `recordTableColumns` in migrations. */
export const COMMON_COLUMNS = [
  'id', 'code', 'status', 'version', 'root_id', 'parent_id', 'author_id',
  'auth_read', 'auth_read_map', 'auth_write', 'auth_write_map',
  'created_at', 'created_by', 'updated_at', 'updated_by',
  'deleted', 'deleted_at', 'deleted_by', 'archived',
] as const;

/** Internal columns: never part of the API record. */
export const INTERNAL_COLUMNS = ['search_text', 'search_vector'] as const;

/** Common fields a search may filter and sort on, with their column and value kind. */
export const COMMON_FILTERABLE: Record<string, { column: string; kind: 'integer' | 'text' | 'datetime' | 'boolean' }> = {
  id: { column: 'id', kind: 'integer' },
  code: { column: 'code', kind: 'text' },
  status: { column: 'status', kind: 'text' },
  version: { column: 'version', kind: 'integer' },
  rootId: { column: 'root_id', kind: 'integer' },
  parentId: { column: 'parent_id', kind: 'integer' },
  authorId: { column: 'author_id', kind: 'integer' },
  createdAt: { column: 'created_at', kind: 'datetime' },
  createdBy: { column: 'created_by', kind: 'text' },
  updatedAt: { column: 'updated_at', kind: 'datetime' },
  updatedBy: { column: 'updated_by', kind: 'text' },
};

const isJson = (field: FieldDefinition) => field.type === 'group' || field.type === 'measure' || field.type === 'translations' || field.type === 'json';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value ?? null);

/** A database row → the API record (camelCase, common shape plus entity fields). */
export function rowToRecord(
  entity: EntityDefinition,
  row: Record<string, unknown>,
  access: { canWrite: boolean; allowedStatuses: string[] },
): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: row.id,
    code: row.code ?? null,
    status: row.status ?? null,
    version: row.version,
    rootId: row.root_id ?? null,
    parentId: row.parent_id ?? null,
    authorId: row.author_id ?? null,
    authRead: row.auth_read ?? null,
    authReadMap: row.auth_read_map ?? [],
    authWrite: row.auth_write ?? null,
    authWriteMap: row.auth_write_map ?? [],
    createdAt: iso(row.created_at),
    createdBy: row.created_by ?? null,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by ?? null,
    delete: { deleted: row.deleted === true, deletedAt: iso(row.deleted_at), deletedBy: row.deleted_by ?? null },
    archived: row.archived === true,
    extraFields: { current_envers_version: row.version },
    canWrite: access.canWrite,
    allowedStatuses: access.allowedStatuses,
  };
  for (const { name, column, datetime, array } of readPlan(entity)) {
    const value = row[column];
    record[name] = datetime ? iso(value) : value ?? (array ? [] : null);
  }
  return record;
}

interface FieldRead {
  name: string;
  column: string;
  datetime: boolean;
  array: boolean;
}

const readPlans = new WeakMap<EntityDefinition, FieldRead[]>();

/** Each field's column and conversion, worked out once per entity (a page converts every row). */
function readPlan(entity: EntityDefinition): FieldRead[] {
  let plan = readPlans.get(entity);
  if (!plan) {
    plan = Object.entries(entity.fields).filter(([, field]) => isStored(field)).map(([name, field]) => ({ name, column: columnName(name), datetime: field.type === 'datetime', array: isArrayColumn(field) }));
    readPlans.set(entity, plan);
  }
  return plan;
}

/** Validated API values → column values ready to bind (JSON columns serialised, text upper-cased where declared). */
export function valuesToColumns(entity: EntityDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = entity.fields[name];
    if (!field || value === undefined || !isStored(field)) continue;
    let v = value;
    if (v === '' && field.type !== 'text' && field.type !== 'longText') v = null;
    if (field.type === 'text' && field.upper && typeof v === 'string') v = v.toUpperCase();
    if (isJson(field) && v !== null) v = JSON.stringify(v);
    columns[columnName(name)] = v;
  }
  return columns;
}

/** Field-by-field changes between two API records, for the history. */
export function diffRecords(entity: EntityDefinition, before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const name of ['code', 'status', ...Object.keys(entity.fields)]) {
    const a = before ? (before[name] ?? null) : null;
    const b = after[name] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[name] = [a, b];
  }
  return changes;
}

/**
 * A timestamp column as the record shows a datetime (JavaScript's toISOString: UTC, milliseconds,
 * 'Z'), written by the database: create's history row (createdChangesSql) and the export's rows.
 */
export const isoTimestampSql = (ref: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * diffRecords(entity, null, record) in SQL, over the columns of a new record's row (`row`: the
 * name the query gives it): a jsonb object of [null, value] for the code, the status and every
 * stored field whose value is not null, each value as the record shows it (a datetime as
 * toISOString writes it, a decimal without trailing zeros, a null array as []). The history row
 * of a create is written with it in the insert's own statement; the engine then compares it with
 * diffRecords (history.ts jsonbText) and writes that instead wherever the two differ.
 */
export function createdChangesSql(entity: EntityDefinition, row: string): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${row}.${name}`);
  const values = new Map<string, RawBuilder<unknown>>([
    ['code', sql`to_jsonb(${column('code')})`],
    ['status', sql`to_jsonb(${column('status')})`],
  ]);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isStored(field)) continue;
    const ref = column(columnName(name));
    values.set(
      name,
      field.type === 'datetime'
        ? sql`to_jsonb(${isoTimestampSql(ref)})`
        : field.type === 'decimal' || field.type === 'money'
          ? sql`to_jsonb(trim_scale(${ref}))`
          : isArrayColumn(field)
            ? sql`coalesce(to_jsonb(${ref}), '[]'::jsonb)`
            : sql`to_jsonb(${ref})`,
    );
  }
  const pairs = [...values].map(([name, value]) => sql`(${sql.lit(name)}, ${value})`);
  return sql`(select coalesce(jsonb_object_agg(c.k, jsonb_build_array(null, c.v)), '{}'::jsonb)
    from (values ${sql.join(pairs)}) as c (k, v) where c.v is not null and c.v <> 'null'::jsonb)`;
}

/**
 * The field types whose values createdChangesSql writes as diffRecords does, whatever they are:
 * text, booleans, integers and ids, arrays of them, dates (as 'YYYY-MM-DD' both ways), and JSON
 * written from JavaScript values (not a JSON column default such as 1.10, which JavaScript reads
 * back as 1.1). Not decimals (a value beyond a double's digits), nor datetimes (their microseconds).
 */
const EXACT_CHANGES = new Set<FieldDefinition['type']>(['text', 'longText', 'time', 'lookup', 'reference', 'tags', 'boolean', 'integer', 'date', 'group', 'measure', 'translations', 'json']);
const exactChanges = new WeakMap<EntityDefinition, boolean>();

/** Whether createdChangesSql writes every record of the entity exactly as diffRecords does (EXACT_CHANGES). */
export function createdChangesExact(entity: EntityDefinition): boolean {
  let exact = exactChanges.get(entity);
  if (exact === undefined) {
    exact = Object.values(entity.fields).every((field) => !isStored(field) || EXACT_CHANGES.has(field.type));
    exactChanges.set(entity, exact);
  }
  return exact;
}

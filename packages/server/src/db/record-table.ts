import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Creates a record table with the common columns of API.md's record shape, the entity's own
 * columns and a trigram-indexed `search_text` built from `code` and the searchable columns.
 * Migrations call this with the columns spelled out, so a released migration never changes
 * when the catalogue does. Version 1 of the common columns: never edit, add a v2 instead.
 */
export async function createRecordTableV1(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
  db: Kysely<any>,
  table: string,
  options: { columns: RawBuilder<unknown>[]; search: (string | RawBuilder<unknown>)[]; codeUnique?: boolean },
): Promise<void> {
  const searchExpr = sql.join(
    ['code', ...options.search].map((c) => sql`coalesce(${typeof c === 'string' ? sql.ref(c) : c}, '')`),
    sql` || ' ' || `,
  );
  await sql`
    create table ${sql.table(table)} (
      id bigint generated always as identity primary key,
      code varchar(32),
      status text,
      version integer not null default 1,
      root_id bigint,
      parent_id bigint,
      author_id bigint,
      auth_read text,
      auth_read_map text[],
      auth_write text,
      auth_write_map text[],
      created_at timestamptz not null default now(),
      created_by text,
      updated_at timestamptz not null default now(),
      updated_by text,
      deleted boolean not null default false,
      deleted_at timestamptz,
      deleted_by text,
      archived boolean not null default false,
      ${sql.join(options.columns, sql`, `)},
      search_text text generated always as (${searchExpr}) stored
    )`.execute(db);
  await sql`create index ${sql.id(`${table}_search`)} on ${sql.table(table)} using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index ${sql.id(`${table}_parent`)} on ${sql.table(table)} (parent_id)`.execute(db);
  if (options.codeUnique !== false) {
    await sql`create unique index ${sql.id(`${table}_code`)} on ${sql.table(table)} (code) where not deleted`.execute(db);
  }
}

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

/** The text search configuration of free text: no stemming, no stop words, accents folded. */
export const SEARCH_CONFIG = 'circula_search';

/** Creates the text search configuration once per schema (migration 0008). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function createSearchConfiguration(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create text search configuration ${sql.id(SEARCH_CONFIG)} (copy = pg_catalog.simple)`.execute(db);
  await sql`
    alter text search configuration ${sql.id(SEARCH_CONFIG)}
      alter mapping for asciiword, asciihword, hword_asciipart, word, hword, hword_part with unaccent, simple`.execute(db);
}

/**
 * Adds `search_vector`, the words of `search_text` for full-text search (the column alone).
 * Punctuation separates words first, so "info@rossi.it" and "S.r.l." give their parts as
 * words. A generated column cannot read another one: the expression of `search_text` is
 * read from the catalogue and repeated.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
async function addSearchVectorColumn(db: Kysely<any>, table: string): Promise<void> {
  const { rows } = await sql<{ expr: string }>`
    select pg_get_expr(d.adbin, d.adrelid) as expr
    from pg_attrdef d
    join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
    where d.adrelid = ${table}::regclass and a.attname = 'search_text'`.execute(db);
  const expr = rows[0]?.expr;
  if (!expr) throw new Error(`${table} has no generated search_text`);
  await sql`
    alter table ${sql.table(table)} add column search_vector tsvector generated always as (
      to_tsvector(${sql.lit(SEARCH_CONFIG)}::regconfig, regexp_replace(${sql.raw(expr)}, '[[:punct:][:space:]]+', ' ', 'g'))
    ) stored`.execute(db);
}

/** Adds `search_vector` with its plain GIN index (migration 0008 and record tables v2). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function addSearchVectorV1(db: Kysely<any>, table: string): Promise<void> {
  await addSearchVectorColumn(db, table);
  await sql`create index ${sql.id(`${table}_search_vector`)} on ${sql.table(table)} using gin (search_vector)`.execute(db);
}

/**
 * Longest word prefix stored in the prefix index of free text (migration 0021): a word of the
 * search text is indexed as each of its first 1…SEARCH_PREFIX_LENGTH characters.
 */
export const SEARCH_PREFIX_LENGTH = 20;

/** The function that turns a record's words into the prefixes indexed for free text. */
export const SEARCH_PREFIXES = 'circula_search_prefixes';

/**
 * Creates `circula_search_prefixes(tsvector)` once per schema: every word of a search vector
 * cut to each length from 1 to SEARCH_PREFIX_LENGTH ("rossi" → r, ro, ros, ross, rossi). A
 * word typed as the start of a word is then an exact key of the index, not a range of keys
 * merged at every search.
 * Free text looks a typed word holding a digit up by its prefix only when it is one or two
 * characters long (longer ones go to the trigram index, compileFreeText): past the first digit
 * of a word only its first two prefixes are kept ("sbj0001" → s, sb, sbj; "01234567890" → 0, 01).
 * array_to_tsvector drops repeated prefixes ("rossi rosso" → r, ro, ros, ross once). Only
 * built-in functions, schema-qualified: an index expression may be evaluated under another
 * search_path (vacuum, analyze).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function createSearchPrefixesFunction(db: Kysely<any>): Promise<void> {
  await sql`
    create function ${sql.id(SEARCH_PREFIXES)}(words tsvector) returns tsvector
    language sql immutable strict parallel safe
    as ${sql.lit(`select pg_catalog.array_to_tsvector(array(
         select pg_catalog.left(word, n)
         from pg_catalog.unnest(pg_catalog.tsvector_to_array(words)) word,
              pg_catalog.generate_series(1, least(pg_catalog.length(word), ${SEARCH_PREFIX_LENGTH},
                greatest(2, pg_catalog.length(pg_catalog.substring(word, '^[^0-9]*'))))) n))`)}`.execute(db);
}

/** The GIN index of free text over the prefixes of `search_vector`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
async function createSearchPrefixIndex(db: Kysely<any>, table: string): Promise<void> {
  await sql`create index ${sql.id(`${table}_search_prefixes`)} on ${sql.table(table)} using gin (${sql.id(SEARCH_PREFIXES)}(search_vector))`.execute(db);
}

/** The prefix index in place of the plain index of `search_vector` (migration 0021, tables v2). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function addSearchPrefixIndexV1(db: Kysely<any>, table: string): Promise<void> {
  await sql`drop index if exists ${sql.id(`${table}_search_vector`)}`.execute(db);
  await createSearchPrefixIndex(db, table);
}

/** Version 2 of a record table: version 1 plus `search_vector`. */
export async function createRecordTableV2(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
  db: Kysely<any>,
  table: string,
  options: Parameters<typeof createRecordTableV1>[2],
): Promise<void> {
  await createRecordTableV1(db, table, options);
  await addSearchVectorV1(db, table);
}

/**
 * Version 3 of a record table: version 1 plus `search_vector` indexed by its word prefixes
 * (migration 0021), never with the plain index version 2 had.
 */
export async function createRecordTableV3(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
  db: Kysely<any>,
  table: string,
  options: Parameters<typeof createRecordTableV1>[2],
): Promise<void> {
  await createRecordTableV1(db, table, options);
  await addSearchVectorColumn(db, table);
  await createSearchPrefixIndex(db, table);
}

import {
  columnName,
  FILTER_OPS,
  isArrayColumn,
  isScalar,
  type EntityDefinition,
  type FieldDefinition,
  type FilterSpec,
  type SortSpec,
} from '@circula/model';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { SEARCH_CONFIG, SEARCH_PREFIX_LENGTH, SEARCH_PREFIXES } from '../db/record-table.js';
import { badRequest } from '../http/errors.js';
import { COMMON_FILTERABLE } from './codec.js';

/**
 * The search compiler: API.md's `q` JSON and `sort` parameter → a WHERE clause and an ORDER BY.
 * Field names are looked up in the catalogue (never interpolated from the request); every value
 * is checked against the field's type and bound as a parameter. Anything unknown or ill-typed is a
 * 400 BAD_REQUEST, never a database error.
 */
export const MAX_PAGE_SIZE = 1000;

/** Page (from 0) and size (1–1000, default 20) of a list request; `unpaged` = the first 1000. */
export function paging(params: { page?: number; size?: number; unpaged?: boolean }): { page: number; size: number } {
  return {
    page: params.unpaged ? 0 : Math.max(0, params.page ?? 0),
    size: params.unpaged ? MAX_PAGE_SIZE : Math.min(Math.max(1, params.size ?? 20), MAX_PAGE_SIZE),
  };
}

const querySchema = z.object({
  query: z.string().max(200).optional(),
  filters: z
    .array(z.object({ field: z.string().max(100), op: z.enum(FILTER_OPS), value: z.unknown().optional() }))
    .max(50)
    .optional(),
  sort: z.array(z.object({ field: z.string().max(100), dir: z.enum(['asc', 'desc']) })).max(5).optional(),
});

export type SearchQuery = z.infer<typeof querySchema>;

export function parseQuery(q: string | undefined): SearchQuery {
  if (q === undefined || q === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(q);
  } catch {
    throw badRequest('INVALID_QUERY');
  }
  const parsed = querySchema.safeParse(json);
  if (!parsed.success) throw badRequest('INVALID_QUERY');
  return parsed.data;
}

/** `sort=field,asc` (API.md); several separated by `;`. */
export function parseSortParam(sort: string | undefined): SortSpec[] {
  if (!sort) return [];
  return sort.split(';').map((part) => {
    const [field, dir = 'asc'] = part.split(',').map((s) => s.trim());
    if (!field || (dir !== 'asc' && dir !== 'desc')) throw badRequest('INVALID_SORT');
    return { field, dir };
  });
}

/** How a filter value is read and compared. */
export type Kind = 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'text';

interface Resolved {
  column: string;
  kind: Kind;
  array: boolean;
}

function kindOf(field: FieldDefinition): Kind {
  switch (field.type) {
    case 'integer':
    case 'reference':
    case 'document':
    case 'tags':
      return 'integer';
    case 'decimal':
    case 'money':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'text';
  }
}

export function resolveField(entity: EntityDefinition, name: string): Resolved {
  const common = Object.hasOwn(COMMON_FILTERABLE, name) ? COMMON_FILTERABLE[name] : undefined;
  if (common) return { column: common.column, kind: common.kind, array: false };
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  if (!field || field.filterable === false || !(isScalar(field) || isArrayColumn(field))) throw badRequest('UNKNOWN_FIELD');
  return { column: columnName(name), kind: kindOf(field), array: isArrayColumn(field) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Years 1–9999: what a user can mean and what PostgreSQL reads back from an ISO string (year 0 does
 * not exist, and JavaScript's extended years such as +275760 make it fail with "time zone
 * displacement out of range").
 */
const inDatabaseYears = (d: Date): boolean => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;

/** A yyyy-mm-dd that names a real day (JavaScript reads 2026-02-30 as 2 March; PostgreSQL refuses it). */
const isCalendarDate = (value: string): boolean => {
  const d = new Date(`${value}T00:00:00Z`);
  return inDatabaseYears(d) && d.toISOString().slice(0, 10) === value;
};

function coerce(kind: Kind, value: unknown): unknown {
  switch (kind) {
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw badRequest('INVALID_FILTER_VALUE');
      return n;
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest('INVALID_FILTER_VALUE');
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw badRequest('INVALID_FILTER_VALUE');
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value) || !isCalendarDate(value)) throw badRequest('INVALID_FILTER_VALUE');
      return value;
    case 'datetime': {
      const instant = typeof value === 'string' ? new Date(value) : null;
      const day = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
      if (!instant || !inDatabaseYears(instant) || (day !== undefined && !isCalendarDate(day))) throw badRequest('INVALID_FILTER_VALUE');
      return instant.toISOString();
    }
    case 'text':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (typeof value !== 'string' || value.length > 500 || value.includes('\0')) throw badRequest('INVALID_FILTER_VALUE');
      return value;
  }
}

const castOf: Record<Kind, RawBuilder<unknown>> = {
  integer: sql`bigint`,
  number: sql`numeric`,
  boolean: sql`boolean`,
  date: sql`date`,
  datetime: sql`timestamptz`,
  text: sql`text`,
};

/** `LIKE` wildcards and the escape character itself, taken literally. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const list = (kind: Kind, value: unknown) => {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PAGE_SIZE) throw badRequest('INVALID_FILTER_VALUE');
  return value.map((v) => coerce(kind, v));
};

export function compileFilter(entity: EntityDefinition, filter: FilterSpec): RawBuilder<SqlBool> {
  const { column, kind, array } = resolveField(entity, filter.field);
  return filterOn(sql.ref(column), kind, array, filter);
}

/** One filter on one value (a column or an expression) of the given kind, scalar or array. */
function filterOn(ref: RawBuilder<unknown>, kind: Kind, array: boolean, filter: FilterSpec): RawBuilder<SqlBool> {
  const cast = castOf[kind];
  const one = () => coerce(kind, filter.value);
  switch (filter.op) {
    case 'isNull':
      return array ? sql<SqlBool>`coalesce(cardinality(${ref}), 0) = 0` : sql<SqlBool>`${ref} is null`;
    case 'notNull':
      return array ? sql<SqlBool>`coalesce(cardinality(${ref}), 0) > 0` : sql<SqlBool>`${ref} is not null`;
    case 'contains':
      // containment rather than `= any(…)`: a GIN index on the array column serves it
      if (array) return sql<SqlBool>`${ref} @> array[${one()}::${cast}]`;
      if (kind !== 'text') throw badRequest('INVALID_OPERATOR');
      return sql<SqlBool>`${ref} ilike ${`%${likeEscape(one() as string)}%`}`;
    case 'startsWith':
      if (array || kind !== 'text') throw badRequest('INVALID_OPERATOR');
      return sql<SqlBool>`${ref} ilike ${`${likeEscape(one() as string)}%`}`;
    case 'in':
      return array
        ? sql<SqlBool>`${ref} && ${list(kind, filter.value)}::${cast}[]`
        : sql<SqlBool>`${ref} = any(${list(kind, filter.value)}::${cast}[])`;
    case 'nin':
      return array
        ? sql<SqlBool>`not coalesce(${ref} && ${list(kind, filter.value)}::${cast}[], false)`
        : sql<SqlBool>`coalesce(not (${ref} = any(${list(kind, filter.value)}::${cast}[])), true)`;
    default:
      break;
  }
  if (array) throw badRequest('INVALID_OPERATOR');
  switch (filter.op) {
    case 'eq':
      return sql<SqlBool>`${ref} = ${one()}::${cast}`;
    case 'ne':
      return sql<SqlBool>`${ref} is distinct from ${one()}::${cast}`;
    case 'between': {
      const [from, to] = Array.isArray(filter.value) && filter.value.length === 2 ? filter.value : [];
      if (from === undefined || to === undefined || kind === 'boolean') throw badRequest('INVALID_FILTER_VALUE');
      return sql<SqlBool>`${ref} between ${coerce(kind, from)}::${cast} and ${coerce(kind, to)}::${cast}`;
    }
    default: {
      if (kind === 'boolean') throw badRequest('INVALID_OPERATOR');
      const operator = { lt: sql`<`, lte: sql`<=`, gt: sql`>`, gte: sql`>=` }[filter.op];
      return sql<SqlBool>`${ref} ${operator} ${one()}::${cast}`;
    }
  }
}

/** Longest word prefix checked by the full-text filter of long words (longer ones are cut). */
const MAX_TOKEN = 64;

/**
 * The index key of a word typed as the start of a word: the word itself, or its first
 * characters when it is longer than the index holds. Plain ASCII letters and digits keep their
 * length through the search configuration (lower case only); other letters may grow when their
 * accents are folded (ﬃ → ffi, at most three characters from one), so they are cut shorter.
 * Returns the key and whether it was cut (the whole word then needs the full-text filter).
 */
function prefixKey(token: string): { key: string; cut: boolean } {
  const limit = /^[A-Za-z0-9]+$/.test(token) ? SEARCH_PREFIX_LENGTH : Math.floor(SEARCH_PREFIX_LENGTH / 3);
  return token.length > limit ? { key: token.slice(0, limit), cut: true } : { key: token, cut: false };
}

/**
 * What free text searches: the text a word is looked for in literally, and its words
 * (`to_tsvector` in SEARCH_CONFIG, punctuation splitting words). A record table keeps both as
 * columns, the words indexed by their prefixes; a smaller table (the security lists) gives
 * expressions over its own columns, read row by row.
 */
export interface FreeTextTarget {
  text: RawBuilder<unknown>;
  words: RawBuilder<unknown>;
  /** `words` is served by the index of word prefixes (record tables, migration 0021). */
  prefixIndex: boolean;
}

const RECORD_FREE_TEXT: FreeTextTarget = { text: sql`search_text`, words: sql`search_vector`, prefixIndex: true };

/** The free-text target of a few columns of a table that is no record table: their text joined, and its words. */
export function freeTextOver(columns: readonly RawBuilder<unknown>[]): FreeTextTarget {
  const text = sql`concat_ws(' ', ${sql.join(columns, sql`, `)})`;
  const words = sql`to_tsvector(${sql.lit(SEARCH_CONFIG)}::regconfig, regexp_replace(${text}, '[[:punct:][:space:]]+', ' ', 'g'))`;
  return { text, words, prefixIndex: false };
}

/**
 * An EER (European List of Waste) code or its start as people type it: groups of two digits,
 * together or separated by a space, dot, dash or slash, maybe with the hazardous asterisk
 * ("200301", "20 03 01", "20.03.01*", "20-03", "2003"). Longer groups (a year: "20.03.2024")
 * and more groups (a phone number) do not count.
 */
const EER_CODE = /^\d{2}(?:[ .\-/]?\d{2}){0,2}\*?$/;

/**
 * The texts a word is looked up as. A word shaped like an EER code is read without its asterisk
 * (hazardous and other entries alike are found) and also as the search text of a waste entry
 * spells it ("200301 20 03 01*": the code, then the display code): digits typed together as they
 * are ("200301*" → "200301"), digits typed in separated groups as the display code spaces them
 * ("20.03.01" → "20.03.01" and "20 03 01", "20/03" → "20/03" and "20 03"). Any other word: itself.
 */
function freeTextSpellings(word: string): string[] {
  if (!EER_CODE.test(word)) return [word];
  const bare = word.replace(/\*$/, '');
  const digits = bare.replace(/\D/g, '');
  const spelled = digits === bare ? digits : (digits.match(/\d{2}/g) ?? []).join(' ');
  return spelled === bare ? [bare] : [bare, spelled];
}

/**
 * Free text: every word must appear in the record's search text (code + searchable fields),
 * accents and case aside (or in the text of another `target`, with the same rules).
 * - A word is matched at the start of a word of the text ("ross" finds "Rossi S.r.l.",
 *   "citta" finds "Città") through the index of word prefixes (migration 0021): the typed word
 *   is an exact key of it. A word longer than the index's prefixes is looked up by its first
 *   characters and then checked whole against the record's words. Punctuation splits words on
 *   both sides ("s.r.l" → "s", "r", "l"); a word that starts another typed word adds nothing
 *   ("ross rossi" = "rossi").
 * - A word with a digit and at least three characters is matched anywhere ("123" finds
 *   "CLI-000123") through the trigram index: codes and numbers are looked up by any part.
 *   Numbers written in groups are one phrase: "20 03 01" finds the EER code "20 03 01", not
 *   every text holding a 20, a 03 and a 01.
 * - A word shaped like an EER code or its start is read without its asterisk and also as waste
 *   entries spell it (freeTextSpellings): "20.03.01", "20-03-01", "20/03/01" and "20 03 01*"
 *   find "20 03 01", "200301*" finds "200301", "20*" is the start of a word as "20" is.
 * - A word with neither letters nor digits ("%", "'") is matched literally anywhere.
 */
export function compileFreeText(query: string | undefined, target: FreeTextTarget = RECORD_FREE_TEXT): RawBuilder<SqlBool>[] {
  if (query?.includes('\0')) throw badRequest('INVALID_QUERY');
  const words: string[] = [];
  for (const word of (query ?? '').trim().split(/\s+/).filter(Boolean)) {
    const previous = words.at(-1);
    const grouped = previous !== undefined && /^\d+( \d+)*$/.test(previous);
    // the hazardous asterisk may end a code typed in groups ("16 06 01*")
    if (grouped && (/^\d+$/.test(word) || (/^\d+\*$/.test(word) && EER_CODE.test(`${previous} ${word}`)))) {
      words[words.length - 1] = `${previous} ${word}`;
    } else words.push(word);
  }
  words.splice(10);
  const conditions: RawBuilder<SqlBool>[] = [];
  const tokens = new Set<string>();
  for (const typed of words) {
    // first the word as typed, less the asterisk of an EER code: "20*" is the start of a word as "20" is
    const spellings = freeTextSpellings(typed);
    const word = spellings[0]!;
    const parts = word.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length === 0 || (/\p{N}/u.test(word) && word.length >= 3)) {
      const matches = spellings.map((s) => sql<SqlBool>`${target.text} ilike ${`%${likeEscape(s)}%`}`);
      conditions.push(matches.length === 1 ? matches[0]! : sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
    } else {
      for (const part of parts) tokens.add(part.toLowerCase());
    }
  }
  // a word that starts another one is implied by it
  const needed = [...tokens].filter((t) => ![...tokens].some((other) => other !== t && other.startsWith(t)));
  const config = sql`${sql.lit(SEARCH_CONFIG)}::regconfig`;
  if (!target.prefixIndex) {
    // no index to serve: each word as the start of a word of the text, whatever its length
    if (needed.length) conditions.unshift(sql<SqlBool>`${target.words} @@ to_tsquery(${config}, ${needed.map((t) => `${t}:*`).join(' & ')})`);
    return conditions;
  }
  const keys = new Set<string>();
  const whole: string[] = [];
  for (const token of needed) {
    const { key, cut } = prefixKey(token);
    keys.add(key);
    if (cut) whole.push(`${token.slice(0, MAX_TOKEN)}:*`);
  }
  // tokens hold only letters and digits: nothing in them is tsquery syntax
  if (whole.length) conditions.unshift(sql<SqlBool>`${target.words} @@ to_tsquery(${config}, ${whole.join(' & ')})`);
  if (keys.size) conditions.unshift(sql<SqlBool>`${sql.id(SEARCH_PREFIXES)}(${target.words}) @@ to_tsquery(${config}, ${[...keys].join(' & ')})`);
  return conditions;
}

/** The ORDER BY of a search (always ending on the id, so pages never overlap) and the columns it reads. */
export function compileSort(entity: EntityDefinition, sort: SortSpec[]): { orderBy: RawBuilder<unknown>; columns: string[] } {
  const specs = sort.length > 0 ? sort : entity.defaultSort;
  const columns = new Set<string>();
  const parts = specs.map((s) => {
    const { column, array } = resolveField(entity, s.field);
    if (array) throw badRequest('INVALID_SORT');
    columns.add(column);
    // PostgreSQL's own null placement (last ascending, first descending): a b-tree index serves both directions
    return s.dir === 'desc' ? sql`${sql.ref(column)} desc` : sql`${sql.ref(column)} asc`;
  });
  if (!specs.some((s) => s.field === 'id')) parts.push(sql`id desc`);
  columns.add('id');
  return { orderBy: sql.join(parts, sql`, `), columns: [...columns] };
}

/**
 * A searchable column of a list that is no record table (users, groups, authorities, sessions of
 * the security pages): the SQL it is read as, how filters read it, and whether it may be sorted
 * on (by the column itself, or by another expression: `lower(…)` for names).
 */
export interface ListColumn {
  sql: RawBuilder<unknown>;
  kind: Kind;
  array?: boolean;
  /** Filterable through `q.filters` (default true). */
  filter?: boolean;
  /** Sortable: true (by `sql`), or the expression to sort by. */
  sort?: boolean | RawBuilder<unknown>;
}

/** Such a list as the compiler sees it: its columns, its order when none is asked, free text. */
export interface ListShape {
  columns: Readonly<Record<string, ListColumn>>;
  defaultSort: readonly SortSpec[];
  /** A unique key ending every order, so that pages never overlap. */
  key: RawBuilder<unknown>;
  /** What free text searches; without it `q.query` is refused. */
  freeText?: FreeTextTarget;
}

function listColumn(shape: ListShape, name: string): ListColumn {
  const column = Object.hasOwn(shape.columns, name) ? shape.columns[name] : undefined;
  if (!column) throw badRequest('UNKNOWN_FIELD');
  return column;
}

/**
 * The record engine's search compiler on a list of another shape: API.md's `q` (free text with
 * the record search's rules, filters with its operators and value checks) and `sort` → the
 * conditions and the ORDER BY. Empty values sort last in both directions.
 */
export function compileListSearch(shape: ListShape, query: SearchQuery, sort: string | undefined): { where: RawBuilder<SqlBool>[]; orderBy: RawBuilder<unknown> } {
  const where = (query.filters ?? []).map((filter) => {
    const column = listColumn(shape, filter.field);
    if (column.filter === false) throw badRequest('UNKNOWN_FIELD');
    return filterOn(column.sql, column.kind, column.array === true, filter);
  });
  if (query.query?.trim()) {
    if (!shape.freeText) throw badRequest('INVALID_QUERY');
    where.push(...compileFreeText(query.query, shape.freeText));
  }
  const specs = [...parseSortParam(sort), ...(query.sort ?? [])];
  const parts = (specs.length ? specs : shape.defaultSort).map((s) => {
    const column = listColumn(shape, s.field);
    if (!column.sort || column.array) throw badRequest('INVALID_SORT');
    const by = column.sort === true ? column.sql : column.sort;
    return sql`${by} ${sql.raw(s.dir === 'desc' ? 'desc' : 'asc')} nulls last`;
  });
  parts.push(sql`${shape.key} asc`);
  return { where, orderBy: sql.join(parts, sql`, `) };
}

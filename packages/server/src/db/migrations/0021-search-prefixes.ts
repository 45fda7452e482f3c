import { sql, type Kysely } from 'kysely';
import { addSearchPrefixIndexV1, createSearchPrefixesFunction } from '../record-table.js';

/**
 * Free text looks words up by their beginning. A prefix query on the plain full-text index
 * (`rossi:*`) merges every key in the range at each search, about 1.5 ms for two common words
 * over 100 000 subjects; an index of the words' prefixes answers the same question with exact
 * keys, two to three times faster (bench/). Every record table with `search_vector` gets it
 * in place of the plain index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSearchPrefixesFunction(db);
  const { rows } = await sql<{ table: string }>`
    select c.relname as table
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid and c.relkind = 'r'
    where c.relnamespace = current_schema()::regnamespace and a.attname = 'search_vector' and not a.attisdropped
    order by c.relname`.execute(db);
  for (const { table } of rows) await addSearchPrefixIndexV1(db, table);
}

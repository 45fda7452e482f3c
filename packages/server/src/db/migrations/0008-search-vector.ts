import { type Kysely } from 'kysely';
import { addSearchVectorV1, createSearchConfiguration } from '../record-table.js';

/**
 * Free text through a full-text index: every record table gets `search_vector` (words of its
 * search text, accents folded) with a GIN index. Words are matched by prefix through it; the
 * trigram index stays for words with digits (codes), matched anywhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createSearchConfiguration(db);
  for (const table of ['lookup_table', 'table_value', 'tag', 'scheduler', 'icon', 'entity_conf']) {
    await addSearchVectorV1(db, table);
  }
}

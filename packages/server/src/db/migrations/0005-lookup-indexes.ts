import { sql, type Kysely } from 'kysely';

/**
 * The tablevalue service filters values by table and alpha1 (provinces of a region, causals of a
 * kind); `archived` is included so that counts of a large table can be answered from the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index table_value_table_alpha1 on table_value (table_code, alpha1, code) include (archived) where not deleted`.execute(db);
}

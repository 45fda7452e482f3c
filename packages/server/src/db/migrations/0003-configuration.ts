import { sql, type Kysely } from 'kysely';
import { createRecordTableV1 } from '../record-table.js';

/** Configuration entities: lookup tables and their values, tag trees. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV1(db, 'lookup_table', {
    columns: [sql`name jsonb not null`, sql`description text`, sql`columns jsonb`],
    search: [sql`name->>'it'`, sql`name->>'en'`, 'description'],
  });

  await createRecordTableV1(db, 'table_value', {
    columns: [
      sql`table_code text not null`,
      sql`val text`,
      sql`name text`,
      sql`translations jsonb`,
      sql`alpha1 text`,
      sql`alpha2 text`,
      sql`alpha3 text`,
      sql`flag1 boolean`,
      sql`flag2 boolean`,
      sql`flag3 boolean`,
      sql`extra_value text`,
      sql`extras jsonb`,
      sql`tags bigint[]`,
      sql`sort_order integer`,
    ],
    search: ['val', 'name', sql`translations->>'it'`, sql`translations->>'en'`],
    codeUnique: false,
  });
  // a value code is unique within its table
  await sql`create unique index table_value_code on table_value (table_code, code) where not deleted`.execute(db);
  await sql`create index table_value_table on table_value (table_code, sort_order, code) where not deleted`.execute(db);

  await createRecordTableV1(db, 'tag', {
    columns: [
      sql`name text not null`,
      sql`translations jsonb`,
      sql`icon text`,
      sql`overlay_icon text`,
      sql`selectable boolean`,
      sql`item_id text`,
    ],
    search: ['name'],
  });
  await sql`create index tag_root on tag (root_id)`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/** The European List of Waste entries with the company's data about each (`waste`). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'waste', {
    columns: [
      sql`display_code text`,
      sql`description jsonb not null`,
      sql`chapter text`,
      sql`entry_type text not null`,
      sql`hazardous boolean`,
      sql`physical_state text`,
      sql`hp_properties text[]`,
      sql`destination_use text`,
      sql`operations text[]`,
      sql`un_number text`,
      sql`adr_class text`,
      sql`packing_group text`,
      sql`notes text`,
    ],
    // "200301" through the code, "20 03 01*" through the display code, words of both languages
    search: ['display_code', sql`description->>'it'`, sql`description->>'en'`],
  });
}

import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/** Treatment output fractions, chemical parameters with limits, relations between subjects. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'fraction', {
    columns: [sql`name text not null`, sql`waste bigint`, sql`material bigint`, sql`measure_unit text not null`, sql`notes text`],
    search: ['name'],
  });
  await createRecordTableV2(db, 'chemistry', {
    columns: [
      sql`name text not null`,
      sql`chemical text not null`,
      sql`cas_number text`,
      sql`limit_value numeric(18,6)`,
      sql`limit_unit text`,
      sql`method text`,
      sql`notes text`,
    ],
    search: ['name', 'cas_number', 'method'],
  });
  await createRecordTableV2(db, 'subject_relation', {
    columns: [
      sql`subject bigint not null`,
      sql`relation_type text not null`,
      sql`related bigint not null`,
      sql`valid_from date`,
      sql`valid_to date`,
      sql`notes text`,
    ],
    search: [],
  });
  // a subject's relations both ways
  await sql`create index subject_relation_subject on subject_relation (subject)`.execute(db);
  await sql`create index subject_relation_related on subject_relation (related)`.execute(db);
}

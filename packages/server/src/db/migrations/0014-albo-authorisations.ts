import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/** Enrolments of transporters and brokers in the Albo Gestori Ambientali. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'albo_authorisation', {
    columns: [
      sql`holder bigint not null`,
      sql`number text not null`,
      sql`category text not null`,
      sql`albo_class text`,
      sql`valid_from date`,
      sql`expiry date not null`,
      sql`waste_codes bigint[]`,
      sql`notes text`,
    ],
    search: ['number'],
  });
  // "which valid enrolment of this holder covers this EER code on this date": by holder and expiry,
  // the codes through containment
  await sql`create index albo_authorisation_holder on albo_authorisation (holder, expiry)`.execute(db);
  await sql`create index albo_authorisation_waste on albo_authorisation using gin (waste_codes)`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/** Subjects (persons and companies with roles): the master data of the stakeholder routes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'subject', {
    columns: [
      sql`subject_type text not null default 'COMPANY'`,
      sql`name text not null`,
      sql`last_name text`,
      sql`legal_form text`,
      sql`roles text[]`,
      sql`vat_number text`,
      sql`fiscal_code text`,
      sql`sdi_code text`,
      sql`pec text`,
      sql`contact jsonb`,
      sql`addresses jsonb`,
      sql`payment jsonb`,
      sql`birth_date date`,
      sql`birth_place jsonb`,
      sql`customer_category text`,
      sql`rating text`,
      sql`administrative_status text`,
      sql`tags bigint[]`,
      sql`notes text`,
      sql`user_id bigint references users (id)`,
    ],
    search: ['name', 'last_name', 'vat_number', 'fiscal_code', 'pec'],
  });
  // the role views filter by containment; lists sort by name; duplicates are looked up by tax numbers
  await sql`create index subject_roles on subject using gin (roles)`.execute(db);
  await sql`create index subject_name on subject (name, id)`.execute(db);
  await sql`create index subject_vat_number on subject (vat_number) where vat_number is not null`.execute(db);
  await sql`create index subject_fiscal_code on subject (fiscal_code) where fiscal_code is not null`.execute(db);
  await sql`create index subject_user on subject (user_id) where user_id is not null`.execute(db);
}

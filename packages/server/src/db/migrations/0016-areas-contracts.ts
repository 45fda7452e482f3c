import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/**
 * Areas with their assigned subjects by role and warehouses; the type, date and expiry of an
 * attached document (a subject's signed contracts are its documents of type CONTRACT).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'area', {
    columns: [
      sql`name text not null`,
      sql`description text`,
      sql`provinces text[] not null`,
      sql`municipalities text`,
      sql`area_managers bigint[]`,
      sql`planners bigint[]`,
      sql`sales_agents bigint[]`,
      sql`transporters bigint[]`,
      sql`customers bigint[]`,
      sql`warehouses bigint[]`,
      sql`assigned_subjects bigint[]`,
      sql`tags bigint[]`,
      sql`notes text`,
    ],
    search: ['name', 'municipalities'],
  });
  // "the areas of this subject, of this warehouse, of this province": containment on the arrays
  await sql`create index area_assigned_subjects on area using gin (assigned_subjects)`.execute(db);
  await sql`create index area_warehouses on area using gin (warehouses)`.execute(db);
  await sql`create index area_provinces on area using gin (provinces)`.execute(db);

  await sql`alter table attachment add column document_type text, add column document_date date, add column expiry date`.execute(db);
  // a subject's signed contracts, and documents by expiry
  await sql`create index attachment_owner_type on attachment (owner_entity, document_type, owner_id) where not deleted`.execute(db);
}

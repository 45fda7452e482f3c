import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 20: business jobs (commesse). A job is a customer's project; movement requests,
 * transports and invoices may name the job they are done for (`job`, nullable): each reference
 * has an index, so a job's totals and linked lists read only its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV3(db, 'job', {
    columns: [
      sql`name text not null`,
      sql`customer bigint not null`,
      sql`description text`,
      sql`start_date date not null`,
      sql`end_date date`,
      sql`budget numeric(18,2)`,
      sql`notes text`,
    ],
    search: ['name', 'description'],
  });
  await sql`create index job_customer on job (customer)`.execute(db);
  await sql`create index job_start on job (start_date desc, id desc)`.execute(db);
  await sql`create index job_status_start on job (status, start_date desc, id desc)`.execute(db);

  for (const table of ['transaction', 'transport', 'invoice']) {
    await sql`alter table ${sql.table(table)} add column job bigint`.execute(db);
    await sql`create index ${sql.id(`${table}_job`)} on ${sql.table(table)} (job) where job is not null`.execute(db);
  }
}

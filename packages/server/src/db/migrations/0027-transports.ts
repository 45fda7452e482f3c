import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 16 (transport part): transports and their ordered stops. Stops are child records:
 * `parent_id` is the transport, `line_no` their order. The default list (newest day first), the
 * list by status and the references have their indexes; a stop is found by the request it takes
 * (one live transport per request) and by its warehouse.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV3(db, 'transport', {
    columns: [
      sql`date date not null`,
      sql`transporter bigint not null`,
      sql`vehicle bigint not null`,
      sql`trailer bigint`,
      sql`driver bigint`,
      sql`planned_departure timestamptz`,
      sql`actual_departure timestamptz`,
      sql`actual_arrival timestamptz`,
      sql`kilometres numeric(18,1)`,
      sql`estimated_kg numeric(18,3)`,
      sql`verified_kg numeric(18,3)`,
      sql`notes text`,
      sql`tags bigint[]`,
    ],
    search: ['notes'],
  });
  await sql`create index transport_transporter on transport (transporter)`.execute(db);
  await sql`create index transport_vehicle on transport (vehicle)`.execute(db);
  await sql`create index transport_trailer on transport (trailer) where trailer is not null`.execute(db);
  await sql`create index transport_driver on transport (driver) where driver is not null`.execute(db);
  // the default list and the list by status, newest day first
  await sql`create index transport_date on transport (date desc, id desc)`.execute(db);
  await sql`create index transport_status_date on transport (status, date desc, id desc)`.execute(db);

  await createRecordTableV3(db, 'transport_stop', {
    columns: [
      sql`line_no integer`,
      sql`kind text not null`,
      sql`request bigint`,
      sql`warehouse bigint`,
      sql`planned_at timestamptz`,
      sql`actual_at timestamptz`,
      sql`estimated_kg numeric(18,3)`,
      sql`verified_kg numeric(18,3)`,
      sql`notes text`,
    ],
    search: [],
    codeUnique: false,
  });
  await sql`create index transport_stop_request on transport_stop (request) where request is not null`.execute(db);
  await sql`create index transport_stop_warehouse on transport_stop (warehouse)`.execute(db);
}

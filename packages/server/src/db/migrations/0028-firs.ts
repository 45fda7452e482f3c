import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 16 (FIR part): the FIRs of transports, their number series, and the R/D operations a
 * warehouse's authorisation admits. A FIR number is unique; `fir_series` keeps the last number
 * given per series and year, so a number is never given twice (a cancelled FIR keeps its own).
 * Indexes: the default list (newest first), a transport's FIRs, the verifier's worklist (FIRs with
 * anomalies not yet verified) and the sweep of FIRs unsigned past their deadline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table warehouse add column operations text[]`.execute(db);

  await sql`create table fir_series (
      series text not null,
      year integer not null,
      last_number integer not null,
      primary key (series, year)
    )`.execute(db);

  await createRecordTableV3(db, 'fir', {
    columns: [
      sql`number text not null`,
      sql`transport bigint not null`,
      sql`request bigint`,
      sql`request_line integer`,
      sql`issued_at timestamptz default now()`,
      sql`producer bigint`,
      sql`pickup_point bigint`,
      sql`transporter bigint`,
      sql`transporter_albo text`,
      sql`destination bigint`,
      sql`destination_authorisation text`,
      sql`intermediary bigint`,
      sql`waste bigint not null`,
      sql`description text`,
      sql`physical_state text`,
      sql`hp_properties text[]`,
      sql`operation text`,
      sql`quantity jsonb`,
      sql`estimated_kg numeric(18,3)`,
      sql`load_units text`,
      sql`un_number text`,
      sql`adr_class text`,
      sql`packing_group text`,
      sql`vehicle_plate text`,
      sql`trailer_plate text`,
      sql`driver text`,
      sql`start_at timestamptz`,
      sql`route_notes text`,
      sql`accepted_kg numeric(18,3)`,
      sql`refused_kg numeric(18,3)`,
      sql`refusal_reason text`,
      sql`verified_kg numeric(18,3)`,
      sql`signatures jsonb default '[]'::jsonb`,
      sql`sign_deadline timestamptz`,
      sql`anomalies text[]`,
      sql`verification text`,
      sql`verification_note text`,
      sql`verified_by text`,
      sql`verified_at timestamptz`,
    ],
    search: ['number'],
  });
  await sql`create unique index fir_number on fir (number)`.execute(db);
  await sql`create index fir_issued on fir (issued_at desc, id desc)`.execute(db);
  await sql`create index fir_status_issued on fir (status, issued_at desc, id desc)`.execute(db);
  await sql`create index fir_transport on fir (transport)`.execute(db);
  await sql`create index fir_producer on fir (producer)`.execute(db);
  await sql`create index fir_transporter on fir (transporter)`.execute(db);
  await sql`create index fir_intermediary on fir (intermediary) where intermediary is not null`.execute(db);
  await sql`create index fir_destination on fir (destination)`.execute(db);
  await sql`create index fir_request on fir (request) where request is not null`.execute(db);
  // the verifier's worklist, newest first
  await sql`create index fir_worklist on fir (issued_at desc, id desc) where anomalies is not null and verification is null and not deleted`.execute(db);
  // the sweep of FIRs still waiting for a signature
  await sql`create index fir_unsigned on fir (sign_deadline) where status in ('ISSUED', 'SIGNED_PRODUCER', 'SIGNED_TRANSPORTER') and not deleted`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 15: movement requests (one table for every kind, with their EER lines), conferrals at
 * collection centres (with their weighed lines), MSA field activities and samplings (with their
 * analysis results). Lines are child records: `parent_id` is the header, `line_no` their order.
 * Each list's default order and its usual filters have an index (lists stay fast at 1 M lines).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV3(db, 'transaction', {
    columns: [
      sql`kind text not null`,
      sql`requester bigint not null`,
      sql`producer bigint`,
      sql`pickup_point bigint not null`,
      sql`destination bigint`,
      sql`wished_from date not null`,
      sql`wished_to date`,
      sql`time_from text`,
      sql`time_to text`,
      sql`urgency text`,
      sql`transport_causal text[]`,
      sql`site_contact text`,
      sql`site_contact_phone text`,
      sql`estimated_kg numeric(18,3)`,
      sql`planned_date date`,
      sql`refusal_motivation text`,
      sql`refusal_notes text`,
      sql`notes text`,
      sql`tags bigint[]`,
    ],
    search: ['notes'],
  });
  await sql`create index transaction_requester on transaction (requester)`.execute(db);
  await sql`create index transaction_producer on transaction (producer)`.execute(db);
  await sql`create index transaction_pickup_point on transaction (pickup_point)`.execute(db);
  await sql`create index transaction_destination on transaction (destination)`.execute(db);
  // the default list (every kind, or one kind's route) and the list by status, newest wished date first
  await sql`create index transaction_wished on transaction (wished_from desc, id desc)`.execute(db);
  await sql`create index transaction_kind_wished on transaction (kind, wished_from desc, id desc)`.execute(db);
  await sql`create index transaction_status_wished on transaction (status, wished_from desc, id desc)`.execute(db);
  // the calendar: planned requests by day
  await sql`create index transaction_planned on transaction (planned_date) where planned_date is not null`.execute(db);

  await createRecordTableV3(db, 'transaction_line', {
    columns: [
      sql`line_no integer`,
      sql`waste bigint not null`,
      sql`description text`,
      sql`physical_state text`,
      sql`hp_properties text[]`,
      sql`quantity jsonb not null`,
      sql`load_unit bigint`,
      sql`load_unit_count integer`,
      sql`un_number text`,
      sql`adr_class text`,
      sql`packing_group text`,
      sql`photo bigint`,
    ],
    search: ['description'],
    codeUnique: false,
  });
  await sql`create index transaction_line_waste on transaction_line (waste)`.execute(db);

  await createRecordTableV3(db, 'conferral', {
    columns: [
      sql`cdr bigint not null`,
      sql`conferred_at timestamptz not null`,
      sql`company bigint`,
      sql`citizen_name text`,
      sql`citizen_fiscal_code text`,
      sql`municipality text`,
      sql`vehicle_plate text`,
      sql`total_kg numeric(18,3)`,
      sql`refusal_motivation text`,
      sql`notes text`,
    ],
    search: ['citizen_name', 'citizen_fiscal_code'],
  });
  await sql`create index conferral_cdr on conferral (cdr, conferred_at desc)`.execute(db);
  await sql`create index conferral_company on conferral (company)`.execute(db);
  await sql`create index conferral_conferred on conferral (conferred_at desc, id desc)`.execute(db);

  await createRecordTableV3(db, 'conferral_line', {
    columns: [
      sql`line_no integer`,
      sql`waste bigint not null`,
      sql`description text`,
      sql`weight_kg numeric(18,3) not null`,
      sql`accepted boolean`,
      sql`refusal_reason text`,
    ],
    search: ['description'],
    codeUnique: false,
  });
  await sql`create index conferral_line_waste on conferral_line (waste)`.execute(db);

  await createRecordTableV3(db, 'msa_activity', {
    columns: [
      sql`reason text not null`,
      sql`customer bigint not null`,
      sql`site bigint`,
      sql`planned_date date not null`,
      sql`planned_time text`,
      sql`done_date date`,
      sql`operator bigint`,
      sql`request bigint`,
      sql`outcome text`,
      sql`tags bigint[]`,
    ],
    search: ['outcome'],
  });
  await sql`create index msa_activity_customer on msa_activity (customer)`.execute(db);
  await sql`create index msa_activity_site on msa_activity (site)`.execute(db);
  await sql`create index msa_activity_operator on msa_activity (operator)`.execute(db);
  await sql`create index msa_activity_request on msa_activity (request)`.execute(db);
  await sql`create index msa_activity_planned on msa_activity (planned_date desc, id desc)`.execute(db);

  await createRecordTableV3(db, 'sampling', {
    columns: [
      sql`producer bigint not null`,
      sql`site bigint`,
      sql`waste bigint not null`,
      sql`sampled_on date not null`,
      sql`sample_code text`,
      sql`laboratory bigint`,
      sql`sent_on date`,
      sql`report_number text`,
      sql`report_date date`,
      sql`classification text`,
      sql`hp_properties text[]`,
      sql`notes text`,
    ],
    search: ['sample_code', 'report_number'],
  });
  await sql`create index sampling_producer on sampling (producer, waste)`.execute(db);
  await sql`create index sampling_site on sampling (site)`.execute(db);
  await sql`create index sampling_waste on sampling (waste)`.execute(db);
  await sql`create index sampling_laboratory on sampling (laboratory)`.execute(db);
  await sql`create index sampling_sampled on sampling (sampled_on desc, id desc)`.execute(db);

  await createRecordTableV3(db, 'sampling_result', {
    columns: [
      sql`line_no integer`,
      sql`substance bigint not null`,
      sql`concentration numeric(18,6) not null`,
      sql`unit text`,
      sql`limit_value numeric(18,6)`,
      sql`exceeds boolean`,
    ],
    search: [],
    codeUnique: false,
  });
  await sql`create index sampling_result_substance on sampling_result (substance)`.execute(db);
}

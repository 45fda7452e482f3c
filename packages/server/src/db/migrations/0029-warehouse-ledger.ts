import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 18: the stock ledger, its registers and treatments.
 * - `warehouse_movement`: one row per load (C) or unload (S) in a warehouse (the ledger). A row
 *   is numbered in its warehouse's register for the year it is registered in: the pair is unique,
 *   so a number is never given twice.
 * - `warehouse_register`: the last number given per warehouse and year (taken in the posting's
 *   transaction, so concurrent postings wait for each other: no duplicate, no gap) and the last
 *   registration time (registration times never go back within a register).
 * - `warehouse_stock`: the running balance per warehouse × EER code × material (and the totals
 *   loaded and unloaded), kept in the posting's transaction; `check (quantity_kg >= 0)` is the
 *   last guard that stock never goes below zero (the posting checks first, with the figures).
 *   Stock at a past date is the ledger's sum up to it (index `warehouse_movement_stock`).
 * - `warehouse_load_fifo`: per load, the kg loaded before it (same warehouse and item): the age of
 *   the stock now is one index lookup, not a pass over the ledger.
 * - `treatment` and its input and output lines; `displacement` (stock moved between two of the
 *   company's warehouses) and its lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV3(db, 'warehouse_movement', {
    columns: [
      sql`warehouse bigint not null`,
      // given by the server at every posting (never null in practice; nullable as the catalogue's read-only fields are)
      sql`register_year integer`,
      sql`register_number integer`,
      sql`registered_at timestamptz`,
      sql`causal text not null`,
      sql`movement text check (movement in ('C', 'S'))`,
      sql`operation_date timestamptz not null`,
      sql`waste bigint`,
      sql`material bigint`,
      sql`quantity_kg numeric(18,3) not null check (quantity_kg > 0)`,
      sql`counterpart bigint`,
      sql`counterpart_subject bigint`,
      sql`fir bigint`,
      sql`fir_number text`,
      sql`operation text`,
      sql`source text`,
      sql`source_id bigint`,
      sql`source_code text`,
      sql`corrects bigint`,
      sql`notes text`,
    ],
    search: ['fir_number', 'source_code'],
  });
  await sql`create unique index warehouse_movement_number on warehouse_movement (warehouse, register_year, register_number)`.execute(db);
  // the default list (newest registration first) and the treatments' view
  await sql`create index warehouse_movement_registered on warehouse_movement (registered_at desc, id desc)`.execute(db);
  await sql`create index warehouse_movement_treatments on warehouse_movement (registered_at desc, id desc) where source = 'TREATMENT'`.execute(db);
  // stock at a date: a warehouse's rows up to it, per EER code or material
  await sql`create index warehouse_movement_stock on warehouse_movement (warehouse, waste, material, operation_date)`.execute(db);
  await sql`create index warehouse_movement_source on warehouse_movement (source, source_id)`.execute(db);
  await sql`create index warehouse_movement_waste on warehouse_movement (waste) where waste is not null`.execute(db);
  await sql`create index warehouse_movement_material on warehouse_movement (material) where material is not null`.execute(db);
  await sql`create index warehouse_movement_fir on warehouse_movement (fir) where fir is not null`.execute(db);
  await sql`create index warehouse_movement_counterpart on warehouse_movement (counterpart) where counterpart is not null`.execute(db);
  await sql`create index warehouse_movement_subject on warehouse_movement (counterpart_subject) where counterpart_subject is not null`.execute(db);
  // a row is corrected once (the correction reverses it; a new row then says what is right)
  await sql`create unique index warehouse_movement_corrects on warehouse_movement (corrects) where corrects is not null and not deleted`.execute(db);

  await sql`create table warehouse_register (
      warehouse bigint not null,
      year integer not null,
      last_number integer not null,
      last_at timestamptz not null,
      primary key (warehouse, year)
    )`.execute(db);

  await sql`create table warehouse_stock (
      warehouse bigint not null,
      waste bigint not null default 0,
      material bigint not null default 0,
      quantity_kg numeric(18,3) not null check (quantity_kg >= 0),
      loaded_kg numeric(18,3) not null default 0,
      unloaded_kg numeric(18,3) not null default 0,
      primary key (warehouse, waste, material)
    )`.execute(db);
  // first in, first out: each load with the loads of its warehouse × item registered before it;
  // the oldest load still in stock is the one whose span holds the total unloaded
  await sql`create table warehouse_load_fifo (
      movement bigint primary key,
      warehouse bigint not null,
      waste bigint not null default 0,
      material bigint not null default 0,
      loaded_before_kg numeric(18,3) not null,
      quantity_kg numeric(18,3) not null,
      operation_date timestamptz not null,
      operation text
    )`.execute(db);
  await sql`create index warehouse_load_fifo_span on warehouse_load_fifo (warehouse, waste, material, loaded_before_kg)`.execute(db);

  await createRecordTableV3(db, 'treatment', {
    columns: [
      sql`plant bigint not null`,
      sql`treated_at timestamptz not null`,
      sql`operation text not null`,
      sql`declared_loss_pct numeric(18,2) not null default 0`,
      sql`input_kg numeric(18,3)`,
      sql`output_kg numeric(18,3)`,
      sql`loss_kg numeric(18,3)`,
      sql`batch text`,
      sql`notes text`,
    ],
    search: ['batch', 'notes'],
  });
  await sql`create index treatment_treated on treatment (treated_at desc, id desc)`.execute(db);
  await sql`create index treatment_status_treated on treatment (status, treated_at desc, id desc)`.execute(db);
  await sql`create index treatment_plant on treatment (plant)`.execute(db);

  for (const table of ['treatment_input', 'treatment_output']) {
    await createRecordTableV3(db, table, {
      columns: [
        sql`line_no integer`,
        ...(table === 'treatment_output' ? [sql`fraction bigint`, sql`waste bigint`] : [sql`waste bigint not null`]),
        ...(table === 'treatment_output' ? [sql`material bigint`] : []),
        sql`quantity_kg numeric(18,3) not null`,
      ],
      search: [],
      codeUnique: false,
    });
    await sql`create index ${sql.id(`${table}_waste`)} on ${sql.table(table)} (waste) where waste is not null`.execute(db);
  }

  await createRecordTableV3(db, 'displacement', {
    columns: [
      sql`origin bigint not null`,
      sql`destination bigint not null`,
      sql`moved_at timestamptz not null`,
      sql`transporter bigint`,
      sql`vehicle_plate text`,
      sql`fir_number text`,
      sql`total_kg numeric(18,3)`,
      sql`notes text`,
    ],
    search: ['fir_number', 'vehicle_plate', 'notes'],
  });
  await sql`create index displacement_moved on displacement (moved_at desc, id desc)`.execute(db);
  await sql`create index displacement_status_moved on displacement (status, moved_at desc, id desc)`.execute(db);
  await sql`create index displacement_origin on displacement (origin)`.execute(db);
  await sql`create index displacement_destination on displacement (destination)`.execute(db);
  await sql`create index displacement_transporter on displacement (transporter) where transporter is not null`.execute(db);
  await createRecordTableV3(db, 'displacement_line', {
    columns: [sql`line_no integer`, sql`waste bigint`, sql`material bigint`, sql`quantity_kg numeric(18,3) not null`],
    search: [],
    codeUnique: false,
  });
}

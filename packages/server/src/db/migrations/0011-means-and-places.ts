import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/** Load units, materials, services, vehicles and warehouses. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'load_unit', {
    columns: [sql`name text not null`, sql`load_type text`, sql`capacity_m3 numeric(18,2)`, sql`capacity_kg numeric(18,0)`, sql`tare_kg numeric(18,1)`, sql`notes text`],
    search: ['name'],
  });
  await createRecordTableV2(db, 'material', {
    columns: [
      sql`name text not null`,
      sql`product_kind text`,
      sql`measure_unit text not null`,
      sql`end_of_waste boolean`,
      sql`source_waste bigint[]`,
      sql`notes text`,
    ],
    search: ['name'],
  });
  await createRecordTableV2(db, 'biz_service', {
    columns: [sql`name text not null`, sql`service_kind text not null`, sql`measure_unit text not null`, sql`description text`],
    search: ['name', 'description'],
  });
  await createRecordTableV2(db, 'vehicle', {
    columns: [
      sql`plate text not null`,
      sql`plate_country text`,
      sql`vehicle_type text not null`,
      sql`make text`,
      sql`model text`,
      sql`registration_year integer`,
      sql`capacity_kg numeric(18,0)`,
      sql`capacity_m3 numeric(18,2)`,
      sql`tare_kg numeric(18,0)`,
      sql`pollution_category text`,
      sql`adr boolean`,
      sql`adr_expiry date`,
      sql`owner bigint`,
      sql`albo_number text`,
      sql`tags bigint[]`,
      sql`notes text`,
    ],
    search: ['plate', 'make', 'model', 'albo_number'],
  });
  // one vehicle per plate and country among the records in use
  await sql`create unique index vehicle_plate on vehicle (plate_country, plate) where not deleted`.execute(db);
  await sql`create index vehicle_owner on vehicle (owner)`.execute(db);
  await createRecordTableV2(db, 'warehouse', {
    columns: [
      sql`name text not null`,
      sql`warehouse_type text not null`,
      sql`owner bigint`,
      sql`address jsonb`,
      sql`authorised_waste bigint[]`,
      sql`capacity_tons numeric(18,3)`,
      sql`authorisation_number text`,
      sql`authorisation_expiry date`,
      sql`tags bigint[]`,
      sql`notes text`,
    ],
    search: ['name', 'authorisation_number', sql`address->>'city'`, sql`address->>'street'`],
  });
  await sql`create index warehouse_type on warehouse (warehouse_type, name)`.execute(db);
  await sql`create index warehouse_owner on warehouse (owner)`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 (lists that do not count the world): the default list of an entity reads its first
 * page through an index in the list's order, never by sorting the whole table. The lists below
 * had none; test/performance/list-plans.test.ts EXPLAINs every default list on 100 000 rows and
 * refuses a sequential scan. Each index holds the default sort and the id that ends every order
 * (records/search.ts: `…, id desc`), and only records not deleted: the engine always filters
 * them out unless asked for the deleted too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // by name: tags, scheduler entries, load units, materials, services, areas, fractions,
  // chemical parameters, service agreements, and warehouses of every type together (the list of
  // one type has warehouse_type)
  await sql`create index tag_name on tag (name, id desc) where not deleted`.execute(db);
  await sql`create index scheduler_name on scheduler (name, id desc) where not deleted`.execute(db);
  await sql`create index load_unit_name on load_unit (name, id desc) where not deleted`.execute(db);
  await sql`create index material_name on material (name, id desc) where not deleted`.execute(db);
  await sql`create index biz_service_name on biz_service (name, id desc) where not deleted`.execute(db);
  await sql`create index area_name on area (name, id desc) where not deleted`.execute(db);
  await sql`create index fraction_name on fraction (name, id desc) where not deleted`.execute(db);
  await sql`create index chemistry_name on chemistry (name, id desc) where not deleted`.execute(db);
  await sql`create index service_agreement_name on service_agreement (name, id desc) where not deleted`.execute(db);
  await sql`create index warehouse_name on warehouse (name, id desc) where not deleted`.execute(db);
  // vehicles by plate (the unique vehicle_plate starts with the country)
  await sql`create index vehicle_plate_order on vehicle (plate, id desc) where not deleted`.execute(db);
  // Albo enrolments, the first to expire first
  await sql`create index albo_authorisation_expiry on albo_authorisation (expiry, id desc) where not deleted`.execute(db);
}

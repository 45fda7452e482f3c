import { sql, type Kysely } from 'kysely';
import { createRecordTableV1 } from '../record-table.js';

/**
 * Configuration entities: scheduler entries, icons, entity configuration overrides; and the
 * system registry gets an id and a version so its edits have a history in record_history
 * (entity 'sysregistry', record_id = the entry's id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV1(db, 'scheduler', {
    columns: [
      sql`name text not null`,
      sql`description text`,
      sql`job text not null`,
      sql`cron text not null`,
      sql`enabled boolean not null`,
      sql`timezone text not null`,
      sql`next_run_at timestamptz`,
    ],
    search: ['name', 'job', 'description'],
  });
  // what the job runner will ask: the enabled entries that are due
  await sql`create index scheduler_due on scheduler (next_run_at) where enabled and not deleted`.execute(db);

  await createRecordTableV1(db, 'icon', {
    columns: [sql`name text not null`, sql`category text`, sql`svg text not null`],
    search: ['name', 'category'],
  });

  // one record per route: the unique code index of createRecordTableV1 (among records not deleted)
  await createRecordTableV1(db, 'entity_conf', {
    columns: [
      sql`label jsonb`,
      sql`icon text`,
      sql`color text`,
      sql`text_color text`,
      sql`menu_visible boolean`,
      sql`global_search_visible boolean`,
      sql`global_search_icon text`,
    ],
    search: [sql`label->>'it'`, sql`label->>'en'`],
  });

  await sql`alter table sys_registry add column id bigint generated always as identity`.execute(db);
  await sql`alter table sys_registry add constraint sys_registry_id unique (id)`.execute(db);
  await sql`alter table sys_registry add column version integer not null default 1`.execute(db);
}

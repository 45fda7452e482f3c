import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/**
 * Business units (at most one of type DEFAULT), CMS structures and resources; and the queue of
 * privacy-change notices: a row per new revision of a privacy definition, written in the same
 * transaction as the revision and mailed to the definition's audience once it is committed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'business_unit', {
    columns: [sql`name text not null`, sql`type text not null`, sql`subject bigint not null`, sql`description text`],
    search: ['name'],
  });
  // a second DEFAULT unit is refused on its `type` field (index `{table}_{column}`)
  await sql`create unique index business_unit_type on business_unit (type) where type = 'DEFAULT' and not deleted`.execute(db);
  await sql`create index business_unit_subject on business_unit (subject)`.execute(db);

  await createRecordTableV2(db, 'cms_structure', {
    columns: [sql`name text not null`, sql`description text`],
    search: ['name', 'description'],
  });

  await createRecordTableV2(db, 'cms_resource', {
    columns: [sql`document bigint`, sql`path text not null`, sql`file_name text`, sql`description text`],
    search: ['path', 'file_name'],
  });
  // one resource per path
  await sql`create unique index cms_resource_path on cms_resource (path) where not deleted`.execute(db);

  await sql`
    create table privacy_notice (
      id bigint generated always as identity primary key,
      privacy_id bigint not null references privacy_definition (id),
      revision integer not null,
      requested_by text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      recipients integer,
      unique (privacy_id, revision)
    )`.execute(db);
  await sql`create index privacy_notice_pending on privacy_notice (id) where sent_at is null`.execute(db);
}

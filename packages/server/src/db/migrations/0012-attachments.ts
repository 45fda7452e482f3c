import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/**
 * Notes and document links attached to any record (owner = base entity name + id). A note may
 * have no owner (the user menu's notes); a document link always has one and names a row of
 * `documents`, whose file is kept as long as the link exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'note', {
    columns: [sql`owner_entity text`, sql`owner_id bigint`, sql`title text not null`, sql`body text`, sql`check ((owner_entity is null) = (owner_id is null))`],
    search: ['title', 'body'],
  });
  await sql`create index note_owner on note (owner_entity, owner_id) where not deleted`.execute(db);

  await createRecordTableV2(db, 'attachment', {
    columns: [
      sql`owner_entity text not null`,
      sql`owner_id bigint not null`,
      sql`document bigint not null references documents(id)`,
      sql`title text`,
      sql`file_name text`,
      sql`mime_type text`,
      sql`description text`,
    ],
    search: ['title', 'file_name', 'description'],
  });
  await sql`create index attachment_owner on attachment (owner_entity, owner_id) where not deleted`.execute(db);
  await sql`create index attachment_document on attachment (document)`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 13, findings 10 and 14. A note on no record is its author's unless `shared` (the notes
 * written so far become private: they were meant as personal notes). The uploads of one user in
 * the last day are summed at each upload (the per-user quota): an index by uploader and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table note add column shared boolean default false`.execute(db);
  await sql`create index document_versions_uploader on document_versions (created_by, created_at)`.execute(db);
}

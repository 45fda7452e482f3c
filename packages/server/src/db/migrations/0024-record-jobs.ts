import { sql, type Kysely } from 'kysely';

/**
 * Imports and exports as jobs (issue 13, finding 2): their progress, so the web shows a progress
 * bar whichever app server it asks, and the cancel request the running job reads between chunks.
 * `record_job_written` lists, per committed chunk, the records an import wrote outside one
 * transaction (the embedded database, where a transaction would hold the only connection for the
 * whole import): they are removed when the import fails, is cancelled or its process died.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table record_job (
      id uuid primary key,
      kind text not null,
      target text not null,
      user_id bigint not null references users(id) on delete cascade,
      status text not null,
      phase text,
      processed integer not null default 0,
      total integer,
      dry_run boolean,
      cancel_requested boolean not null default false,
      result jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index record_job_status on record_job (status, created_at)`.execute(db);
  await sql`
    create table record_job_written (
      job_id uuid not null references record_job(id) on delete cascade,
      entity text not null,
      ids bigint[] not null
    )`.execute(db);
  await sql`create index record_job_written_job on record_job_written (job_id)`.execute(db);
}

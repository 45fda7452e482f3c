import { sql, type Kysely } from 'kysely';

/** The history of every record of every entity (who, when, what changed), and the code counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table record_history (
      id bigint generated always as identity primary key,
      entity text not null,
      record_id bigint not null,
      version integer not null,
      action text not null,
      at timestamptz not null default now(),
      by_user text,
      by_user_id bigint,
      changes jsonb not null default '{}'::jsonb
    )`.execute(db);
  await sql`create index record_history_record on record_history (entity, record_id, version)`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: scheduler entries run. `scheduler_run` keeps every run of an entry (on schedule or
 * "run now"): when it started and ended, how it went, its log (the runner keeps its last 64 KB)
 * and the process that ran it, whose heartbeat tells a live run from one a dead process left
 * RUNNING. At most one run of an entry is RUNNING at a time (a unique partial index: two
 * processes cannot both start one). Entries get their job's `parameters`; notices get a
 * `dedupe_key` so a job that tells users of the same fact at every run (a deadline) writes its
 * notice once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduler add column parameters jsonb`.execute(db);
  await sql`
    create table scheduler_run (
      id bigint generated always as identity primary key,
      scheduler_id bigint not null references scheduler(id) on delete cascade,
      job text not null,
      trigger text not null check (trigger in ('SCHEDULE', 'MANUAL')),
      status text not null check (status in ('RUNNING', 'SUCCEEDED', 'FAILED')),
      started_at timestamptz not null default now(),
      ended_at timestamptz,
      duration_ms integer,
      log text not null default '',
      error text,
      triggered_by text,
      instance_id text not null,
      heartbeat_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index scheduler_run_entry on scheduler_run (scheduler_id, started_at desc, id desc)`.execute(db);
  await sql`create unique index scheduler_run_one_running on scheduler_run (scheduler_id) where status = 'RUNNING'`.execute(db);
  await sql`create index scheduler_run_ended on scheduler_run (ended_at) where status <> 'RUNNING'`.execute(db);

  await sql`alter table notice add column dedupe_key text`.execute(db);
  await sql`create unique index notice_dedupe on notice (user_id, dedupe_key) where dedupe_key is not null`.execute(db);
}

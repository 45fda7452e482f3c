import { sql, type Kysely } from 'kysely';
import { createRecordTableV2 } from '../record-table.js';

/**
 * Privacy definitions and their acceptances; service agreements and the answers users give.
 * Acceptances and answers are appended, never rewritten: they are the proof of what a user
 * accepted, at which revision, when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRecordTableV2(db, 'privacy_definition', {
    columns: [
      sql`label jsonb not null`,
      sql`document bigint`,
      sql`revision integer not null`,
      sql`document_version integer`,
      sql`valid_from date`,
      sql`mandatory boolean not null`,
      sql`active boolean not null`,
      sql`audience text[]`,
      sql`notes text`,
    ],
    search: [sql`label->>'it'`, sql`label->>'en'`],
  });

  await sql`
    create table privacy_acceptance (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      privacy_id bigint not null references privacy_definition (id),
      revision integer not null,
      document_version integer,
      accepted_at timestamptz not null default now(),
      unique (user_id, privacy_id, revision)
    )`.execute(db);
  await sql`create index privacy_acceptance_privacy on privacy_acceptance (privacy_id, revision)`.execute(db);

  await createRecordTableV2(db, 'service_agreement', {
    columns: [
      sql`name text not null`,
      sql`description text`,
      sql`title jsonb not null`,
      sql`body jsonb not null`,
      sql`mandatory boolean not null`,
      sql`active boolean not null`,
      sql`document bigint`,
    ],
    search: ['name', 'description', sql`title->>'it'`, sql`title->>'en'`],
  });

  await sql`
    create table service_agreement_answer (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      agreement_id bigint not null references service_agreement (id),
      agreed boolean not null,
      answered_at timestamptz not null default now()
    )`.execute(db);
  // the latest answer of a user to an agreement
  await sql`create index service_agreement_answer_latest on service_agreement_answer (user_id, agreement_id, id desc)`.execute(db);
}

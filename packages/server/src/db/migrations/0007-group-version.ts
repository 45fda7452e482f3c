import { sql, type Kysely } from 'kysely';

/** Groups get a version so that two administrators editing one group at once are told (409), not overwritten. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table groups add column version integer not null default 1`.execute(db);
}

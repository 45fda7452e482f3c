import { sql, type Kysely } from 'kysely';

/** Albo enrolments get a status (ACTIVE, SUSPENDED, REVOKED): the ones already recorded are in force. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update albo_authorisation set status = 'ACTIVE' where status is null`.execute(db);
}

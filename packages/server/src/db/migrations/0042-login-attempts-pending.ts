import { sql, type Kysely } from 'kysely';

/**
 * Sign-in attempts are counted before their guess is checked (auth/login-throttle.ts); `pending`
 * marks the ones still being checked. A wrong guess settles its row (pending false: a counted
 * failure), a right one deletes it, so correct sign-ins in flight no longer count as failures of
 * their address. Rows already there, and rows written by a process that predates this column,
 * are counted failures, as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_failures add column pending boolean not null default false`.execute(db);
}

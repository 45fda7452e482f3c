import { sql, type Kysely } from 'kysely';

/**
 * Issue 15, the request lists at a million lines (`bench:requests`, PostgreSQL, 400 000 requests):
 * - a kind's list filtered by status (`/rdr` with status SUBMITTED…) reads its page from one index;
 * - an external user's list (row rules: requester or producer among their company's subjects)
 *   counts its rows from two partial indexes that hold kind and the live rows only: an owner's
 *   7 289 pickup requests were counted in 24 ms (a bitmap over requester and producer, then every
 *   row's kind and flags read from the table), in 4.8 ms with these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transaction_kind_status_wished on transaction (kind, status, wished_from desc, id desc)`.execute(db);
  await sql`create index transaction_requester_kind on transaction (requester, kind) where not deleted and not archived`.execute(db);
  await sql`create index transaction_producer_kind on transaction (producer, kind) where not deleted and not archived`.execute(db);
}

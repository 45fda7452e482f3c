import { sql, type Kysely } from 'kysely';

/**
 * Messages users write to a subject (issue 20, "Messages"): a communication keeps the body of such
 * a message (`body`; the application's own messages keep none, as before), and an outbox row waiting
 * for the SMTP server is claimed before it is sent (`claimed_at`), so that two drains — the answer
 * to the user, a resend, OUTBOX_RETRY, in this process or another — never send it twice. The
 * partial index is the drain's queue: the messages still to send by SMTP.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table communication add column body text`.execute(db);
  await sql`alter table mail_outbox add column claimed_at timestamptz`.execute(db);
  await sql`create index mail_outbox_queued on mail_outbox (id) where status = 'QUEUED' and transport = 'SMTP'`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Secrets out of the readable outbox (issue 13, finding 1): a message that carries a link or a
 * password meant for one person keeps it in `secret_text` / `secret_html`, shown only to the user
 * it was sent to (`recipient_user_id`); `body_text` / `body_html` hold the same message with the
 * secret masked. Messages already kept are moved the same way with no recipient: nobody reads
 * their secret again.
 */
const SECRET_TEMPLATES = ['REGISTRATION_LINK', 'RECOVER_PASSWORD_LINK', 'TEMPORARY_PASSWORD'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column secret_text text, add column secret_html text,
    add column recipient_user_id bigint references users(id) on delete set null`.execute(db);
  await sql`
    update mail_outbox
    set secret_text = body_text, secret_html = body_html,
        body_text = '(Messaggio con un link o una password personali: il testo non è più consultabile.)', body_html = null
    where transport = 'OUTBOX' and template = any(${SECRET_TEMPLATES}::text[]) and (body_text is not null or body_html is not null)`.execute(db);
}

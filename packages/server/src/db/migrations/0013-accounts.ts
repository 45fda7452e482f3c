import { sql, type Kysely } from 'kysely';

/**
 * Accounts: every outgoing message (the outbox when no SMTP server is configured, the log of
 * what was sent otherwise) and the one-time links of registration and password recovery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_outbox (
      id bigint generated always as identity primary key,
      created_at timestamptz not null default now(),
      to_address text not null,
      subject text not null,
      template text not null,
      lang text not null,
      transport text not null,
      status text not null,
      error text,
      body_text text,
      body_html text,
      sent_at timestamptz,
      created_by text
    )`.execute(db);
  await sql`create index mail_outbox_created on mail_outbox (created_at desc, id desc)`.execute(db);
  await sql`create index mail_outbox_to on mail_outbox (lower(to_address), id desc)`.execute(db);

  // the link's uuid is only ever stored hashed: a copy of the table opens no account
  await sql`
    create table account_links (
      token_hash text primary key,
      kind text not null,
      email text not null,
      user_id bigint references users (id) on delete cascade,
      registration_type text,
      lang text not null,
      created_by bigint references users (id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index account_links_expires on account_links (expires_at)`.execute(db);
}

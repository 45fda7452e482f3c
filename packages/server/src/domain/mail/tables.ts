import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Every outgoing message: the outbox without SMTP, the log of what was sent with it (migration 0013). */
export interface MailOutboxTable {
  id: Generated<number>;
  created_at: DefaultedTimestamp;
  to_address: string;
  subject: string;
  template: string;
  lang: string;
  /** SMTP or OUTBOX. */
  transport: string;
  /** SENT, FAILED (SMTP) or QUEUED (outbox). */
  status: string;
  error: string | null;
  body_text: string | null;
  body_html: string | null;
  sent_at: NullableTimestamp;
  created_by: string | null;
  /** The whole message when it carries a secret (a link, a password): for its recipient only (migration 0022). */
  secret_text: string | null;
  secret_html: string | null;
  recipient_user_id: number | null;
  /** When a drain took the QUEUED message to send it by SMTP (migration 0040); null when nobody holds it. */
  claimed_at: NullableTimestamp;
}

/** One-time links of registration and password recovery (migration 0013). */
export interface AccountLinksTable {
  token_hash: string;
  /** REGISTRATION or RECOVER_PASSWORD. */
  kind: string;
  email: string;
  user_id: number | null;
  registration_type: string | null;
  lang: string;
  created_by: number | null;
  created_at: DefaultedTimestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

// a type alias (not an interface) so that it satisfies Kysely's table-map constraint
export type AccountTables = {
  mail_outbox: MailOutboxTable;
  account_links: AccountLinksTable;
};

export type AccountsDb = Kysely<Database & AccountTables>;
export type AccountsTrx = Transaction<Database & AccountTables>;

/** The application's database seen with the tables of this module. */
export const withAccountTables = (db: Kysely<Database>): AccountsDb => db.withTables<AccountTables>() as unknown as AccountsDb;

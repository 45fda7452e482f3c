import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What became of the mail of a notice: to send, sent (by SMTP or into the outbox), failed, or none (no email). */
export const NOTICE_MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED', 'NONE'] as const;
export type NoticeMailStatus = (typeof NOTICE_MAIL_STATUSES)[number];

/** An in-app notice to one user (migration 0026). */
export interface NoticeTable {
  id: Generated<number>;
  user_id: number;
  /** What happened: REQUEST_STATUS_CHANGED. */
  kind: string;
  /** The record it is about: its entity, id and the web route that opens it. */
  entity: string | null;
  record_id: number | null;
  route: string | null;
  /** In the user's language when the notice was written. */
  title: string;
  body: string | null;
  /** The values of the notice (its mail's placeholders). */
  data: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: DefaultedTimestamp;
  read_at: NullableTimestamp;
  mail_status: ColumnType<NoticeMailStatus, NoticeMailStatus | undefined, NoticeMailStatus>;
  mail_claimed_at: NullableTimestamp;
  /** A job's notice of one fact (a record's deadline): unique per user, so the fact is told once (migration 0033). */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
}

// a type alias (not an interface) so that it satisfies Kysely's table-map constraint
export type NoticeTables = {
  notice: NoticeTable;
};

export type NoticesDb = Kysely<Database & NoticeTables>;
export type NoticesTrx = Transaction<Database & NoticeTables>;

/** The application's database seen with the tables of this module. */
export const withNoticeTables = <D extends Kysely<Database>>(db: D): D extends Transaction<Database> ? NoticesTrx : NoticesDb =>
  db.withTables<NoticeTables>() as never;

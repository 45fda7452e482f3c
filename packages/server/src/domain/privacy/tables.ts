import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One acceptance of one revision of a privacy definition by one user (migration 0017). */
export interface PrivacyAcceptanceTable {
  id: Generated<number>;
  user_id: number;
  privacy_id: number;
  revision: number;
  /** The version of the document the accepted revision was published with (null: no document). */
  document_version: number | null;
  accepted_at: DefaultedTimestamp;
}

/** One answer of a user to a service agreement; the latest (highest id) counts (migration 0017). */
export interface ServiceAgreementAnswerTable {
  id: Generated<number>;
  user_id: number;
  agreement_id: number;
  agreed: boolean;
  answered_at: DefaultedTimestamp;
}

// a type alias (not an interface) so that it satisfies Kysely's table-map constraint
export type PrivacyTables = {
  privacy_acceptance: PrivacyAcceptanceTable;
  service_agreement_answer: ServiceAgreementAnswerTable;
};

export type PrivacyDb = Kysely<Database & PrivacyTables>;
export type PrivacyTrx = Transaction<Database & PrivacyTables>;

/** The application's database seen with the tables of this module. */
export const withPrivacyTables = (db: Kysely<Database>): PrivacyDb => db.withTables<PrivacyTables>() as unknown as PrivacyDb;

import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: a price list may name the signed contract its prices were agreed in, and an invoice
 * the contract whose work it bills (the run invoices each contract apart); a collection or payment
 * names the account (FINANCIAL_ACCOUNT) the money went through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pricelist add column contract bigint`.execute(db);
  await sql`alter table invoice add column contract bigint`.execute(db);
  await sql`create index invoice_contract on invoice (contract) where contract is not null`.execute(db);
  await sql`alter table account_movement add column account text`.execute(db);
  await sql`create index account_movement_account on account_movement (account, movement_date desc) where account is not null`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import { createRecordTableV3 } from '../record-table.js';

/**
 * Issue 19: price lists, sales and supplier invoices, account movements.
 * - `pricelist` and its rows (one EER code, material or service each, per unit);
 * - `invoice` and its lines: a line names the work it prices (`source_kind`, `source_id`), so the
 *   invoice run takes each piece of work once; `invoice_counter` is the last number given per
 *   year and section, taken in the issuing transaction (no gap, no duplicate) with the last issue
 *   date (numbers follow dates: DPR 633/1972 art. 21 c. 2 lett. b);
 * - `supplier_invoice` and its lines, with what the purchase list and our records expected;
 * - `account_movement`: collections and payments against one invoice each;
 * - subjects get payment terms, split payment and a VAT exemption for sales.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subject add column payment_terms_days integer, add column split_payment boolean, add column vat_exemption text`.execute(db);

  await createRecordTableV3(db, 'pricelist', {
    columns: [
      sql`name text not null`,
      sql`direction text not null`,
      sql`counterpart bigint`,
      sql`valid_from date not null`,
      sql`valid_to date`,
      sql`currency text not null default 'EUR'`,
      sql`notes text`,
    ],
    search: ['name'],
  });
  await sql`create index pricelist_valid on pricelist (valid_from desc, id desc)`.execute(db);
  await sql`create index pricelist_direction_valid on pricelist (direction, valid_from desc, id desc)`.execute(db);
  await sql`create index pricelist_counterpart on pricelist (counterpart) where counterpart is not null`.execute(db);
  await createRecordTableV3(db, 'pricelist_row', {
    columns: [
      sql`line_no integer`,
      sql`waste bigint`,
      sql`material bigint`,
      sql`service bigint`,
      sql`unit text not null`,
      sql`price numeric(18,4) not null`,
      sql`minimum_charge numeric(18,2)`,
      sql`vat_code text`,
      sql`valid_from date`,
      sql`valid_to date`,
    ],
    search: [],
    codeUnique: false,
  });

  await createRecordTableV3(db, 'invoice', {
    columns: [
      sql`document_type text not null default 'TD01'`,
      sql`section text not null default 'A'`,
      sql`document_number text`,
      sql`year integer`,
      sql`number integer`,
      sql`issue_date date`,
      sql`customer bigint not null`,
      sql`period_from date`,
      sql`period_to date`,
      sql`credited_invoice bigint`,
      sql`payment_type text not null default 'BONIFICO'`,
      sql`payment_terms_days integer`,
      sql`due_date date`,
      sql`split_payment boolean default false`,
      sql`taxable numeric(18,2)`,
      sql`vat numeric(18,2)`,
      sql`total numeric(18,2)`,
      sql`payable numeric(18,2)`,
      sql`stamp_duty numeric(18,2)`,
      sql`paid_amount numeric(18,2)`,
      sql`payment_status text`,
      sql`file_name text`,
      sql`notes text`,
    ],
    search: ['document_number', 'notes'],
  });
  await sql`create unique index invoice_number on invoice (year, section, number) where number is not null`.execute(db);
  await sql`create index invoice_issued on invoice (issue_date desc nulls first, id desc)`.execute(db);
  await sql`create index invoice_status_issued on invoice (status, issue_date desc, id desc)`.execute(db);
  await sql`create index invoice_customer on invoice (customer)`.execute(db);
  await sql`create index invoice_due on invoice (due_date) where payment_status in ('TO_PAY', 'PARTIALLY_PAID')`.execute(db);
  await sql`create index invoice_credited on invoice (credited_invoice) where credited_invoice is not null`.execute(db);
  await createRecordTableV3(db, 'invoice_line', {
    columns: [
      sql`line_no integer`,
      sql`description text not null`,
      sql`waste bigint`,
      sql`material bigint`,
      sql`service bigint`,
      sql`work_date date`,
      sql`reference text`,
      sql`quantity numeric(18,3)`,
      sql`unit text`,
      sql`unit_price numeric(18,4) not null`,
      sql`minimum_charge numeric(18,2)`,
      sql`amount numeric(18,2)`,
      sql`vat_code text not null`,
      sql`vat_rate numeric(18,2)`,
      sql`source_kind text`,
      sql`source_id bigint`,
    ],
    search: [],
    codeUnique: false,
  });
  await sql`create index invoice_line_source on invoice_line (source_kind, source_id) where source_id is not null`.execute(db);
  await sql`create table invoice_counter (
      year integer not null,
      section text not null,
      last_number integer not null,
      last_date date not null,
      primary key (year, section)
    )`.execute(db);

  await createRecordTableV3(db, 'supplier_invoice', {
    columns: [
      sql`supplier bigint not null`,
      sql`document_number text not null`,
      sql`issue_date date not null`,
      sql`received_date date`,
      sql`period_from date`,
      sql`period_to date`,
      sql`payment_type text`,
      sql`due_date date`,
      sql`taxable numeric(18,2)`,
      sql`vat numeric(18,2)`,
      sql`total numeric(18,2)`,
      sql`paid_amount numeric(18,2)`,
      sql`payment_status text`,
      sql`check_outcome text`,
      sql`notes text`,
    ],
    search: ['document_number', 'notes'],
  });
  await sql`create unique index supplier_invoice_number on supplier_invoice (supplier, extract(year from issue_date), document_number) where not deleted and status <> 'CANCELLED'`.execute(db);
  await sql`create index supplier_invoice_issued on supplier_invoice (issue_date desc, id desc)`.execute(db);
  await sql`create index supplier_invoice_supplier on supplier_invoice (supplier)`.execute(db);
  await createRecordTableV3(db, 'supplier_invoice_line', {
    columns: [
      sql`line_no integer`,
      sql`description text not null`,
      sql`waste bigint`,
      sql`material bigint`,
      sql`service bigint`,
      sql`quantity numeric(18,3)`,
      sql`unit text`,
      sql`unit_price numeric(18,4) not null`,
      sql`amount numeric(18,2)`,
      sql`vat_code text not null`,
      sql`expected_price numeric(18,4)`,
      sql`recorded_quantity numeric(18,3)`,
      sql`difference text`,
    ],
    search: [],
    codeUnique: false,
  });

  await createRecordTableV3(db, 'account_movement', {
    columns: [
      sql`direction text`,
      sql`invoice bigint`,
      sql`supplier_invoice bigint`,
      sql`counterpart bigint`,
      sql`movement_date date not null`,
      sql`amount numeric(18,2) not null check (amount > 0)`,
      sql`payment_type text`,
      sql`bank_reference text`,
      sql`notes text`,
    ],
    search: ['bank_reference', 'notes'],
  });
  await sql`create index account_movement_date on account_movement (movement_date desc, id desc)`.execute(db);
  await sql`create index account_movement_invoice on account_movement (invoice) where invoice is not null`.execute(db);
  await sql`create index account_movement_supplier_invoice on account_movement (supplier_invoice) where supplier_invoice is not null`.execute(db);
}

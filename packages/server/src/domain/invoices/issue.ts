import { PAYMENT_TERMS_DAYS_KEY, addDays, dec, invoice, todayInItaly } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../auth/users.js';
import { registryNumber } from '../../conf/registry.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError, constraintViolation } from '../../http/errors.js';
import { writeHistoryMany, type HistoryChanges } from '../../records/history.js';
import { loadSeller } from './data.js';
import type { InvoiceSeller } from './document.js';
import { fatturaPaFileName, fatturaPaTransmitter } from './fatturapa/xml.js';

type Trx = Transaction<Database>;

/** What every issue reads once: the company as seller, today, the registry's payment terms. */
export interface IssueContext {
  seller: InvoiceSeller;
  today: string;
  defaultTerms: number;
}

export async function issueContext(trx: Trx): Promise<IssueContext> {
  const seller = await loadSeller(trx);
  if (!seller?.vatNumber) throw new AppError(409, 'INVOICE_SELLER_MISSING');
  return { seller, today: todayInItaly(), defaultTerms: await registryNumber(trx, PAYMENT_TERMS_DAYS_KEY, 30) };
}

/** The draft as issuing reads it. */
export interface DraftToIssue {
  id: number;
  section: string;
  customer: number;
  issueDate: string | null;
  paymentTermsDays: number | null;
  dueDate: string | null;
  payable: number | string | null;
  /** For a credit note (TD04): the invoice it credits. */
  creditedInvoice?: number | null;
}

/** The fields issuing sets. */
export interface IssuedFields {
  issueDate: string;
  year: number;
  number: number;
  documentNumber: string;
  paymentTermsDays: number;
  dueDate: string;
  paidAmount: number;
  paymentStatus: 'PAID' | 'TO_PAY' | 'OFFSET';
  fileName: string;
}

/**
 * Whether a credit note for `creditedInvoice` of `amount` settles it with nothing to refund: the
 * invoice has no collection and its issued credit notes, this one included, reach its total. Then
 * the invoice (cancelled by them, cancelCredited) and its notes are OFFSET, not "to pay".
 */
async function offsets(trx: Trx, creditedInvoice: number, amount: number | string | null): Promise<boolean> {
  const { rows } = await sql<{ total: string; paid: string; credited: string }>`
    select i.total::text as total, i.paid_amount::text as paid,
      (select coalesce(sum(c.total), 0)::text from invoice c
        where c.credited_invoice = i.id and c.document_type = 'TD04' and c.status in ('ISSUED', 'SENT', 'PAID') and not c.deleted) as credited
    from invoice i where i.id = ${creditedInvoice}`.execute(trx);
  const row = rows[0];
  return !!row && dec(row.paid).lte(0) && dec(row.credited).plus(dec(amount ?? 0)).gte(dec(row.total));
}

/**
 * Issuing one draft: the next number of its year and section (the counter row is taken in this
 * transaction: a concurrent issue waits, numbers have no gap and no duplicate), an issue date not in
 * the future nor before the section's last one (numbers follow dates, DPR 633/1972 art. 21 c. 2
 * lett. b), the due date from the payment terms (the invoice's, else the customer's, else the
 * registry's), the SdI file name. The customer must be identifiable to the SdI (VAT number or fiscal
 * code); the company (the DEFAULT business unit's subject) must have a VAT number (issueContext).
 */
export async function issueDraft(trx: Trx, ctx: IssueContext, draft: DraftToIssue): Promise<IssuedFields> {
  const issueDate = draft.issueDate ?? ctx.today;
  if (issueDate > ctx.today) throw constraintViolation([{ field: 'issueDate', message: 'INVOICE_DATE_FUTURE' }]);
  const { rows: customers } = await sql<{ vat_number: string | null; fiscal_code: string | null; payment_terms_days: number | null }>`
    select vat_number, fiscal_code, payment_terms_days from subject where id = ${draft.customer}`.execute(trx);
  const customer = customers[0];
  if (!customer || (!customer.vat_number && !customer.fiscal_code)) throw constraintViolation([{ field: 'customer', message: 'INVOICE_CUSTOMER_FISCAL_DATA' }]);

  const year = Number(issueDate.slice(0, 4));
  const { rows: counters } = await sql<{ last_number: number; last_date: string }>`
    select last_number, to_char(last_date, 'YYYY-MM-DD') as last_date from invoice_counter where year = ${year} and section = ${draft.section} for update`.execute(trx);
  const counter = counters[0];
  if (counter && issueDate < counter.last_date) {
    throw constraintViolation([{ field: 'issueDate', message: 'INVOICE_DATE_ORDER', params: { lastDate: counter.last_date } }]);
  }
  const number = (counter?.last_number ?? 0) + 1;
  if (counter) await sql`update invoice_counter set last_number = ${number}, last_date = ${issueDate} where year = ${year} and section = ${draft.section}`.execute(trx);
  else await sql`insert into invoice_counter (year, section, last_number, last_date) values (${year}, ${draft.section}, ${number}, ${issueDate})`.execute(trx);

  const terms = draft.paymentTermsDays ?? customer.payment_terms_days ?? ctx.defaultTerms;
  const transmitter = fatturaPaTransmitter(ctx.seller);
  return {
    issueDate,
    year,
    number,
    documentNumber: `${number}/${draft.section}`,
    paymentTermsDays: terms,
    dueDate: draft.dueDate ?? addDays(issueDate, terms),
    paidAmount: 0,
    paymentStatus: draft.creditedInvoice != null && (await offsets(trx, draft.creditedInvoice, draft.payable)) ? 'OFFSET' : dec(draft.payable).lte(0) ? 'PAID' : 'TO_PAY',
    fileName: fatturaPaFileName(transmitter.country, transmitter.id, draft.id),
  };
}

/** A credit note for an invoice's whole total cancels it (its work may then be invoiced again). */
export async function cancelCredited(trx: Trx, principal: Principal, note: { documentType?: unknown; creditedInvoice?: unknown }): Promise<void> {
  if (note.documentType !== 'TD04' || note.creditedInvoice == null) return;
  const { rows } = await sql<{ id: number; total: string; paid: string; payment_status: string | null; credited: string; status: string; version: number }>`
    select i.id, i.total::text as total, i.paid_amount::text as paid, i.payment_status, i.status, i.version,
      (select coalesce(sum(c.total), 0)::text from invoice c
        where c.credited_invoice = i.id and c.document_type = 'TD04' and c.status in ('ISSUED', 'SENT', 'PAID') and not c.deleted) as credited
    from invoice i where i.id = ${Number(note.creditedInvoice)} for update`.execute(trx);
  const credited = rows[0];
  if (credited && credited.status !== 'CANCELLED' && dec(credited.credited).gte(dec(credited.total))) {
    // never collected: the notes offset it, nothing is owed (else what was paid is refunded on the notes)
    const offset = dec(credited.paid).lte(0);
    await sql`update invoice set status = 'CANCELLED', payment_status = case when ${offset} then 'OFFSET' else payment_status end,
        version = version + 1, updated_at = now(), updated_by = ${principal.username}
      where id = ${credited.id}`.execute(trx);
    const changes: HistoryChanges = { status: [credited.status, 'CANCELLED'], ...(offset ? { paymentStatus: [credited.payment_status, 'OFFSET'] } : {}) };
    const history = [{ entity: invoice.name, recordId: Number(credited.id), version: credited.version + 1, action: 'TRANSITION', changes }];
    if (offset) {
      // the invoice's earlier partial notes, still "to pay", are offset too (the one being issued already is)
      const { rows: notes } = await sql<{ id: number; version: number }>`
        update invoice set payment_status = 'OFFSET', version = version + 1, updated_at = now(), updated_by = ${principal.username}
        where credited_invoice = ${credited.id} and document_type = 'TD04' and status in ('ISSUED', 'SENT') and payment_status = 'TO_PAY' and paid_amount = 0 and not deleted
        returning id, version`.execute(trx);
      for (const n of notes) history.push({ entity: invoice.name, recordId: Number(n.id), version: Number(n.version), action: 'UPDATE', changes: { paymentStatus: ['TO_PAY', 'OFFSET'] } });
    }
    await writeHistoryMany(trx, principal, history);
  }
}

/**
 * Issues many drafts at once, in id order, in one transaction (all or none), each exactly as
 * issuing one does (issueDraft) on `issueDate` (else each draft's own date, else today): after an
 * invoice run, the month's drafts. Returns each invoice's new number.
 */
export async function issueDrafts(db: Db, principal: Principal, ids: readonly number[], issueDate?: string): Promise<{ id: number; documentNumber: string }[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const ctx = await issueContext(trx);
    const { rows } = await sql<{
      id: number; version: number; status: string; section: string; customer: number; issue_date: string | null; payment_terms_days: number | null;
      due_date: string | null; payable: string | null; document_type: string; credited_invoice: number | null;
    }>`
      select id, version, status, section, customer, to_char(issue_date, 'YYYY-MM-DD') as issue_date, payment_terms_days,
        to_char(due_date, 'YYYY-MM-DD') as due_date, payable::text as payable, document_type, credited_invoice
      from invoice where id = any(${[...ids].map(Number)}::bigint[]) and not deleted order by id for update`.execute(trx);
    if (rows.length !== new Set(ids).size) throw new AppError(404, 'NOT_FOUND');
    const notDraft = rows.find((r) => r.status !== 'DRAFT');
    if (notDraft) throw new AppError(409, 'INVOICE_ISSUED');
    const issued: { id: number; documentNumber: string }[] = [];
    const history = [];
    for (const row of rows) {
      const fields = await issueDraft(trx, ctx, {
        id: Number(row.id),
        section: row.section,
        customer: Number(row.customer),
        issueDate: issueDate ?? row.issue_date,
        paymentTermsDays: row.payment_terms_days,
        dueDate: row.due_date,
        payable: row.payable,
        creditedInvoice: row.document_type === 'TD04' ? row.credited_invoice : null,
      });
      await sql`update invoice set status = 'ISSUED', issue_date = ${fields.issueDate}, year = ${fields.year}, number = ${fields.number},
          document_number = ${fields.documentNumber}, payment_terms_days = ${fields.paymentTermsDays}, due_date = ${fields.dueDate},
          paid_amount = ${fields.paidAmount}, payment_status = ${fields.paymentStatus}, file_name = ${fields.fileName},
          version = version + 1, updated_at = now(), updated_by = ${principal.username}
        where id = ${row.id}`.execute(trx);
      const changes: HistoryChanges = {
        status: ['DRAFT', 'ISSUED'],
        issueDate: [row.issue_date, fields.issueDate],
        number: [null, fields.number],
        documentNumber: [null, fields.documentNumber],
        dueDate: [row.due_date, fields.dueDate],
      };
      history.push({ entity: invoice.name, recordId: Number(row.id), version: row.version + 1, action: 'TRANSITION', changes });
      await cancelCredited(trx, principal, { documentType: row.document_type, creditedInvoice: row.credited_invoice });
      issued.push({ id: Number(row.id), documentNumber: fields.documentNumber });
    }
    await writeHistoryMany(trx, principal, history);
    return issued;
  });
}

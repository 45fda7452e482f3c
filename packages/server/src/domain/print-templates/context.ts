import { DEFAULT_BUSINESS_UNIT_TYPE, type PrintDocumentCode } from '@circula/model';
import { sql } from 'kysely';
import type { Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import { addressLine, italianDateTime, type ReceiptData } from '../activities/receipt.js';
import type { InvoiceDocument, InvoiceParty } from '../invoices/document.js';
import { italianAmount, italianDate } from '../invoices/pdf.js';
import type { FirDocument } from '../transports/fir/document.js';
import type { RegisterDocument } from '../warehouses/register/document.js';
import { renderPrintFrame, type PrintContext, type PrintFrame, type StoredPrintTemplate } from './templates.js';

/**
 * The values of a document's placeholders (TEMPLATE_PLACEHOLDERS), taken from the data its PDF is
 * drawn from, so that a template says what the document says. `company` is the installation's
 * company (the subject of the DEFAULT business unit) unless the document names its issuer.
 */

type Address = Parameters<typeof addressLine>[0];

export interface Company {
  name: string;
  vatNumber: string | null;
  fiscalCode: string | null;
  address: string | null;
  email: string | null;
}

/** The installation's company: the subject of the DEFAULT business unit (else the first unit's). */
export async function installationCompany(db: Db): Promise<Company | null> {
  const { rows } = await sql<{ name: string; last_name: string | null; vat_number: string | null; fiscal_code: string | null; addresses: Address[] | null; email: string | null }>`
    select s.name, s.last_name, s.vat_number, s.fiscal_code, s.addresses, s.contact->>'email' as email
    from business_unit u join subject s on s.id = u.subject and not s.deleted
    where not u.deleted order by (u.type = ${DEFAULT_BUSINESS_UNIT_TYPE}) desc, u.id limit 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return { name: [row.name, row.last_name].filter(Boolean).join(' '), vatNumber: row.vat_number, fiscalCode: row.fiscal_code, address: addressLine(row.addresses?.[0]), email: row.email };
}

/** "dd/mm/yyyy" in Italy's time zone. */
const italianDay = (at: Date | string) => italianDateTime(typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

async function userFullName(db: Db, principal: Principal): Promise<string> {
  if (!principal.userId) return principal.username;
  const row = await db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', principal.userId).executeTakeFirst();
  return [row?.first_name, row?.last_name].filter(Boolean).join(' ') || (row?.username ?? principal.username);
}

const invoiceParty = (party: InvoiceParty) => {
  const a = party.address;
  const town = [a.zip, a.city].filter(Boolean).join(' ') + (a.province ? ` (${a.province})` : '');
  return {
    name: [party.name, party.lastName].filter(Boolean).join(' '),
    vatNumber: party.vatNumber,
    fiscalCode: party.fiscalCode,
    address: [[a.street, a.houseNumber].filter(Boolean).join(' '), town].filter(Boolean).join(', '),
    email: party.email,
  };
};

/** What each document's PDF is drawn from. */
export type PrintSource =
  | { document: 'INVOICE'; data: InvoiceDocument }
  | { document: 'FIR'; data: FirDocument }
  | { document: 'REGISTER'; data: RegisterDocument }
  | { document: 'CONFERRAL_RECEIPT'; data: ReceiptData };

/** The placeholders' values for one document (the ones it lacks are left out and print as nothing). */
export async function printContext(db: Db, principal: Principal, source: PrintSource, now = new Date()): Promise<PrintContext> {
  const common = { today: italianDay(now), user: { fullname: await userFullName(db, principal) } };
  switch (source.document) {
    case 'INVOICE': {
      const d = source.data;
      return {
        ...common,
        company: invoiceParty(d.seller),
        subject: invoiceParty(d.buyer),
        invoice: { number: d.number, date: italianDate(d.issueDate), total: italianAmount(d.total, d.currency), dueDate: d.payment?.dueDate ? italianDate(d.payment.dueDate) : '' },
      };
    }
    case 'FIR': {
      const d = source.data;
      return {
        ...common,
        company: await installationCompany(db),
        subject: d.producer,
        warehouse: { name: d.pickupSite.name, address: d.pickupSite.address },
        transport: { date: italianDay(d.transport.startAt), vehiclePlate: d.transport.vehiclePlate, driverName: d.transport.driver, firNumber: d.number },
      };
    }
    case 'REGISTER': {
      const d = source.data;
      return { ...common, company: await installationCompany(db), warehouse: { name: d.site.name, address: d.site.address } };
    }
    case 'CONFERRAL_RECEIPT': {
      const d = source.data;
      const subject = d.conferrer.kind === 'citizen' ? { name: d.conferrer.name, fiscalCode: d.conferrer.fiscalCode } : { name: d.conferrer.name, vatNumber: d.conferrer.vatNumber };
      return { ...common, company: d.issuer ?? (await installationCompany(db)), subject, warehouse: { name: d.cdr.name, address: d.cdr.address } };
    }
  }
}

/** The template a document of this kind prints with in this language, or null (the PDF as built in). */
export async function storedPrintTemplate(db: Db, document: PrintDocumentCode, lang: string): Promise<StoredPrintTemplate | null> {
  const { rows } = await sql<{ code: string | null; version: number; header: string | null; footer: string | null; closing: string | null }>`
    select code, version, header, footer, closing from print_template where document = ${document} and lang = ${lang} and active and not deleted limit 1`.execute(db);
  const row = rows[0];
  return row ? { code: row.code, version: Number(row.version), header: row.header, footer: row.footer, closing: row.closing } : null;
}

/** The frame a document prints with: its stored template (or the one given, for a preview) filled with its values; null without one. */
export async function printFrame(db: Db, principal: Principal, source: PrintSource, lang: string, template?: StoredPrintTemplate): Promise<PrintFrame | null> {
  const stored = template ?? (await storedPrintTemplate(db, source.document, lang));
  if (!stored) return null;
  return renderPrintFrame(source.document, stored, await printContext(db, principal, source));
}

import { DEFAULT_BUSINESS_UNIT_TYPE, dec, toCents, withDecimals, type invoice, type RecordOf } from '@circula/model';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { computeInvoice, loadStampDuty, loadVatCodes } from './compute.js';
import { italianDate } from './pdf.js';
import type { InvoiceAddress, InvoiceBuyer, InvoiceDocument, InvoiceParty, InvoiceSeller } from './document.js';

type Db = Kysely<Database>;
type Invoice = RecordOf<typeof invoice>;

interface SubjectRow {
  id: number;
  name: string;
  last_name: string | null;
  subject_type: string | null;
  vat_number: string | null;
  fiscal_code: string | null;
  sdi_code: string | null;
  pec: string | null;
  addresses: Record<string, string | null>[] | null;
  contact: Record<string, string | null> | null;
  payment: Record<string, string | null> | null;
}

const SUBJECT_COLUMNS = sql`s.id, s.name, s.last_name, s.subject_type, s.vat_number, s.fiscal_code, s.sdi_code, s.pec, s.addresses, s.contact, s.payment`;

function address(raw: Record<string, string | null> | undefined): InvoiceAddress {
  const province = (raw?.province ?? '').trim().toUpperCase();
  const country = (raw?.country ?? 'IT').trim().toUpperCase() || 'IT';
  return {
    street: [raw?.streetType, raw?.street].filter(Boolean).join(' ') || '-',
    houseNumber: raw?.houseNumber || null,
    zip: raw?.zip || '00000',
    city: raw?.city || '-',
    province: country === 'IT' && /^[A-Z]{2}$/.test(province) ? province : null,
    country: country.length === 2 ? country : 'IT',
  };
}

function party(s: SubjectRow): InvoiceParty {
  // a natural person without a company: first name and last name apart (FatturaPA Nome/Cognome)
  const person = s.subject_type === 'PERSON' && s.last_name !== null && s.last_name !== '';
  return {
    name: s.name,
    lastName: person ? s.last_name : null,
    vatNumber: s.vat_number || null,
    vatCountry: 'IT',
    fiscalCode: s.fiscal_code || null,
    address: address(s.addresses?.[0] ?? undefined),
    email: s.contact?.email || null,
    phone: s.contact?.phone || null,
  };
}

/** The company as seller: the DEFAULT business unit's subject, with the bank of its payment conditions. */
export async function loadSeller(db: Db): Promise<InvoiceSeller | null> {
  const { rows } = await sql<SubjectRow>`
    select ${SUBJECT_COLUMNS} from business_unit u join subject s on s.id = u.subject and not s.deleted
    where not u.deleted and u.type = ${DEFAULT_BUSINESS_UNIT_TYPE} order by u.id limit 1`.execute(db);
  const s = rows[0];
  if (!s) return null;
  return { ...party(s), taxRegime: 'RF01', iban: s.payment?.iban || null, bank: s.payment?.bank || null };
}

async function buyer(db: Db, id: number): Promise<InvoiceBuyer> {
  const { rows } = await sql<SubjectRow>`select ${SUBJECT_COLUMNS} from subject s where s.id = ${id}`.execute(db);
  const s = rows[0]!;
  return { ...party(s), sdiCode: s.sdi_code || null, pec: s.pec || null };
}

/** Italian labels of lookup codes. */
async function labels(db: Db, table: string): Promise<Map<string, { label: string; val: string | null; alpha1: string | null }>> {
  const { rows } = await sql<{ code: string; label: string; val: string | null; alpha1: string | null }>`
    select code, coalesce(translations->>'it', name) as label, val, alpha1 from table_value where table_code = ${table} and not deleted`.execute(db);
  return new Map(rows.map((r) => [r.code, r]));
}

type Line = {
  lineNo?: number | null; description: string; quantity?: number | null; unit?: string | null; unitPrice: number; minimumCharge?: number | null;
  vatCode: string; workDate?: string | null; reference?: string | null;
};

/**
 * What an issued invoice prints and exports (document.ts), from its record (already read through
 * the user's rights). The figures are computed again from the lines with the rules that priced
 * them, so the XML's summary is exactly the lines' (the stored totals are the same figures).
 */
export async function invoiceDocument(db: Db, record: Invoice): Promise<InvoiceDocument> {
  const [seller, customer, codes, units, payments, exemptions, stamp] = await Promise.all([
    loadSeller(db),
    buyer(db, Number(record.customer)),
    loadVatCodes(db),
    labels(db, 'PRICE_UNIT'),
    labels(db, 'PAYMENT_TYPE'),
    sql<{ vat_exemption: string | null; label: string | null }>`
      select s.vat_exemption, coalesce(v.translations->>'it', v.name) as label from subject s
      left join table_value v on v.table_code = 'VAT_EXEMPTION' and v.code = s.vat_exemption and not v.deleted
      where s.id = ${Number(record.customer)}`.execute(db),
    loadStampDuty(db),
  ]);
  if (!seller) throw new Error('no DEFAULT business unit');
  const lines = ((record.lines ?? []) as Line[]).slice().sort((a, b) => Number(a.lineNo ?? 0) - Number(b.lineNo ?? 0));
  const totals = computeInvoice(lines, codes, record.splitPayment === true, stamp);
  const exemption = exemptions.rows[0]?.label ?? null;
  const payment = record.paymentType ? payments.get(String(record.paymentType)) : undefined;
  const { rows: credited } = record.creditedInvoice == null
    ? { rows: [] }
    : await sql<{ document_number: string | null; issue_date: string | null }>`
        select document_number, to_char(issue_date, 'YYYY-MM-DD') as issue_date from invoice where id = ${Number(record.creditedInvoice)}`.execute(db);
  const notes = [
    record.periodFrom && record.periodTo ? `Servizi dal ${italianDate(String(record.periodFrom))} al ${italianDate(String(record.periodTo))}` : null,
    ...(record.notes ? [String(record.notes)] : []),
  ].filter((n): n is string => !!n);
  return {
    id: Number(record.id),
    documentType: record.documentType === 'TD04' ? 'TD04' : 'TD01',
    number: String(record.documentNumber ?? ''),
    issueDate: String(record.issueDate ?? ''),
    currency: 'EUR',
    seller,
    buyer: customer,
    transmission: { progressive: Number(record.id).toString(36).toUpperCase().padStart(5, '0') },
    lines: lines.map((l, i) => {
      const amount = totals.lines[i]!.amount;
      // a minimum charge replaced quantity × price: the line is the charge, a flat amount (SdI check 00423 wants PrezzoTotale = PrezzoUnitario × Quantita)
      const flat = l.quantity == null || !dec(amount).eq(dec(toCents(dec(l.quantity).times(dec(l.unitPrice)))));
      return {
        lineNo: i + 1,
        description: flat && l.quantity != null ? `${l.description} (minimo fatturabile)` : l.description,
        quantity: flat ? null : withDecimals(l.quantity!, 2, 8),
        unit: flat || !l.unit ? null : (units.get(l.unit)?.alpha1 ?? l.unit),
        unitPrice: withDecimals(flat ? amount : l.unitPrice, 2, 8),
        amount,
        vatRate: totals.lines[i]!.vatRate,
        nature: codes.get(l.vatCode)?.nature ?? null,
        workDate: l.workDate ?? null,
        reference: l.reference ?? null,
      };
    }),
    summary: totals.summary.map((s) => ({
      vatRate: s.vatRate,
      nature: s.nature,
      taxable: s.taxable,
      vat: s.vat,
      vatDue: s.nature ? null : record.splitPayment ? 'S' : 'I',
      legalReference: s.nature ? (exemption ?? codes.get(s.vatCode)?.label ?? s.nature).slice(0, 100) : null,
    })),
    taxable: totals.taxable,
    vat: totals.vat,
    total: totals.total,
    payable: totals.payable,
    stampDuty: totals.stampDuty,
    payment: {
      method: payment?.val ?? 'MP05',
      methodLabel: payment?.label ?? 'Bonifico bancario',
      dueDate: record.dueDate ? String(record.dueDate) : null,
      amount: totals.payable,
      iban: seller.iban,
    },
    related: credited[0] ? { number: credited[0].document_number ?? '', issueDate: credited[0].issue_date ?? '' } : null,
    notes,
    fileName: String(record.fileName ?? ''),
  };
}


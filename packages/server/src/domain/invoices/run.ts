import { CATALOGUE, dec, lineAmount, type InvoiceRunInvoice, type InvoiceRunLine, type InvoiceRunRequest, type InvoiceRunResult, type InvoiceRunSkip, type Target } from '@circula/model';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Principal } from '../../auth/users.js';
import type { Database } from '../../db/schema.js';
import type { RecordService } from '../../records/service.js';
import { computeInvoice, defaultVatCode, loadStampDuty, loadVatCodes } from './compute.js';
import { loadPriceRows, pickPrice, type PricedItem, type PriceRow } from './pricing.js';

type Db = Kysely<Database>;

export type RunRequest = InvoiceRunRequest;
export type RunLine = InvoiceRunLine;
export type RunInvoice = InvoiceRunInvoice;
export type RunSkip = InvoiceRunSkip;
export type RunResult = InvoiceRunResult;

/** One piece of completed work to price. */
interface Work {
  kind: RunLine['sourceKind'];
  id: number;
  customer: number;
  item: PricedItem;
  itemLabel: string;
  description: string;
  workDate: string;
  reference: string | null;
  kg: string | null;
  transport: number | null;
}

const WEIGHED_UNITS = ['KG', 'T', 'FLAT'] as const;

/** The work done in the period and not yet on an invoice that stands (a cancelled invoice frees its work). */
const NOT_INVOICED = (kind: string, id: ReturnType<typeof sql>, customer?: ReturnType<typeof sql>) => sql`not exists (
  select 1 from invoice_line il join invoice i on i.id = il.parent_id
  where il.source_kind = ${kind} and il.source_id = ${id} and not il.deleted and not i.deleted and i.status <> 'CANCELLED'
  ${customer ? sql`and i.customer = ${customer}` : sql``})`;

async function completedWork(db: Db, request: RunRequest): Promise<Work[]> {
  const customers = request.customerIds?.length ? request.customerIds.map(Number) : null;
  const { rows: firs } = await sql<{ id: string; number: string; waste: string; eer: string; label: string; kg: string; customer: string; transport: string; transport_code: string; work_date: string }>`
    select * from (
      select f.id, f.number, f.waste, coalesce(w.display_code, w.code) as eer,
        coalesce(nullif(f.description, ''), w.description->>'it', w.description->>'en', '') as label,
        f.accepted_kg::text as kg, coalesce(tx.requester, f.producer) as customer, t.id as transport, t.code as transport_code,
        to_char(coalesce((t.actual_arrival at time zone 'Europe/Rome')::date, t.date), 'YYYY-MM-DD') as work_date
      from fir f
      join transport t on t.id = f.transport and t.status = 'COMPLETED' and not t.deleted
      join waste w on w.id = f.waste
      left join transaction tx on tx.id = f.request
      where not f.deleted and f.status in ('ACCEPTED', 'PARTIALLY_ACCEPTED') and f.accepted_kg > 0
        and ${NOT_INVOICED('FIR', sql`f.id`)}
    ) x where work_date between ${request.from} and ${request.to} ${customers ? sql`and customer = any(${customers}::bigint[])` : sql``}
    order by work_date, id`.execute(db);
  const { rows: conferred } = await sql<{ id: string; code: string; waste: string; eer: string; label: string; kg: string; customer: string; work_date: string }>`
    select l.id, c.code, l.waste, coalesce(w.display_code, w.code) as eer,
      coalesce(nullif(l.description, ''), w.description->>'it', w.description->>'en', '') as label,
      l.weight_kg::text as kg, c.company as customer, to_char((c.conferred_at at time zone 'Europe/Rome')::date, 'YYYY-MM-DD') as work_date
    from conferral c
    join conferral_line l on l.parent_id = c.id and not l.deleted and l.accepted is not false
    join waste w on w.id = l.waste
    where not c.deleted and c.status = 'ACCEPTED' and c.company is not null
      and (c.conferred_at at time zone 'Europe/Rome')::date between ${request.from}::date and ${request.to}::date
      ${customers ? sql`and c.company = any(${customers}::bigint[])` : sql``}
      and ${NOT_INVOICED('CONFERRAL_LINE', sql`l.id`)}
    order by c.conferred_at, l.id`.execute(db);
  return [
    ...firs.map((f): Work => ({
      kind: 'FIR',
      id: Number(f.id),
      customer: Number(f.customer),
      item: { waste: Number(f.waste) },
      itemLabel: `EER ${f.eer}`,
      description: `Ritiro, trasporto e conferimento rifiuto EER ${f.eer}${f.label ? ` – ${f.label}` : ''}`,
      workDate: f.work_date,
      reference: f.number.slice(0, 60),
      kg: f.kg,
      transport: Number(f.transport),
    })),
    ...conferred.map((c): Work => ({
      kind: 'CONFERRAL_LINE',
      id: Number(c.id),
      customer: Number(c.customer),
      item: { waste: Number(c.waste) },
      itemLabel: `EER ${c.eer}`,
      description: `Conferimento al centro di raccolta, rifiuto EER ${c.eer}${c.label ? ` – ${c.label}` : ''}`,
      workDate: c.work_date,
      reference: c.code,
      kg: c.kg,
      transport: null,
    })),
  ];
}

/**
 * The trips of the period per customer: a completed transport that carried a customer's FIRs is
 * one trip for that customer; it is charged when the customer's list (or the default one) prices
 * a service per trip, once per transport and customer.
 */
async function tripWork(db: Db, work: readonly Work[], rows: readonly PriceRow[]): Promise<Work[]> {
  const services = [...new Set(rows.filter((r) => r.unit === 'TRIP' && r.service !== null).map((r) => r.service!))];
  if (services.length === 0) return [];
  const trips = new Map<string, Work>();
  for (const w of work) if (w.transport !== null && !trips.has(`${w.transport}|${w.customer}`)) trips.set(`${w.transport}|${w.customer}`, w);
  if (trips.size === 0) return [];
  const { rows: names } = await sql<{ id: string; name: string }>`select id, name from biz_service where id = any(${services}::bigint[])`.execute(db);
  const { rows: codes } = await sql<{ id: string; code: string }>`
    select id, code from transport where id = any(${[...new Set([...trips.values()].map((w) => w.transport!))]}::bigint[])`.execute(db);
  const transportCode = new Map(codes.map((c) => [Number(c.id), c.code]));
  const pairs = [...trips.values()];
  const { rows: done } = await sql<{ transport: string; customer: string }>`
    select il.source_id as transport, i.customer from invoice_line il join invoice i on i.id = il.parent_id
    where il.source_kind = 'TRIP' and il.source_id = any(${pairs.map((w) => w.transport!)}::bigint[]) and not il.deleted and not i.deleted and i.status <> 'CANCELLED'`.execute(db);
  const invoiced = new Set(done.map((d) => `${d.transport}|${d.customer}`));
  return pairs.flatMap((w) =>
    invoiced.has(`${w.transport}|${w.customer}`)
      ? []
      : names.map((s): Work => ({
          kind: 'TRIP',
          id: w.transport!,
          customer: w.customer,
          item: { service: Number(s.id) },
          itemLabel: s.name,
          description: `${s.name} – trasporto ${transportCode.get(w.transport!) ?? ''}`.trim(),
          workDate: w.workDate,
          reference: transportCode.get(w.transport!) ?? null,
          kg: null,
          transport: w.transport,
        })),
  );
}

interface CustomerRow {
  id: string;
  name: string;
  last_name: string | null;
  vat_number: string | null;
  fiscal_code: string | null;
  blocked: boolean | null;
  split_payment: boolean | null;
  payment_terms_days: number | null;
  payment_type: string | null;
  exemption_nature: string | null;
}

/**
 * The invoice run (API.md "Operations", `POST /api/invoices/run`): the work completed in the
 * period and not yet invoiced — FIRs accepted at destination on completed transports, conferrals
 * of companies at the collection centres, and the trips when a list prices them — priced with the
 * customer's list or the default one (pricing.ts), grouped per customer (and per signed contract
 * when the list that priced a line names one). A customer with
 * something no list prices, blocked by its administrative status, or without a VAT number or
 * fiscal code is skipped with the reason: nothing is ever invoiced at zero. A dry run changes
 * nothing; otherwise each customer's invoice is created as a draft, in one transaction with the
 * others (runs are serialised: the same work is never taken twice).
 */
export async function invoiceRun(db: Db, records: RecordService, principal: Principal, request: RunRequest): Promise<RunResult> {
  const run = async (trx: Db) => {
    const base = await completedWork(trx, request);
    const customerIds = [...new Set(base.map((w) => w.customer))];
    const prices = await loadPriceRows(trx, 'ACTIVE', customerIds, request.from, request.to);
    const work = [...base, ...(await tripWork(trx, base, prices.filter((r) => r.counterpart === null || customerIds.includes(r.counterpart))))];
    const [codes, stamp, fallbackVat] = await Promise.all([loadVatCodes(trx), loadStampDuty(trx), defaultVatCode(trx)]);
    const { rows: customers } = await sql<CustomerRow>`
      select s.id, s.name, s.last_name, s.vat_number, s.fiscal_code, s.split_payment, s.payment_terms_days, s.payment->>'type' as payment_type,
        st.flag1 as blocked, ex.alpha1 as exemption_nature
      from subject s
      left join table_value st on st.table_code = 'ADMINISTRATIVE_STATUS' and st.code = s.administrative_status and not st.deleted
      left join table_value ex on ex.table_code = 'VAT_EXEMPTION' and ex.code = s.vat_exemption and not ex.deleted
      where s.id = any(${customerIds}::bigint[])`.execute(trx);
    const customer = new Map(customers.map((c) => [Number(c.id), c]));
    const natureCode = new Map([...codes.values()].filter((c) => c.nature).map((c) => [c.nature!, c.code]));

    const invoices: RunInvoice[] = [];
    const skipped: RunSkip[] = [];
    for (const id of customerIds.sort((a, b) => a - b)) {
      const c = customer.get(id);
      const name = c ? [c.name, c.last_name].filter(Boolean).join(' ') : String(id);
      if (!c) continue;
      if (c.blocked) {
        skipped.push({ customerId: id, customerName: name, reason: 'CUSTOMER_BLOCKED', detail: null });
        continue;
      }
      if (!c.vat_number && !c.fiscal_code) {
        skipped.push({ customerId: id, customerName: name, reason: 'CUSTOMER_FISCAL_DATA', detail: null });
        continue;
      }
      // one invoice per contract whose list priced some of the work, one for the rest; a trip goes
      // with the contract of the loads it carried
      const byContract = new Map<number | null, RunLine[]>();
      const tripContract = new Map<number, number>();
      const unpriced = new Map<string, number>();
      const mine = work.filter((x) => x.customer === id).sort((a, b) => (a.kind === 'TRIP' ? 1 : 0) - (b.kind === 'TRIP' ? 1 : 0));
      for (const w of mine) {
        const units = w.kind === 'TRIP' ? ['TRIP'] : [...WEIGHED_UNITS];
        const row = pickPrice(prices, { direction: 'ACTIVE', counterpart: id, item: w.item, date: w.workDate, units });
        if (!row) {
          unpriced.set(w.itemLabel, (unpriced.get(w.itemLabel) ?? 0) + 1);
          continue;
        }
        const quantity = row.unit === 'KG' ? dec(w.kg).toDecimalPlaces(3) : row.unit === 'T' ? dec(w.kg).div(1000).toDecimalPlaces(3) : row.unit === 'TRIP' ? dec(1) : null;
        let vatCode = row.vatCode ?? fallbackVat;
        // a customer's exemption (a declaration of intent) turns taxed sales into its nature; reverse charge stays
        if (c.exemption_nature && !codes.get(vatCode)?.nature?.startsWith('N6')) vatCode = natureCode.get(c.exemption_nature) ?? vatCode;
        const priced = { quantity: quantity === null ? null : Number(quantity), unitPrice: Number(row.price), minimumCharge: row.minimumCharge === null ? null : Number(row.minimumCharge), vatCode };
        const contract = w.kind === 'TRIP' ? (tripContract.get(w.transport!) ?? row.contract) : row.contract;
        if (w.kind === 'FIR' && contract !== null && w.transport !== null) tripContract.set(w.transport, contract);
        const lines = byContract.get(contract) ?? [];
        byContract.set(contract, lines);
        lines.push({
          description: w.description.slice(0, 1000),
          waste: 'waste' in w.item ? w.item.waste : null,
          material: 'material' in w.item ? w.item.material : null,
          service: 'service' in w.item ? w.item.service : null,
          workDate: w.workDate,
          reference: w.reference,
          unit: row.unit,
          ...priced,
          amount: lineAmount(priced.quantity, priced.unitPrice, priced.minimumCharge),
          sourceKind: w.kind,
          sourceId: w.id,
          pricelist: row.listCode ?? String(row.listId),
        });
      }
      if (unpriced.size > 0) {
        const detail = [...unpriced].map(([label, n]) => `${label} (${n})`).join(', ');
        skipped.push({ customerId: id, customerName: name, reason: 'NO_PRICE', detail: detail.slice(0, 500) });
        continue;
      }
      const groups = [...byContract].sort(([a], [b]) => (a ?? 0) - (b ?? 0));
      for (const [contractId, lines] of groups) {
        lines.sort((a, b) => a.workDate.localeCompare(b.workDate) || a.sourceKind.localeCompare(b.sourceKind) || a.sourceId - b.sourceId);
        const totals = computeInvoice(lines, codes, c.split_payment === true, stamp);
        invoices.push({ customerId: id, customerName: name, contractId, lines, taxable: totals.taxable, vat: totals.vat, total: totals.total });
      }
    }
    if (!request.dryRun) {
      const target = CATALOGUE.target('invoices') as Target;
      for (const inv of invoices) {
        const c = customer.get(inv.customerId)!;
        const created = await records.create(principal, target, {
          documentType: 'TD01',
          customer: inv.customerId,
          contract: inv.contractId,
          periodFrom: request.from,
          periodTo: request.to,
          paymentType: c.payment_type || 'BONIFICO',
          paymentTermsDays: c.payment_terms_days,
          splitPayment: c.split_payment === true,
          lines: inv.lines.map((l) => ({
            description: l.description, waste: l.waste, material: l.material, service: l.service, workDate: l.workDate, reference: l.reference,
            quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, minimumCharge: l.minimumCharge, vatCode: l.vatCode,
          })),
        }, trx as Transaction<Database>);
        inv.invoiceId = Number(created.id);
        // the work each line prices (read-only fields: the run's own)
        for (const [i, l] of inv.lines.entries()) {
          await sql`update invoice_line set source_kind = ${l.sourceKind}, source_id = ${l.sourceId} where parent_id = ${inv.invoiceId} and line_no = ${i + 1}`.execute(trx);
        }
      }
    }
    return { invoices, skipped };
  };
  return db.transaction().execute(async (trx) => {
    // one run at a time: two runs must not both take the same work
    await sql`lock table invoice_counter in exclusive mode`.execute(trx);
    return run(trx);
  });
}


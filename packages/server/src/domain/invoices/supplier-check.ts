import { calendarMonth, dec, toCents, type RecordOf, type supplierInvoice, type ValuesOf } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { computeInvoice, linesVatCodes } from './compute.js';
import { loadPriceRows, pickPrice, type PricedItem } from './pricing.js';

type Current = RecordOf<typeof supplierInvoice>;
type Values = ValuesOf<typeof supplierInvoice>;
type Line = {
  waste?: number | null; material?: number | null; service?: number | null; quantity?: number | string | null; unit?: string | null;
  unitPrice: number | string; vatCode: string; expectedPrice?: number | null; recordedQuantity?: number | null; difference?: string | null;
};

/** Relative difference tolerated between an invoiced quantity and the one we recorded. */
const QUANTITY_TOLERANCE = dec('0.005');
const it2 = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const it3 = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

const itemOf = (line: Line): PricedItem | null =>
  line.waste != null ? { waste: Number(line.waste) } : line.material != null ? { material: Number(line.material) } : line.service != null ? { service: Number(line.service) } : null;

/**
 * A supplier invoice as the write leaves it: amounts and totals, and each line checked — its unit
 * price against the supplier's purchase list (or the default one) valid at the end of the period,
 * and, for an EER code priced by weight, its quantity against the kg the company recorded with
 * that supplier in the period (accepted weights of FIRs delivered to its sites or carried by it).
 * A line that differs says how; the invoice's outcome is DIFFERENCES, OK, or NOT_CHECKED when no
 * line had a price to compare with.
 */
export async function checkSupplierInvoice(trx: Transaction<Database>, current: Current | null, values: Values): Promise<Values> {
  const merged = { ...(current ?? {}), ...values } as Values;
  const lines = ((merged.lines ?? []) as Line[]).map((l) => ({ ...l }));
  const codes = await linesVatCodes(trx, lines);
  const totals = computeInvoice(lines, codes, false, { threshold: '999999999', amount: '0' });

  const supplier = Number(merged.supplier);
  const period = merged.periodFrom && merged.periodTo ? { from: String(merged.periodFrom), to: String(merged.periodTo) } : calendarMonth(String(merged.issueDate));
  const prices = await loadPriceRows(trx, 'PASSIVE', [supplier], period.from, period.to);
  const wastes = [...new Set(lines.flatMap((l) => (l.waste != null ? [Number(l.waste)] : [])))];
  const { rows: recorded } = wastes.length
    ? await sql<{ waste: string; kg: string }>`
        select f.waste, sum(coalesce(f.accepted_kg, 0))::text as kg from fir f
        left join warehouse w on w.id = f.destination
        where not f.deleted and f.status in ('ACCEPTED', 'PARTIALLY_ACCEPTED') and f.waste = any(${wastes}::bigint[])
          and (w.owner = ${supplier} or f.transporter = ${supplier})
          and (f.issued_at at time zone 'Europe/Rome')::date between ${period.from}::date and ${period.to}::date
        group by f.waste`.execute(trx)
    : { rows: [] };
  const recordedKg = new Map(recorded.map((r) => [Number(r.waste), dec(r.kg)]));

  let checked = 0;
  let differences = 0;
  lines.forEach((line, i) => {
    Object.assign(line, { amount: Number(totals.lines[i]!.amount), expectedPrice: null, recordedQuantity: null, difference: null });
    const item = itemOf(line);
    const notes: string[] = [];
    if (item) {
      const row = pickPrice(prices, { direction: 'PASSIVE', counterpart: supplier, item, date: period.to, units: [line.unit ?? 'KG'] });
      if (row) {
        checked++;
        line.expectedPrice = Number(row.price);
        if (!dec(row.price).eq(dec(line.unitPrice))) notes.push(`prezzo ${it2.format(Number(line.unitPrice))} € invece di ${it2.format(Number(row.price))} € di listino (${row.listCode ?? row.listId})`);
      }
      if ('waste' in item && (line.unit === 'KG' || line.unit === 'T') && line.quantity != null) {
        const kg = recordedKg.get(item.waste) ?? dec(0);
        const inUnit = line.unit === 'T' ? kg.div(1000) : kg;
        line.recordedQuantity = Number(inUnit.toDecimalPlaces(3));
        const invoiced = dec(line.quantity);
        if (invoiced.minus(inUnit).abs().gt(inUnit.times(QUANTITY_TOLERANCE))) {
          notes.push(`quantità ${it3.format(Number(line.quantity))} ${line.unit === 'T' ? 't' : 'kg'}; registrati ${it3.format(line.recordedQuantity)}`);
        }
      }
    }
    if (notes.length) {
      differences++;
      line.difference = notes.join('; ').slice(0, 300);
    }
  });

  return {
    ...values,
    lines: lines as Values['lines'],
    taxable: Number(totals.taxable),
    vat: Number(totals.vat),
    total: Number(toCents(totals.total)),
    checkOutcome: differences > 0 ? 'DIFFERENCES' : checked > 0 ? 'OK' : 'NOT_CHECKED',
  };
}

import { DEFAULT_VAT_CODE_KEY, STAMP_DUTY_AMOUNT_KEY, STAMP_DUTY_THRESHOLD_KEY, dec, lineAmount, sumOf, toCents, vatOf } from '@circula/model';
import { sql, type Kysely } from 'kysely';
import { readRegistry } from '../../conf/registry.js';
import { constraintViolation } from '../../http/errors.js';
import type { Database } from '../../db/schema.js';

/** A VAT code of the VAT_CODES table as invoices use it. */
export interface VatCode {
  code: string;
  /** The rate, "22"; "0" with a nature. */
  rate: string;
  /** FatturaPA Natura (alpha1) for a code without VAT. */
  nature: string | null;
  /** Operations under it count towards stamp duty (flag1). */
  stampDuty: boolean;
  label: string;
}

export interface PricedLine {
  quantity?: number | string | null;
  unitPrice: number | string;
  minimumCharge?: number | string | null;
  vatCode: string;
}

export interface SummaryRow {
  vatRate: string;
  nature: string | null;
  /** The VAT code of the row's first line: its label is the legal reference of a nature. */
  vatCode: string;
  taxable: string;
  vat: string;
}

export interface InvoiceTotals {
  lines: { amount: string; vatRate: string }[];
  summary: SummaryRow[];
  taxable: string;
  vat: string;
  total: string;
  /** What the customer pays: the total less the VAT under split payment. */
  payable: string;
  stampDuty: string | null;
}

export interface StampDutyRule {
  threshold: string;
  amount: string;
}

/**
 * An invoice's figures from its lines (see `@circula/model` money.ts for the rounding rules):
 * each line's amount, one summary row per rate and nature with its VAT, the totals, the amount
 * due (split payment: the customer pays the VAT to the State, DPR 633/1972 art. 17-ter) and the
 * stamp duty when the lines without VAT that carry it pass the threshold.
 */
export function computeInvoice(lines: readonly PricedLine[], codes: ReadonlyMap<string, VatCode>, splitPayment: boolean, stamp: StampDutyRule): InvoiceTotals {
  const computed = lines.map((line) => {
    const code = codes.get(line.vatCode);
    if (!code) throw new Error(`unknown VAT code ${line.vatCode}`);
    return { amount: lineAmount(line.quantity, line.unitPrice, line.minimumCharge), code };
  });
  const groups = new Map<string, { code: VatCode; amounts: string[] }>();
  for (const { amount, code } of computed) {
    const key = `${toCents(code.rate)}|${code.nature ?? ''}`;
    const group = groups.get(key) ?? { code, amounts: [] };
    group.amounts.push(amount);
    groups.set(key, group);
  }
  const summary = [...groups.values()].map(({ code, amounts }): SummaryRow => {
    const taxable = sumOf(amounts);
    return { vatRate: toCents(code.rate), nature: code.nature, vatCode: code.code, taxable: toCents(taxable), vat: code.nature ? '0.00' : vatOf(taxable, code.rate) };
  });
  const taxable = sumOf(summary.map((s) => s.taxable));
  const vat = sumOf(summary.map((s) => s.vat));
  const total = taxable.plus(vat);
  const stampBase = sumOf(computed.filter((c) => c.code.stampDuty).map((c) => c.amount));
  return {
    lines: computed.map(({ amount, code }) => ({ amount, vatRate: toCents(code.rate) })),
    summary,
    taxable: toCents(taxable),
    vat: toCents(vat),
    total: toCents(total),
    payable: toCents(splitPayment ? total.minus(vat) : total),
    stampDuty: stampBase.gt(dec(stamp.threshold)) ? toCents(stamp.amount) : null,
  };
}

/** Per transaction (an invoice run creates many invoices in one): the tables read once. */
const perTransaction = new WeakMap<object, Map<string, Promise<unknown>>>();
function once<T>(db: Kysely<Database>, key: string, load: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return load();
  const cache = perTransaction.get(db) ?? new Map<string, Promise<unknown>>();
  perTransaction.set(db, cache);
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as Promise<T>;
}

/** The VAT_CODES table. */
export function loadVatCodes(db: Kysely<Database>): Promise<Map<string, VatCode>> {
  return once(db, 'vat', () => readVatCodes(db));
}

async function readVatCodes(db: Kysely<Database>): Promise<Map<string, VatCode>> {
  const { rows } = await sql<{ code: string; val: string | null; alpha1: string | null; flag1: boolean | null; name: string }>`
    select code, val, alpha1, flag1, coalesce(translations->>'it', name) as name from table_value where table_code = 'VAT_CODES' and not deleted`.execute(db);
  return new Map(rows.map((r) => [r.code, { code: r.code, rate: r.val ?? '0', nature: r.alpha1 || null, stampDuty: r.flag1 === true, label: r.name }]));
}

/** The VAT_CODES table, once each line's code is known to be in it (400 INVALID on the line's vatCode otherwise). */
export async function linesVatCodes(db: Kysely<Database>, lines: readonly { vatCode: string }[]): Promise<Map<string, VatCode>> {
  const codes = await loadVatCodes(db);
  const unknown = lines.flatMap((l, i) => (codes.has(l.vatCode) ? [] : [{ field: `lines.${i}.vatCode`, message: 'INVALID' }]));
  if (unknown.length) throw constraintViolation(unknown);
  return codes;
}

/** The stamp duty threshold and amount of the registry (decimal strings). */
export function loadStampDuty(db: Kysely<Database>): Promise<StampDutyRule> {
  return once(db, 'stamp', () => readStampDuty(db));
}

async function readStampDuty(db: Kysely<Database>): Promise<StampDutyRule> {
  const { rows } = await sql<{ key: string; the_value: string }>`
    select key, the_value from sys_registry where key in (${STAMP_DUTY_THRESHOLD_KEY}, ${STAMP_DUTY_AMOUNT_KEY})`.execute(db);
  const value = (key: string, fallback: string) => {
    const v = rows.find((r) => r.key === key)?.the_value?.trim();
    return v && /^\d+(\.\d+)?$/.test(v) ? v : fallback;
  };
  return { threshold: value(STAMP_DUTY_THRESHOLD_KEY, '77.47'), amount: value(STAMP_DUTY_AMOUNT_KEY, '2.00') };
}

/** The registry's VAT code for rows that name none. */
export async function defaultVatCode(db: Kysely<Database>): Promise<string> {
  return (await readRegistry(db, DEFAULT_VAT_CODE_KEY))?.theValue?.trim() || 'IVA22';
}

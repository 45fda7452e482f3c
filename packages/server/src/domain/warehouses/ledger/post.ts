import { tableName, warehouseMovement } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Principal } from '../../../auth/users.js';
import type { Database } from '../../../db/schema.js';
import { constraintViolation, type FieldErrorItem } from '../../../http/errors.js';
import { allocateIds, autoCode, insertRows } from '../../../records/bulk.js';
import { writeHistoryMany } from '../../../records/history.js';
import { round3 } from '../../transports/checks.js';

type Executor = Transaction<Database>;

/** Who posted a ledger row (LEDGER_SOURCE). */
export type LedgerSource = 'TRANSPORT' | 'CONFERRAL' | 'DISPLACEMENT' | 'TREATMENT' | 'MANUAL' | 'CORRECTION';

/** One load or unload to post: what the ledger row says, before the server numbers it. */
export interface Posting {
  warehouse: number;
  movement: 'C' | 'S';
  causal: string;
  /** When the load or unload happened (ISO). */
  operationDate: string;
  waste: number | null;
  material: number | null;
  quantityKg: number;
  counterpart?: number | null;
  counterpartSubject?: number | null;
  fir?: number | null;
  firNumber?: string | null;
  operation?: string | null;
  source: LedgerSource;
  sourceId?: number | null;
  sourceCode?: string | null;
  corrects?: number | null;
  notes?: string | null;
  /**
   * When the row is registered (ISO); default now. Only seeds back-date: a register's times never
   * go back, so an earlier time than the register's last one becomes that one.
   */
  registeredAt?: string;
  /** The field a refusal of this posting names (`inputs.0.quantityKg`); default `quantityKg`. */
  field?: string;
}

/** What numbering gave a posting. */
export interface Registration {
  registerYear: number;
  registerNumber: number;
  registeredAt: string;
  /** A load's place in its warehouse × item's loads (kg loaded before it): first in, first out. */
  loadedBeforeKg?: number;
}

const ROME_YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' });
/** The register year of an instant: the calendar year in Italy (a row at 23:30 UTC on 31 December is next year's). */
export const registerYear = (iso: string): number => Number(ROME_YEAR.format(new Date(iso)));

const stockKey = (p: { warehouse: number; waste: number | null; material: number | null }) => `${p.warehouse}:${p.waste ?? 0}:${p.material ?? 0}`;

/** The label of what a posting moves, as its refusal quotes it: the EER code ("17 04 05*") or the material's name. */
async function itemLabels(trx: Executor, postings: readonly Posting[]): Promise<Map<string, string>> {
  const wastes = [...new Set(postings.flatMap((p) => (p.waste ? [p.waste] : [])))];
  const materials = [...new Set(postings.flatMap((p) => (p.material ? [p.material] : [])))];
  const [w, m] = await Promise.all([
    wastes.length ? sql<{ id: number; code: string }>`select id, coalesce(display_code, code) as code from waste where id = any(${wastes}::bigint[])`.execute(trx) : { rows: [] },
    materials.length ? sql<{ id: number; name: string }>`select id, name from material where id = any(${materials}::bigint[])`.execute(trx) : { rows: [] },
  ]);
  const out = new Map<string, string>();
  for (const r of w.rows) out.set(`w${r.id}`, r.code);
  for (const r of m.rows) out.set(`m${r.id}`, r.name);
  return out;
}

/**
 * Checks the postings and books them: the registers of their warehouses (for the year each is
 * registered in) are taken first, in warehouse order, so postings to one warehouse queue behind
 * each other and two postings never deadlock; then every stock balance moves — an unload beyond
 * the stock, or loads beyond the warehouse's authorised capacity, refuse the whole write with the
 * figures — and each row gets the next number of its register. Returns the registrations in the
 * order given. The caller inserts the rows (`insertLedgerRows`) in the same transaction.
 */
export async function book(trx: Executor, postings: readonly Posting[]): Promise<Registration[]> {
  if (postings.length === 0) return [];
  const errors: FieldErrorItem[] = [];
  postings.forEach((p) => {
    const field = p.field ?? 'quantityKg';
    if (!(p.quantityKg > 0)) errors.push({ field, message: 'INVALID' });
    if ((p.waste === null) === (p.material === null)) errors.push({ field: p.field?.replace(/\.[^.]+$/, '.waste') ?? 'waste', message: 'LEDGER_ITEM_REQUIRED' });
  });
  if (errors.length) throw constraintViolation(errors);

  // 1. the registers, in (warehouse, year) order: the lock every posting to a warehouse takes
  const now = new Date().toISOString();
  const registers = new Map<string, { warehouse: number; year: number; count: number; at: string }>();
  const wantedAt = postings.map((p) => (p.registeredAt ? new Date(p.registeredAt).toISOString() : now));
  const years = wantedAt.map(registerYear);
  postings.forEach((p, i) => {
    const key = `${p.warehouse}:${years[i]}`;
    const entry = registers.get(key) ?? { warehouse: p.warehouse, year: years[i]!, count: 0, at: wantedAt[i]! };
    entry.count += 1;
    registers.set(key, entry);
  });
  const ordered = [...registers.values()].sort((a, b) => a.warehouse - b.warehouse || a.year - b.year);
  const last = new Map<string, { number: number; at: string }>();
  for (const r of ordered) {
    const { rows } = await sql<{ last_number: number; last_at: Date | string }>`
      insert into warehouse_register as r (warehouse, year, last_number, last_at) values (${r.warehouse}, ${r.year}, 0, ${r.at})
      on conflict (warehouse, year) do update set last_number = r.last_number
      returning last_number, last_at`.execute(trx);
    const row = rows[0]!;
    last.set(`${r.warehouse}:${r.year}`, { number: Number(row.last_number), at: new Date(row.last_at).toISOString() });
  }

  // 2. the balances: unloads checked against the stock, loads against the capacity; the totals loaded and unloaded follow
  type Delta = { warehouse: number; waste: number | null; material: number | null; delta: number; loads: number; unloads: number; field: string; loadedBefore: number };
  const deltas = new Map<string, Delta>();
  for (const p of postings) {
    const key = stockKey(p);
    const entry = deltas.get(key) ?? { warehouse: p.warehouse, waste: p.waste, material: p.material, delta: 0, loads: 0, unloads: 0, field: p.field ?? 'quantityKg', loadedBefore: 0 };
    entry.delta = round3(entry.delta + (p.movement === 'C' ? p.quantityKg : -p.quantityKg));
    if (p.movement === 'C') entry.loads = round3(entry.loads + p.quantityKg);
    else {
      entry.unloads = round3(entry.unloads + p.quantityKg);
      entry.field = p.field ?? 'quantityKg';
    }
    deltas.set(key, entry);
  }
  const labels = await itemLabels(trx, postings);
  const label = (d: { waste: number | null; material: number | null }) => (d.waste ? labels.get(`w${d.waste}`) : labels.get(`m${d.material}`)) ?? '';
  const loaded = new Set<number>();
  for (const d of [...deltas.values()].sort((a, b) => a.warehouse - b.warehouse || (a.waste ?? 0) - (b.waste ?? 0) || (a.material ?? 0) - (b.material ?? 0))) {
    // an unload only moves a balance that covers it (never an insert: its check would abort the transaction)
    const { rows } =
      d.delta < 0
        ? await sql<{ loaded_kg: string }>`
            update warehouse_stock set quantity_kg = quantity_kg + ${d.delta}::numeric, loaded_kg = loaded_kg + ${d.loads}::numeric, unloaded_kg = unloaded_kg + ${d.unloads}::numeric
            where warehouse = ${d.warehouse} and waste = ${d.waste ?? 0} and material = ${d.material ?? 0} and quantity_kg + ${d.delta}::numeric >= 0
            returning loaded_kg`.execute(trx)
        : await sql<{ loaded_kg: string }>`
            insert into warehouse_stock as s (warehouse, waste, material, quantity_kg, loaded_kg, unloaded_kg)
            values (${d.warehouse}, ${d.waste ?? 0}, ${d.material ?? 0}, ${d.delta}::numeric, ${d.loads}::numeric, ${d.unloads}::numeric)
            on conflict (warehouse, waste, material) do update set
              quantity_kg = s.quantity_kg + excluded.quantity_kg, loaded_kg = s.loaded_kg + excluded.loaded_kg, unloaded_kg = s.unloaded_kg + excluded.unloaded_kg
            returning loaded_kg`.execute(trx);
    if (rows.length === 0) {
      const available = (await stockOf(trx, d)) ?? 0;
      errors.push({ field: d.field, message: 'STOCK_INSUFFICIENT', params: { item: label(d), availableKg: available, requestedKg: round3(-d.delta) } });
      continue;
    }
    d.loadedBefore = round3(Number(rows[0]!.loaded_kg) - d.loads);
    if (d.delta > 0) loaded.add(d.warehouse);
  }
  if (errors.length) throw constraintViolation(errors);
  if (loaded.size > 0) {
    const { rows } = await sql<{ id: number; name: string; capacity_tons: string | null; stock: string }>`
      select w.id, w.name, w.capacity_tons, coalesce((select sum(quantity_kg) from warehouse_stock s where s.warehouse = w.id), 0) as stock
      from warehouse w where w.id = any(${[...loaded]}::bigint[]) and w.capacity_tons is not null`.execute(trx);
    for (const w of rows) {
      const capacityKg = Number(w.capacity_tons) * 1000;
      if (Number(w.stock) > capacityKg + 1e-6) {
        const incoming = round3([...deltas.values()].filter((d) => d.warehouse === Number(w.id) && d.delta > 0).reduce((s, d) => s + d.delta, 0));
        errors.push({ field: 'warehouse', message: 'CAPACITY_EXCEEDED', params: { warehouse: w.name, capacityKg, stockKg: round3(Number(w.stock) - incoming), incomingKg: incoming } });
      }
    }
    if (errors.length) throw constraintViolation(errors);
  }

  // 3. the numbers: each row the next of its register, registered no earlier than the register's last row
  const out: Registration[] = postings.map((p, i) => {
    const key = `${p.warehouse}:${years[i]}`;
    const reg = last.get(key)!;
    const wanted = wantedAt[i]!;
    const at = wanted < reg.at ? reg.at : wanted;
    reg.number += 1;
    reg.at = at;
    if (p.movement !== 'C') return { registerYear: years[i]!, registerNumber: reg.number, registeredAt: at };
    const d = deltas.get(stockKey(p))!;
    const before = d.loadedBefore;
    d.loadedBefore = round3(d.loadedBefore + p.quantityKg);
    return { registerYear: years[i]!, registerNumber: reg.number, registeredAt: at, loadedBeforeKg: before };
  });
  for (const [key, reg] of last) {
    const [warehouse, year] = key.split(':').map(Number);
    await sql`update warehouse_register set last_number = ${reg.number}, last_at = ${reg.at} where warehouse = ${warehouse} and year = ${year}`.execute(trx);
  }
  return out;
}

/** The stock of one warehouse × item now, or null when it never had any. */
async function stockOf(trx: Executor, d: { warehouse: number; waste: number | null; material: number | null }): Promise<number | null> {
  const { rows } = await sql<{ quantity_kg: string }>`
    select quantity_kg from warehouse_stock where warehouse = ${d.warehouse} and waste = ${d.waste ?? 0} and material = ${d.material ?? 0}`.execute(trx);
  return rows[0] ? Number(rows[0].quantity_kg) : null;
}

/** The loads' places in their items' first-in-first-out order (warehouse_load_fifo). */
export async function insertFifo(trx: Executor, loads: readonly { id: number; posting: Posting; registration: Registration }[]): Promise<void> {
  if (loads.length === 0) return;
  for (let from = 0; from < loads.length; from += 500) {
    const values = loads.slice(from, from + 500).map(
      ({ id, posting: p, registration: r }) =>
        sql`(${id}, ${p.warehouse}, ${p.waste ?? 0}, ${p.material ?? 0}, ${r.loadedBeforeKg ?? 0}, ${round3(p.quantityKg)}, ${p.operationDate}, ${p.operation ?? null})`,
    );
    await sql`insert into warehouse_load_fifo (movement, warehouse, waste, material, loaded_before_kg, quantity_kg, operation_date, operation) values ${sql.join(values)}`.execute(trx);
  }
}

/** A posting and its registration as the columns of its ledger row. */
export function ledgerColumns(p: Posting, r: Registration, principal: Principal): Record<string, unknown> {
  return {
    warehouse: p.warehouse,
    register_year: r.registerYear,
    register_number: r.registerNumber,
    registered_at: r.registeredAt,
    causal: p.causal,
    movement: p.movement,
    operation_date: p.operationDate,
    waste: p.waste,
    material: p.material,
    quantity_kg: round3(p.quantityKg),
    counterpart: p.counterpart ?? null,
    counterpart_subject: p.counterpartSubject ?? null,
    fir: p.fir ?? null,
    fir_number: p.firNumber ?? null,
    operation: p.operation ?? null,
    source: p.source,
    source_id: p.sourceId ?? null,
    source_code: p.sourceCode ?? null,
    corrects: p.corrects ?? null,
    notes: p.notes ?? null,
    created_by: principal.username,
    updated_by: principal.username,
  };
}

/**
 * Posts ledger rows a cause produced (a transport's completion, a conferral's acceptance, a
 * treatment's confirmation…) in the cause's transaction: books them, inserts them with their
 * history (the demo's bulk posting skips it). Returns their ids in the order given.
 */
export async function post(trx: Executor, principal: Principal, postings: readonly Posting[], options: { history?: boolean } = {}): Promise<number[]> {
  if (postings.length === 0) return [];
  const registrations = await book(trx, postings);
  const table = tableName(warehouseMovement);
  const ids = await allocateIds(trx, table, postings.length);
  await insertRows(
    trx,
    table,
    postings.map((p, i) => ({ id: ids[i], code: autoCode(warehouseMovement, ids[i]!), ...ledgerColumns(p, registrations[i]!, principal) })),
  );
  await insertFifo(trx, postings.flatMap((p, i) => (p.movement === 'C' ? [{ id: ids[i]!, posting: p, registration: registrations[i]! }] : [])));
  // the demo's year of postings is written in bulk, without history rows, like the other demo records
  if (options.history === false) return ids;
  await writeHistoryMany(
    trx,
    principal,
    ids.map((id, i) => ({
      entity: warehouseMovement.name,
      recordId: id,
      version: 1,
      action: 'CREATE',
      changes: { registerNumber: [null, registrations[i]!.registerNumber], quantityKg: [null, round3(postings[i]!.quantityKg)] },
    })),
  );
  return ids;
}

/** A ledger row as a reversal reads it. */
interface LedgerRow {
  id: number;
  warehouse: number;
  movement: 'C' | 'S';
  causal: string;
  waste: number | null;
  material: number | null;
  quantity_kg: string;
  counterpart: number | null;
  counterpart_subject: number | null;
  fir: number | null;
  fir_number: string | null;
  operation: string | null;
}

/**
 * The rows that reverse ledger rows (a cancelled treatment or displacement, a correction): the
 * opposite movement of the same quantity, same warehouse, item and causal, naming the row it
 * corrects. The corrected rows stay as they were.
 */
export async function reversals(trx: Executor, ids: readonly number[], source: LedgerSource, extra: Pick<Posting, 'sourceId' | 'sourceCode' | 'notes'>): Promise<Posting[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<LedgerRow>`
    select id, warehouse, movement, causal, waste, material, quantity_kg, counterpart, counterpart_subject, fir, fir_number, operation
    from warehouse_movement where id = any(${[...ids]}::bigint[]) and not deleted order by id`.execute(trx);
  const now = new Date().toISOString();
  return rows.map((r) => ({
    warehouse: Number(r.warehouse),
    movement: r.movement === 'C' ? 'S' : 'C',
    causal: r.causal,
    operationDate: now,
    waste: r.waste === null ? null : Number(r.waste),
    material: r.material === null ? null : Number(r.material),
    quantityKg: Number(r.quantity_kg),
    counterpart: r.counterpart === null ? null : Number(r.counterpart),
    counterpartSubject: r.counterpart_subject === null ? null : Number(r.counterpart_subject),
    fir: r.fir === null ? null : Number(r.fir),
    firNumber: r.fir_number,
    operation: r.operation,
    source,
    corrects: Number(r.id),
    ...extra,
  }));
}

/** The ids of a cause's rows not reversed yet (what cancelling it reverses). */
export async function openRowsOf(trx: Executor, source: LedgerSource, sourceId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select m.id from warehouse_movement m
    where m.source = ${source} and m.source_id = ${sourceId} and m.corrects is null and not m.deleted
      and not exists (select 1 from warehouse_movement c where c.corrects = m.id and not c.deleted)
    order by m.id`.execute(trx);
  return rows.map((r) => Number(r.id));
}

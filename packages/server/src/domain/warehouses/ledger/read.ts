import { STORAGE_MAX_DAYS_D15_KEY, STORAGE_MAX_DAYS_R13_KEY, type RegisterTotal, type StockItem } from '@circula/model';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { registryNumber } from '../../../conf/registry.js';
import { addressLine } from '../../activities/receipt.js';
import type { RegisterRow, RegisterSite } from '../register/document.js';

type Address = Parameters<typeof addressLine>[0];
type Lang = 'it' | 'en';

/** What a register page asks for: a page of rows, the filters, the year. */
export interface RegisterQuery {
  year: number;
  lang: Lang;
  /** 0-based page (as the record lists) and its size; without them, every row of the year (the exports). */
  page?: number;
  size?: number;
  waste?: number;
  movement?: 'C' | 'S';
  /** Registration dates (yyyy-mm-dd, Italian calendar), both included. */
  from?: string;
  to?: string;
}

/** The site of a register, or null when there is no such warehouse. */
export async function registerSite(db: Db, warehouseId: number, lang: Lang): Promise<RegisterSite | null> {
  const { rows } = await sql<{
    id: number; code: string; name: string; warehouse_type: string; type_label: string | null; address: Address | null;
    authorisation_number: string | null; authorisation_expiry: string | Date | null;
    owner_name: string | null; owner_last_name: string | null; fiscal_code: string | null; vat_number: string | null;
  }>`
    select w.id, w.code, w.name, w.warehouse_type, coalesce(t.translations->>${lang}, t.name) as type_label, w.address,
      w.authorisation_number, w.authorisation_expiry, s.name as owner_name, s.last_name as owner_last_name, s.fiscal_code, s.vat_number
    from warehouse w
    left join table_value t on t.table_code = 'WAREHOUSE_TYPE' and t.code = w.warehouse_type and not t.deleted
    left join subject s on s.id = w.owner
    where w.id = ${warehouseId} and not w.deleted`.execute(db);
  const w = rows[0];
  if (!w) return null;
  const expiry = w.authorisation_expiry instanceof Date ? w.authorisation_expiry.toISOString().slice(0, 10) : w.authorisation_expiry;
  return {
    id: Number(w.id),
    code: w.code,
    name: w.name,
    type: w.warehouse_type,
    typeLabel: w.type_label ?? w.warehouse_type,
    address: addressLine(w.address),
    authorisationNumber: w.authorisation_number,
    authorisationExpiry: expiry ?? null,
    holder: w.owner_name ? { name: [w.owner_name, w.owner_last_name].filter(Boolean).join(' '), fiscalCode: w.fiscal_code, vatNumber: w.vat_number } : null,
  };
}

/** The where clause of a register query (the index `warehouse_movement_number` serves it). */
function registerWhere(warehouseId: number, q: RegisterQuery) {
  const parts = [sql`m.warehouse = ${warehouseId}`, sql`m.register_year = ${q.year}`, sql`not m.deleted`];
  if (q.waste) parts.push(sql`m.waste = ${q.waste}`);
  if (q.movement) parts.push(sql`m.movement = ${q.movement}`);
  if (q.from) parts.push(sql`m.registered_at >= (${q.from}::date::timestamp at time zone 'Europe/Rome')`);
  if (q.to) parts.push(sql`m.registered_at < ((${q.to}::date + 1)::timestamp at time zone 'Europe/Rome')`);
  return sql.join(parts, sql` and `);
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/**
 * A warehouse's register rows for a year in number order (a page of them when asked), with the
 * count and the totals per EER code or material of every row the filters select.
 */
export async function readRegister(db: Db, warehouseId: number, q: RegisterQuery): Promise<{ items: RegisterRow[]; total: number; totals: RegisterTotal[] }> {
  const where = registerWhere(warehouseId, q);
  const paged = q.page !== undefined && q.size !== undefined;
  const filtered = Boolean(q.waste || q.movement || q.from || q.to);
  // a register's numbers run 1…n without gaps: an unfiltered page is a range of numbers (no offset to skip)
  const pageWhere = paged && !filtered ? sql`${where} and m.register_number > ${q.page! * q.size!} and m.register_number <= ${(q.page! + 1) * q.size!}` : where;
  const limit = paged ? (filtered ? sql`limit ${q.size} offset ${q.page! * q.size!}` : sql`limit ${q.size}`) : sql``;
  const [{ rows }, { rows: totals }] = await Promise.all([
    sql<{
      id: number; register_number: number; registered_at: Date | string; operation_date: Date | string; movement: 'C' | 'S';
      causal: string; causal_label: string | null; eer: string | null; waste_description: string | null; hazardous: boolean | null;
      material_name: string | null; physical_state: string | null; hp_properties: string[] | null; quantity_kg: string;
      site_name: string | null; site_address: Address | null; party_name: string | null; party_last_name: string | null;
      fir_number: string | null; operation: string | null; corrects_number: number | null; notes: string | null;
    }>`
      with page as (
        -- the page first (the index warehouse_movement_number serves it), then what its rows name
        select * from warehouse_movement m where ${pageWhere} order by m.register_number ${limit}
      )
      select m.id, m.register_number, m.registered_at, m.operation_date, m.movement, m.causal,
        coalesce(c.translations->>${q.lang}, c.name) as causal_label,
        coalesce(w.display_code, w.code) as eer, coalesce(w.description->>${q.lang}, w.description->>'it', w.description->>'en') as waste_description, w.hazardous,
        mat.name as material_name, w.physical_state, w.hp_properties, m.quantity_kg,
        site.name as site_name, site.address as site_address, s.name as party_name, s.last_name as party_last_name,
        coalesce(m.fir_number, f.number) as fir_number, m.operation, corrected.register_number as corrects_number, m.notes
      from page m
      left join table_value c on c.table_code = 'MOVEMENT_CAUSAL' and c.code = m.causal and not c.deleted
      left join waste w on w.id = m.waste
      left join material mat on mat.id = m.material
      left join warehouse site on site.id = m.counterpart
      left join subject s on s.id = m.counterpart_subject
      left join fir f on f.id = m.fir
      left join warehouse_movement corrected on corrected.id = m.corrects
      order by m.register_number`.execute(db),
    sql<{ eer: string | null; description: string | null; load_kg: string; unload_kg: string; rows: string }>`
      with sums as (
        -- summed per code or material first, named after
        select m.waste, m.material,
          coalesce(sum(m.quantity_kg) filter (where m.movement = 'C'), 0) as load_kg,
          coalesce(sum(m.quantity_kg) filter (where m.movement = 'S'), 0) as unload_kg, count(*) as rows
        from warehouse_movement m where ${where} group by m.waste, m.material
      )
      select coalesce(w.display_code, w.code) as eer, coalesce(coalesce(w.description->>${q.lang}, w.description->>'it', w.description->>'en'), mat.name) as description,
        sums.load_kg, sums.unload_kg, sums.rows
      from sums left join waste w on w.id = sums.waste left join material mat on mat.id = sums.material
      order by 1 nulls last, 2`.execute(db),
  ]);
  const items = rows.map((r): RegisterRow => {
    const party = [r.party_name, r.party_last_name].filter(Boolean).join(' ');
    const place = [party, r.site_name && r.site_name !== party ? r.site_name : null, addressLine(r.site_address)].filter(Boolean).join(' – ') || null;
    return {
      number: Number(r.register_number),
      date: iso(r.registered_at),
      movement: r.movement,
      eer: r.eer,
      quantity: Number(r.quantity_kg),
      unit: 'kg',
      origin: r.movement === 'C' ? place : null,
      destination: r.movement === 'S' ? place : null,
      fir: r.fir_number,
      operation: r.operation,
      ledgerId: Number(r.id),
      operationDate: iso(r.operation_date),
      causal: r.causal,
      causalLabel: r.causal_label ?? r.causal,
      description: r.waste_description ?? r.material_name,
      hazardous: r.hazardous === true,
      physicalState: r.physical_state,
      hpProperties: r.hp_properties ?? [],
      corrects: r.corrects_number === null ? null : Number(r.corrects_number),
      notes: r.notes,
    };
  });
  return {
    items,
    total: totals.reduce((sum, t) => sum + Number(t.rows), 0),
    totals: totals.map((t) => ({ eer: t.eer, description: t.description, loadKg: Number(t.load_kg), unloadKg: Number(t.unload_kg) })),
  };
}

export interface StockQuery {
  warehouseIds?: number[] | null;
  waste?: number;
  material?: number;
  /** Stock at this instant (ISO); default now. */
  at?: string;
  lang: Lang;
}

/**
 * Stock per warehouse × EER code or material at an instant: the ledger's sum of loads minus
 * unloads operated up to it (rows that are not zero), and the date of the oldest load still in
 * stock — the most recent loads are taken as the stock (first in, first out), a load reversed by
 * a correction not counted. A warehouse authorised for R13 or D15 holds its stock under that
 * storage operation (R13 before D15 when a site has both, unless the oldest load's own operation
 * says D15); stock older than the registry's limit is overdue.
 */
export async function readStock(db: Db, q: StockQuery): Promise<StockItem[]> {
  const at = q.at ?? new Date().toISOString();
  const [rows, r13, d15] = await Promise.all([
    q.at === undefined ? stockNow(db, q) : stockAt(db, q, at),
    registryNumber(db, STORAGE_MAX_DAYS_R13_KEY, 1095, true),
    registryNumber(db, STORAGE_MAX_DAYS_D15_KEY, 365, true),
  ]);
  const now = Date.parse(at);
  return rows.map((r) => {
    const ops = r.operations ?? [];
    const storage: 'R13' | 'D15' | null =
      r.oldest_operation === 'D15' || r.oldest_operation === 'R13' ? r.oldest_operation : ops.includes('R13') ? 'R13' : ops.includes('D15') ? 'D15' : null;
    const limitDays = storage === 'R13' ? r13 : storage === 'D15' ? d15 : null;
    const oldest = r.oldest === null ? null : iso(r.oldest);
    const ageDays = oldest === null ? null : Math.floor((now - Date.parse(oldest)) / 86_400_000);
    return {
      warehouseId: Number(r.warehouse),
      warehouseName: r.warehouse_name,
      eer: r.eer,
      wasteId: r.waste === null ? null : Number(r.waste),
      material: r.material === null ? null : Number(r.material),
      description: r.description,
      quantity: Number(r.quantity),
      unit: 'kg',
      oldestLoadAt: oldest,
      storageOperation: storage,
      limitDays,
      ageDays,
      overdue: limitDays !== null && ageDays !== null && ageDays > limitDays,
    };
  });
}

type StockRow = {
  warehouse: number; warehouse_name: string; operations: string[] | null; waste: number | null; material: number | null; eer: string | null;
  description: string | null; quantity: string; oldest: Date | string | null; oldest_operation: string | null;
};

/**
 * Stock now: the running balances (warehouse_stock) and, per balance, the load whose span in its
 * item's first-in-first-out order holds the total unloaded (warehouse_load_fifo): one index lookup each.
 */
async function stockNow(db: Db, q: StockQuery): Promise<StockRow[]> {
  const filters = [sql`s.quantity_kg > 0`];
  if (q.warehouseIds) filters.push(sql`s.warehouse = any(${q.warehouseIds}::bigint[])`);
  if (q.waste) filters.push(sql`s.waste = ${q.waste}`);
  if (q.material) filters.push(sql`s.material = ${q.material}`);
  const { rows } = await sql<StockRow>`
    select s.warehouse, wh.name as warehouse_name, wh.operations, nullif(s.waste, 0) as waste, nullif(s.material, 0) as material,
      coalesce(w.display_code, w.code) as eer, coalesce(w.description->>${q.lang}, w.description->>'it', w.description->>'en', mat.name) as description,
      s.quantity_kg as quantity, f.operation_date as oldest, f.operation as oldest_operation
    from warehouse_stock s
    join warehouse wh on wh.id = s.warehouse
    left join lateral (
      select l.operation_date, l.operation from warehouse_load_fifo l
      where l.warehouse = s.warehouse and l.waste = s.waste and l.material = s.material and l.loaded_before_kg <= s.unloaded_kg
      order by l.loaded_before_kg desc limit 1
    ) f on true
    left join waste w on w.id = nullif(s.waste, 0)
    left join material mat on mat.id = nullif(s.material, 0)
    where ${sql.join(filters, sql` and `)}
    order by wh.name, s.warehouse, eer nulls last, description`.execute(db);
  return rows;
}

/** Stock at a past instant: the ledger's sum up to it, and the oldest load still in stock then (first in, first out). */
async function stockAt(db: Db, q: StockQuery, at: string): Promise<StockRow[]> {
  const filters = [sql`m.operation_date <= ${at}`, sql`not m.deleted`];
  if (q.warehouseIds) filters.push(sql`m.warehouse = any(${q.warehouseIds}::bigint[])`);
  if (q.waste) filters.push(sql`m.waste = ${q.waste}`);
  if (q.material) filters.push(sql`m.material = ${q.material}`);
  const where = sql.join(filters, sql` and `);
  const { rows } = await sql<StockRow>`
      with moved as (
        select m.warehouse, m.waste, m.material, sum(case when m.movement = 'C' then m.quantity_kg else -m.quantity_kg end) as quantity
        from warehouse_movement m where ${where}
        group by m.warehouse, m.waste, m.material
        having sum(case when m.movement = 'C' then m.quantity_kg else -m.quantity_kg end) > 0
      ),
      loads as (
        select m.warehouse, m.waste, m.material, m.operation_date, m.operation,
          sum(m.quantity_kg) over (partition by m.warehouse, m.waste, m.material order by m.operation_date desc, m.id desc) as newer_and_this,
          m.quantity_kg
        from warehouse_movement m
        join moved on moved.warehouse = m.warehouse and moved.waste is not distinct from m.waste and moved.material is not distinct from m.material
        where ${where} and m.movement = 'C' and m.corrects is null
          and not exists (select 1 from warehouse_movement c where c.corrects = m.id and not c.deleted and c.operation_date <= ${at})
      ),
      oldest as (
        select distinct on (l.warehouse, l.waste, l.material) l.warehouse, l.waste, l.material, l.operation_date, l.operation
        from loads l join moved on moved.warehouse = l.warehouse and moved.waste is not distinct from l.waste and moved.material is not distinct from l.material
        where l.newer_and_this - l.quantity_kg < moved.quantity
        order by l.warehouse, l.waste, l.material, l.operation_date asc
      )
      select moved.warehouse, wh.name as warehouse_name, wh.operations, moved.waste, moved.material,
        coalesce(w.display_code, w.code) as eer, coalesce(coalesce(w.description->>${q.lang}, w.description->>'it', w.description->>'en'), mat.name) as description,
        moved.quantity, oldest.operation_date as oldest, oldest.operation as oldest_operation
      from moved
      join warehouse wh on wh.id = moved.warehouse
      left join oldest on oldest.warehouse = moved.warehouse and oldest.waste is not distinct from moved.waste and oldest.material is not distinct from moved.material
      left join waste w on w.id = moved.waste
      left join material mat on mat.id = moved.material
      order by wh.name, moved.warehouse, eer nulls last, description`.execute(db);
  return rows;
}

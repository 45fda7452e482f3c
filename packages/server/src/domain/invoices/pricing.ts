import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database>;

/** What a line of work is: one EER code, one material or one service. */
export type PricedItem = { waste: number } | { material: number } | { service: number };

/** A price list row as pricing reads it, with its list's direction, counterpart and validity. */
export interface PriceRow {
  rowId: number;
  listId: number;
  listCode: string | null;
  direction: 'ACTIVE' | 'PASSIVE';
  /** The list's customer or supplier; null for a default list. */
  counterpart: number | null;
  /** The signed contract the list's prices were agreed in, if any. */
  contract: number | null;
  listFrom: string;
  listTo: string | null;
  rowFrom: string | null;
  rowTo: string | null;
  waste: number | null;
  material: number | null;
  service: number | null;
  unit: string;
  price: string;
  minimumCharge: string | null;
  vatCode: string | null;
}

export interface PriceQuery {
  direction: 'ACTIVE' | 'PASSIVE';
  counterpart: number;
  item: PricedItem;
  /** The day the work was done (yyyy-mm-dd). */
  date: string;
  /** The units the work can be measured in (a weighed load: KG, T, FLAT). */
  units: readonly string[];
}

const within = (date: string, from: string | null, to: string | null) => (from === null || from <= date) && (to === null || date <= to);

const matches = (row: PriceRow, item: PricedItem) =>
  'waste' in item ? row.waste === item.waste : 'material' in item ? row.material === item.material : row.service === item.service;

/**
 * The row that prices a line of work, or null when none does. Every rule, in order:
 * 1. the row is for the same item (EER code, material or service), in a list of the same direction,
 *    in a unit the work can be measured in;
 * 2. the list is valid on the day of the work, and so is the row when it has dates of its own;
 * 3. a list of the customer (supplier) beats the default list (no counterpart); another
 *    counterpart's list never applies;
 * 4. among what is left, the row whose validity started last (the later of the list's and the
 *    row's start) applies: a newer agreement replaces an older one;
 * 5. then the order of the work's units (a price per kg before one per tonne, before a flat one);
 * 6. then the row entered last (highest list, then row id).
 */
export function pickPrice(rows: readonly PriceRow[], query: PriceQuery): PriceRow | null {
  let best: PriceRow | null = null;
  let bestKey: (number | string)[] | null = null;
  for (const row of rows) {
    if (row.direction !== query.direction || !matches(row, query.item)) continue;
    const unitRank = query.units.indexOf(row.unit);
    if (unitRank < 0) continue;
    if (!within(query.date, row.listFrom, row.listTo) || !within(query.date, row.rowFrom, row.rowTo)) continue;
    if (row.counterpart !== null && row.counterpart !== query.counterpart) continue;
    const start = row.rowFrom !== null && row.rowFrom > row.listFrom ? row.rowFrom : row.listFrom;
    // larger is better, compared element by element
    const key: (number | string)[] = [row.counterpart === null ? 0 : 1, start, -unitRank, row.listId, row.rowId];
    if (bestKey === null || compareKeys(key, bestKey) > 0) {
      best = row;
      bestKey = key;
    }
  }
  return best;
}

function compareKeys(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}

/**
 * Every row of the lists of one direction that could price work between two days for the given
 * counterparts: their own lists and the default ones. One query for a whole invoice run.
 */
export async function loadPriceRows(db: Executor, direction: 'ACTIVE' | 'PASSIVE', counterparts: readonly number[], from: string, to: string): Promise<PriceRow[]> {
  const { rows } = await sql<{
    row_id: string; list_id: string; list_code: string | null; direction: 'ACTIVE' | 'PASSIVE'; counterpart: string | null; contract: string | null;
    list_from: string; list_to: string | null; row_from: string | null; row_to: string | null;
    waste: string | null; material: string | null; service: string | null; unit: string; price: string; minimum_charge: string | null; vat_code: string | null;
  }>`
    select r.id as row_id, l.id as list_id, l.code as list_code, l.direction, l.counterpart, l.contract,
           to_char(l.valid_from, 'YYYY-MM-DD') as list_from, to_char(l.valid_to, 'YYYY-MM-DD') as list_to,
           to_char(r.valid_from, 'YYYY-MM-DD') as row_from, to_char(r.valid_to, 'YYYY-MM-DD') as row_to,
           r.waste, r.material, r.service, r.unit, r.price::text as price, r.minimum_charge::text as minimum_charge, r.vat_code
    from pricelist l join pricelist_row r on r.parent_id = l.id and not r.deleted
    where not l.deleted and l.direction = ${direction}
      and (l.counterpart is null or l.counterpart = any(${counterparts.map(Number)}::bigint[]))
      and l.valid_from <= ${to}::date and (l.valid_to is null or l.valid_to >= ${from}::date)`.execute(db);
  const id = (v: string | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    rowId: Number(r.row_id),
    listId: Number(r.list_id),
    listCode: r.list_code,
    direction: r.direction,
    counterpart: id(r.counterpart),
    contract: id(r.contract),
    listFrom: r.list_from,
    listTo: r.list_to,
    rowFrom: r.row_from,
    rowTo: r.row_to,
    waste: id(r.waste),
    material: id(r.material),
    service: id(r.service),
    unit: r.unit,
    price: r.price,
    minimumCharge: r.minimum_charge,
    vatCode: r.vat_code,
  }));
}

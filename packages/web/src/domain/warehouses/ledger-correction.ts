import type { RecordData } from '../../records/form/record-api';
import { LEDGER_ROUTE } from './warehouses-api';

/** The query parameter of `warehouse-movements/new` naming the row a new movement corrects. */
export const CORRECTS_PARAM = 'corrects';

/** The create form of a correction of ledger row `id`. */
export const correctionPath = (id: number) => `/${LEDGER_ROUTE}/new?${CORRECTS_PARAM}=${id}`;

/** The ledger row a `?corrects=` parameter names, or null. */
export function correctedId(param: string | null): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A row may be corrected unless it is itself a correction (or a reversal) or deleted. */
export const correctable = (row: RecordData) => row.corrects == null && row.delete.deleted !== true;

/**
 * What a correction's form starts with: the corrected row named in `corrects`, its warehouse,
 * causal, item and quantity (the server reverses the row itself, whatever they say), the operation
 * happening now.
 */
export function correctionValues(row: RecordData, now: Date = new Date()): Record<string, unknown> {
  return {
    corrects: row.id,
    warehouse: row.warehouse ?? null,
    causal: row.causal ?? null,
    waste: row.waste ?? null,
    material: row.material ?? null,
    quantityKg: row.quantityKg ?? null,
    operationDate: new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString(),
  };
}

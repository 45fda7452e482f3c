import { todayInItaly, transaction, type Catalogue, type ValuesOf, type RecordOf, warehouse } from '@circula/model';
import { sql } from 'kysely';
import { constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry } from '../../records/hooks.js';
import { isExternal, readRule } from '../../records/row-rules.js';

type Values = ValuesOf<typeof transaction>;
type Request = RecordOf<typeof transaction>;
type Line = NonNullable<Values['lines']>[number];
type FieldError = { field: string; message: string };

/** Kilograms per unit of the weight units a request line may use; volumes have no density, so no weight. */
const KG_PER_UNIT: Readonly<Record<string, number>> = { KG: 1, T: 1000 };

/** The estimated weight of a request's lines in kg (weights only), rounded to grams; null when no line is weighed. */
export function estimatedKg(lines: readonly Line[] | null | undefined): number | null {
  let total = 0;
  let weighed = false;
  for (const line of lines ?? []) {
    const q = line.quantity;
    const factor = q?.unit ? KG_PER_UNIT[q.unit] : undefined;
    if (q?.value == null || factor === undefined) continue;
    total += q.value * factor;
    weighed = true;
  }
  return weighed ? Math.round(total * 1000) / 1000 : null;
}

/**
 * The rules of a request's lines (issue 15, spec §4): a line of a hazardous EER entry names its
 * hazard properties (HP); a UN number travels with its ADR class; with a destination, every code
 * must be among those the destination is authorised for (when its authorisation lists codes).
 */
async function lineErrors(ctx: HookContext, lines: readonly Line[], destination: number | null | undefined): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const wasteIds = [...new Set(lines.map((l) => l.waste).filter((id): id is number => typeof id === 'number'))];
  const { rows } = wasteIds.length
    ? await sql<{ id: number; hazardous: boolean | null }>`select id, hazardous from waste where id = any(${wasteIds}::bigint[])`.execute(ctx.trx)
    : { rows: [] };
  const hazardous = new Set(rows.filter((r) => r.hazardous === true).map((r) => Number(r.id)));
  let authorised: Set<number> | null = null;
  if (destination != null) {
    const { rows: dest } = await sql<{ authorised_waste: (number | string)[] | null }>`
      select authorised_waste from warehouse where id = ${destination}`.execute(ctx.trx);
    const list = dest[0]?.authorised_waste ?? [];
    if (list.length > 0) authorised = new Set(list.map(Number));
  }
  lines.forEach((line, i) => {
    const at = (field: string, message: string) => errors.push({ field: `lines.${i}.${field}`, message });
    if (typeof line.waste === 'number' && hazardous.has(line.waste) && !(line.hpProperties && line.hpProperties.length > 0)) at('hpProperties', 'REQUIRED');
    if (line.unNumber && !line.adrClass) at('adrClass', 'REQUIRED');
    if ((line.adrClass || line.packingGroup) && !line.unNumber) at('unNumber', 'REQUIRED');
    if (line.loadUnitCount != null && line.loadUnit == null) at('loadUnit', 'REQUIRED');
    if (authorised && typeof line.waste === 'number' && !authorised.has(line.waste)) at('waste', 'NOT_AUTHORISED_AT_DESTINATION');
  });
  return errors;
}

/**
 * The pickup point of an external user's request is one of their company's (a warehouse they
 * read through the row rules); a staff member picks any.
 */
async function pickupPointErrors(ctx: HookContext, catalogue: Catalogue, pickupPoint: number | null | undefined): Promise<FieldError[]> {
  if (pickupPoint == null || !isExternal(ctx.principal)) return [];
  const rule = readRule(ctx.principal, warehouse, catalogue);
  if (rule === null) return [];
  const { rows } = await sql<{ id: number }>`select id from warehouse where id = ${pickupPoint} and not deleted and ${rule}`.execute(ctx.trx);
  return rows.length ? [] : [{ field: 'pickupPoint', message: 'NOT_YOUR_COMPANY' }];
}

/** Checks a request as the write leaves it (current record merged with the values) and completes the computed fields. */
async function check(ctx: HookContext, catalogue: Catalogue, current: Request | null, values: Values): Promise<Values> {
  const merged = { ...(current ?? {}), ...values } as Values;
  const errors: FieldError[] = [];
  if (merged.wishedFrom && merged.wishedTo && merged.wishedTo < merged.wishedFrom) errors.push({ field: 'wishedTo', message: 'BEFORE_START' });
  if (merged.timeFrom && merged.timeTo && merged.timeTo <= merged.timeFrom) errors.push({ field: 'timeTo', message: 'BEFORE_START' });
  if (values.pickupPoint !== undefined) errors.push(...(await pickupPointErrors(ctx, catalogue, values.pickupPoint)));
  // a day moved on the calendar or in the form is not in the past, the day in Italy (an old planned day may stay)
  if (values.plannedDate && values.plannedDate !== (current?.plannedDate ?? null) && values.plannedDate < todayInItaly()) errors.push({ field: 'plannedDate', message: 'DATE_IN_PAST' });
  if (merged.destination != null && merged.destination === merged.pickupPoint) errors.push({ field: 'destination', message: 'SAME_AS_PICKUP_POINT' });
  // the lines are checked when they or the destination change
  if (values.lines !== undefined || values.destination !== undefined) errors.push(...(await lineErrors(ctx, merged.lines ?? [], merged.destination)));
  if (errors.length) throw constraintViolation(errors);
  return values.lines !== undefined ? { ...values, estimatedKg: estimatedKg(values.lines) } : values;
}

/**
 * Status rules the workflow alone cannot say: a refusal names its RefusalMotivation; planning
 * names the day (not in the past); a request is submitted with its lines; leaving PLANNED for
 * ACCEPTED (unplanned) clears the day.
 */
function transitionValues(current: Request, to: string, values: Values): Values {
  const merged = { ...current, ...values } as Values;
  const errors: FieldError[] = [];
  if (to === 'REFUSED' && !merged.refusalMotivation) errors.push({ field: 'refusalMotivation', message: 'REQUIRED' });
  if (to === 'PLANNED') {
    if (!merged.plannedDate) errors.push({ field: 'plannedDate', message: 'REQUIRED' });
    else if (values.plannedDate !== undefined && merged.plannedDate < todayInItaly()) errors.push({ field: 'plannedDate', message: 'DATE_IN_PAST' });
  }
  if (to === 'SUBMITTED' && (merged.lines ?? []).length === 0) errors.push({ field: 'lines', message: 'REQUIRED' });
  if (errors.length) throw constraintViolation(errors);
  if (to === 'ACCEPTED' && current.status === 'PLANNED') return { ...values, plannedDate: null };
  return values;
}

export function registerRequestHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registry.register(transaction, {
    async beforeCreate(ctx, values) {
      return check(ctx, catalogue, null, values);
    },
    async beforeUpdate(ctx, current, values) {
      return check(ctx, catalogue, current, values);
    },
    async beforeTransition(_ctx, current, to, values) {
      return transitionValues(current, to, values);
    },
  });
  return registry;
}

import type { DomainModule } from '../module.js';
import { area, AREA_SUBJECT_ASSIGNMENTS } from '@circula/model';
import { sql } from 'kysely';
import { constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry, RecordData } from '../../records/hooks.js';


type FieldError = { field: string; message: string };

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

/** A subject or a warehouse is assigned once per role: the same one twice is a mistake, not a second assignment. */
function duplicates(record: RecordData, fields: readonly string[]): FieldError[] {
  return fields.filter((field) => new Set(idsOf(record[field])).size !== idsOf(record[field]).length).map((field) => ({ field, message: 'DUPLICATE_ASSIGNMENT' }));
}

/**
 * The assigned subjects exist (not deleted), and one assigned with a role that implies a subject
 * role holds it (an area's transporter is a transporter, its customers are customers).
 */
async function assignable(ctx: HookContext, record: RecordData): Promise<FieldError[]> {
  const ids = assignedSubjectsOf(record);
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: number; roles: string[] | null }>`
    select id, roles from subject where id = any(${ids}::bigint[]) and not deleted`.execute(ctx.trx);
  const roles = new Map(rows.map((r) => [Number(r.id), r.roles ?? []]));
  const errors: FieldError[] = [];
  for (const a of AREA_SUBJECT_ASSIGNMENTS) {
    const assigned = idsOf(record[a.field]);
    if (assigned.some((id) => !roles.has(id))) errors.push({ field: a.field, message: 'NOT_FOUND' });
    else if (a.subjectRole !== null && assigned.some((id) => !roles.get(id)!.includes(a.subjectRole!))) errors.push({ field: a.field, message: 'SUBJECT_WITHOUT_ROLE' });
  }
  return errors;
}

/** Every subject assigned in any role, in ascending id order. */
export const assignedSubjectsOf = (record: RecordData): number[] =>
  [...new Set(AREA_SUBJECT_ASSIGNMENTS.flatMap((a) => idsOf(record[a.field])))].sort((a, b) => a - b);

async function check(ctx: HookContext, record: RecordData): Promise<void> {
  const errors = duplicates(record, [...AREA_SUBJECT_ASSIGNMENTS.map((a) => a.field), 'warehouses']);
  errors.push(...(await assignable(ctx, record)).filter((e) => !errors.some((d) => d.field === e.field)));
  if (errors.length) throw constraintViolation(errors);
}

/** The rules of an area's assignments; `assignedSubjects` follows them. */
export function registerAreaHooks(registry: HookRegistry): HookRegistry {
  registry.register(area, {
    async beforeCreate(ctx, values) {
      await check(ctx, values);
      return { ...values, assignedSubjects: assignedSubjectsOf(values) };
    },
    async beforeUpdate(ctx, current, values) {
      // only the assignments being written are checked: a subject that lost a role since keeps its old assignment
      await check(ctx, values);
      if (!AREA_SUBJECT_ASSIGNMENTS.some((a) => values[a.field] !== undefined)) return values;
      // an assignment kept from before may name a subject deleted since: it is no longer assigned
      const ids = assignedSubjectsOf({ ...current, ...values });
      const { rows } = await sql<{ id: number }>`select id from subject where id = any(${ids}::bigint[]) and not deleted`.execute(ctx.trx);
      const existing = new Set(rows.map((r) => Number(r.id)));
      return { ...values, assignedSubjects: ids.filter((id) => existing.has(id)) };
    },
  });
  return registry;
}

export const areasModule: DomainModule = { name: 'areas', hooks: registerAreaHooks };

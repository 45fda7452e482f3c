import { FIR_SERIES_KEY, FIR_SIGN_DEADLINE_KEY, FIR_WEIGHT_TOLERANCE_KEY, PASSWORD_MAX_AGE_KEY, STORAGE_MAX_DAYS_D15_KEY, STORAGE_MAX_DAYS_R13_KEY, PASSWORD_RULE_KEY, type HistoryEntry, type SysRegistryEntry } from '@circula/model';
import { sql, type Kysely } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { conflict, constraintViolation, notFound } from '../http/errors.js';
import { writeHistory, type HistoryChanges } from '../records/history.js';

export async function readRegistry(db: Db, key: string): Promise<(SysRegistryEntry & { isPublic: boolean }) | undefined> {
  const row = await db.selectFrom('sys_registry').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  return { key: row.key, theValue: row.the_value, translation: row.translation, version: row.version, isPublic: row.is_public };
}

/** record_history.entity of registry edits. */
/** A registry value as a number (≥ 0, or > 0 with `positive`), else the fallback. */
export async function registryNumber(db: Kysely<Database>, key: string, fallback: number, positive = false): Promise<number> {
  const row = await db.selectFrom('sys_registry').select('the_value').where('key', '=', key).executeTakeFirst();
  const value = Number(row?.the_value);
  return Number.isFinite(value) && (positive ? value > 0 : value >= 0) ? value : fallback;
}

export const SYSREGISTRY_HISTORY_ENTITY = 'sysregistry';

/** Message keys of a refused registry value (field `theValue`). */
export const REGISTRY_ERRORS = { regex: 'INVALID_REGEX', nonNegativeInteger: 'INVALID_NON_NEGATIVE_INTEGER', series: 'INVALID_SERIES' } as const;

/**
 * The rule a registry key's value must follow, as the message key of its problem (null = fine).
 * The password rule is compiled as the sign-in code compiles it (`u` flag).
 */
export function registryValueProblem(key: string, value: string): string | null {
  if (key === PASSWORD_RULE_KEY) {
    try {
      new RegExp(value, 'u');
    } catch {
      return REGISTRY_ERRORS.regex;
    }
  }
  if ((key === PASSWORD_MAX_AGE_KEY || key === FIR_SIGN_DEADLINE_KEY || key === FIR_WEIGHT_TOLERANCE_KEY || key === STORAGE_MAX_DAYS_R13_KEY || key === STORAGE_MAX_DAYS_D15_KEY) && !/^\d{1,6}$/.test(value)) return REGISTRY_ERRORS.nonNegativeInteger;
  if (key === FIR_SERIES_KEY && !/^[A-Z0-9]{1,10}$/.test(value)) return REGISTRY_ERRORS.series;
  return null;
}

/**
 * Changes one registry entry and writes its history row (entity 'sysregistry', record_id = the
 * entry's id, version = its new version) in one transaction. Unknown key → 404.
 */
export async function updateRegistry(
  db: Db,
  principal: Principal,
  key: string,
  input: { version: number; theValue: string; translation?: Record<string, string> | undefined },
): Promise<SysRegistryEntry> {
  const problem = registryValueProblem(key, input.theValue);
  if (problem) throw constraintViolation([{ field: 'theValue', message: problem }]);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; the_value: string; translation: Record<string, string>; version: number }>`
      select id, the_value, translation, version from sys_registry where key = ${key} for update`.execute(trx);
    const current = rows[0];
    if (!current) throw notFound();
    if (current.version !== input.version) throw conflict();
    const translation = input.translation ?? current.translation;
    const changes: HistoryChanges = {};
    if (current.the_value !== input.theValue) changes.theValue = [current.the_value, input.theValue];
    if (JSON.stringify(current.translation) !== JSON.stringify(translation)) changes.translation = [current.translation, translation];
    const version = current.version + 1;
    await sql`update sys_registry set the_value = ${input.theValue}, translation = ${JSON.stringify(translation)}::jsonb,
      version = ${version}, updated_at = now() where key = ${key}`.execute(trx);
    await writeHistory(trx, principal, { entity: SYSREGISTRY_HISTORY_ENTITY, recordId: current.id, version, action: 'UPDATE', changes });
    return { key, theValue: input.theValue, translation, version };
  });
}

/** The history of one registry entry, as `GET E/{id}/history` answers for records. Unknown key → 404. */
export async function registryHistory(db: Db, key: string): Promise<{ items: HistoryEntry[] }> {
  const { rows: entry } = await sql<{ id: number }>`select id from sys_registry where key = ${key}`.execute(db);
  if (!entry[0]) throw notFound();
  const rows = await db
    .selectFrom('record_history')
    .select(['version', 'at', 'by_user', 'action', 'changes'])
    .where('entity', '=', SYSREGISTRY_HISTORY_ENTITY)
    .where('record_id', '=', entry[0].id)
    .orderBy('version', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return { items: rows.map((r) => ({ version: r.version, at: new Date(r.at).toISOString(), by: r.by_user, action: r.action, changes: r.changes })) };
}

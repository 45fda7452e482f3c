import type { Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

export type HistoryChanges = Record<string, [unknown, unknown]>;

/** One row of a record's history: who, what action, which version, which field changes. */
export async function writeHistory(
  executor: Db | Transaction<Database>,
  principal: Principal,
  entry: { entity: string; recordId: number; version: number; action: string; changes: HistoryChanges },
): Promise<void> {
  await executor
    .insertInto('record_history')
    .values({
      entity: entry.entity,
      record_id: entry.recordId,
      version: entry.version,
      action: entry.action,
      by_user: principal.username,
      by_user_id: principal.userId,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}

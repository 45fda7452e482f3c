import type { Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

export type HistoryChanges = Record<string, [unknown, unknown]>;

export interface HistoryEntry {
  entity: string;
  recordId: number;
  version: number;
  action: string;
  changes: HistoryChanges;
}

/** One row of a record's history: who, what action, which version, which field changes. */
export async function writeHistory(executor: Db | Transaction<Database>, principal: Principal, entry: HistoryEntry): Promise<void> {
  await writeHistoryMany(executor, principal, [entry]);
}

/** Rows of several records' histories by the same user, a few thousand per statement. */
export async function writeHistoryMany(executor: Db | Transaction<Database>, principal: Principal, entries: readonly HistoryEntry[]): Promise<void> {
  const PER_STATEMENT = 5000;
  for (let from = 0; from < entries.length; from += PER_STATEMENT) {
    await executor
      .insertInto('record_history')
      .values(
        entries.slice(from, from + PER_STATEMENT).map((entry) => ({
          entity: entry.entity,
          record_id: entry.recordId,
          version: entry.version,
          action: entry.action,
          by_user: principal.username,
          by_user_id: principal.userId,
          changes: JSON.stringify(entry.changes),
        })),
      )
      .execute();
  }
}

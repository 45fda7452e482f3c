import type { RecordVersion, RecordVersions, Target } from '@circula/model';
import type { Principal } from '../auth/users.js';
import type { RecordService } from './service.js';

/**
 * Every version of a record (templates: each save is a version), newest first, rebuilt from its
 * history: from the record as it is now, each entry's changes undone in turn, so that a record
 * seeded without a history entry (a migration's insert) still shows where it started. Read through
 * the caller's rights on the record. An older version comes back by saving its values again.
 */
export async function recordVersions(
  records: RecordService,
  principal: Principal,
  target: Target,
  id: number,
  fields: readonly string[],
): Promise<RecordVersions> {
  const current = await records.get(principal, target, id);
  const { items: history } = await records.history(principal, target, id);
  const values: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, current[field] ?? null]));
  const items: RecordVersion[] = [];
  for (const entry of [...history].reverse()) {
    items.push({ version: entry.version, at: entry.at, by: entry.by, action: entry.action, values: { ...values } });
    for (const field of fields) if (Object.hasOwn(entry.changes, field)) values[field] = entry.changes[field]![0] ?? null;
  }
  const oldest = history[0];
  if (!oldest || oldest.action !== 'CREATE') {
    items.push({ version: (oldest?.version ?? Number(current.version) + 1) - 1, at: oldest ? null : ((current.createdAt as string | undefined) ?? null), by: null, action: 'INITIAL', values: { ...values } });
  }
  return { items, currentVersion: Number(current.version) };
}

import type { Db } from '../db/connect.js';

export interface RegistryEntry {
  key: string;
  theValue: string;
  translation: Record<string, string>;
}

export async function readRegistry(db: Db, key: string): Promise<(RegistryEntry & { isPublic: boolean }) | undefined> {
  const row = await db.selectFrom('sys_registry').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  return { key: row.key, theValue: row.the_value, translation: row.translation, isPublic: row.is_public };
}

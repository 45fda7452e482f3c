import { createHash } from 'node:crypto';
import type { LookupTableSeed } from '@circula/model';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

const SEED_HASH_KEY = 'SEED_LOOKUP_TABLES_HASH';

/**
 * Inserts the lookup tables and values a release declares, when missing; never overwrites what
 * administrators changed or deleted. Skipped entirely when the declared seed has not changed
 * since the last start (its hash is kept in the registry).
 */
export async function seedLookupTables(db: Db, tables: readonly LookupTableSeed[]): Promise<void> {
  const hash = createHash('sha256').update(JSON.stringify(tables)).digest('hex');
  const seen = await db.selectFrom('sys_registry').select('the_value').where('key', '=', SEED_HASH_KEY).executeTakeFirst();
  if (seen?.the_value === hash) return;

  await db.transaction().execute(async (trx) => {
    for (const table of tables) {
      await sql`
        insert into lookup_table (code, name, description, columns, created_by, updated_by)
        values (${table.code}, ${JSON.stringify(table.name)}, ${table.description ?? null}, ${JSON.stringify(table.columns ?? {})}, 'system', 'system')
        on conflict (code) where not deleted do nothing`.execute(trx);
      if (table.values.length === 0) continue;
      const rows = table.values.map((v, index) => sql`(
        ${table.code}, ${v.code}, ${v.val ?? null}, ${v.name ?? null}, ${JSON.stringify({ it: v.it, en: v.en })},
        ${v.alpha1 ?? null}, ${v.alpha2 ?? null}, ${v.alpha3 ?? null}, ${v.flag1 ?? null}, ${v.flag2 ?? null}, ${v.flag3 ?? null},
        ${v.extraValue ?? null}, ${v.extraFields ? JSON.stringify(v.extraFields) : null}, ${index + 1}, 'system', 'system')`);
      await sql`
        insert into table_value (table_code, code, val, name, translations, alpha1, alpha2, alpha3, flag1, flag2, flag3, extra_value, extras, sort_order, created_by, updated_by)
        values ${sql.join(rows)}
        on conflict (table_code, code) where not deleted do nothing`.execute(trx);
    }
    await trx
      .insertInto('sys_registry')
      .values({ key: SEED_HASH_KEY, the_value: hash, translation: '{}', description: 'Hash of the lookup tables last seeded' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ the_value: hash }))
      .execute();
  });
}

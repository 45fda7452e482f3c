import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { lookupTable } from '@circula/model';
import type { Db } from '../db/connect.js';
import { displayEerCode } from '../domain/waste/index.js';
import { EER_ITALIAN } from './eer-italian.js';

interface EwcEntry {
  code: string;
  hazardous: boolean;
  entryType: string;
  description: string;
}

const SEED_HASH_KEY = 'SEED_WASTE_CATALOGUE_HASH';
const FILE = path.resolve(import.meta.dirname, '../../data/ewc-codes.json');

/** `WASTE_ENTRY_TYPE` codes by the entry type strings of the data file (the table's `val`). */
const ENTRY_TYPES: Record<string, string> = Object.fromEntries((lookupTable('WASTE_ENTRY_TYPE')?.values ?? []).map((v) => [v.val, v.code]));

/**
 * Inserts the EER entries missing from `waste` (never overwriting what the company recorded),
 * skipped when neither the file nor the Italian texts changed since the last start.
 */
export async function seedWasteCatalogue(db: Db): Promise<void> {
  const raw = readFileSync(FILE, 'utf8');
  const hash = createHash('sha256').update(raw).update(JSON.stringify(EER_ITALIAN)).digest('hex');
  const seen = await db.selectFrom('sys_registry').select('the_value').where('key', '=', SEED_HASH_KEY).executeTakeFirst();
  if (seen?.the_value === hash) return;
  const entries = JSON.parse(raw) as EwcEntry[];
  await db.transaction().execute(async (trx) => {
    const rows = entries.map((e) => {
      const entryType = ENTRY_TYPES[e.entryType];
      if (!entryType || !/^\d{6}$/.test(e.code)) throw new Error(`ewc-codes.json: unexpected entry ${JSON.stringify(e)}`);
      const description = { en: e.description, ...(EER_ITALIAN[e.code] ? { it: EER_ITALIAN[e.code] } : {}) };
      return sql`(${e.code}, ${displayEerCode(e.code, e.hazardous)}, ${JSON.stringify(description)}, ${e.code.slice(0, 2)}, ${entryType}, ${e.hazardous}, 'system', 'system')`;
    });
    for (let i = 0; i < rows.length; i += 500) {
      await sql`
        insert into waste (code, display_code, description, chapter, entry_type, hazardous, created_by, updated_by)
        values ${sql.join(rows.slice(i, i + 500))}
        on conflict (code) where not deleted do nothing`.execute(trx);
    }
    await trx
      .insertInto('sys_registry')
      .values({ key: SEED_HASH_KEY, the_value: hash, translation: '{}', description: 'Hash of the EER catalogue last seeded' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ the_value: hash }))
      .execute();
  });
}

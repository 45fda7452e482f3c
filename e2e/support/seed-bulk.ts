/**
 * Bulk data for the browser tests, written straight into the embedded database before the server
 * starts (start-server.mjs runs this file on the data directory copied from the run's template):
 * the server's own migrations and demo seed are there in the copy; this adds BULK_ROWS
 * values of the lookup table BULK_TABLE in one INSERT … SELECT over generate_series. Run:
 * `node --import tsx e2e/support/seed-bulk.ts` with DATA_DIR (and DEMO_DATA) in the environment,
 * as the server reads them. With E2E_PREPARE_ONLY=true it prepares the database and stops: the
 * run's template data directory (support/data-dir.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyTemplateDataDir } from './data-dir.js';

export const BULK_TABLE = 'E2E_BULK';
export const BULK_ROWS = 100_000;
/** Value n (1…BULK_ROWS): code `B` + n on six digits, name `Voce massiva n`, sort order n. */
export const bulkCode = (n: number) => `B${String(n).padStart(6, '0')}`;

async function seed(): Promise<void> {
  // imported here so that tests can import the constants without loading the server
  const { sql } = await import('kysely');
  const { loadConfig } = await import('../../packages/server/src/config.js');
  const { connect } = await import('../../packages/server/src/db/connect.js');
  const { prepareDatabase } = await import('../../packages/server/src/startup.js');

  const started = Date.now();
  const prepareOnly = process.env.E2E_PREPARE_ONLY === 'true';
  // the template is prepared first (E2E_PREPARE_ONLY); the server's own directory starts as its copy
  if (!prepareOnly && process.env.DATA_DIR) copyTemplateDataDir(process.env.DATA_DIR);
  const config = loadConfig();
  if (config.databaseUrl || !config.dataDir) throw new Error('seed-bulk writes only into an embedded database (DATA_DIR)');
  const handle = await connect({ databaseUrl: null, dataDir: path.join(config.dataDir, 'pg') });
  try {
    // the copy is prepared already (the server's start checks it again): only the bulk rows go in
    if (prepareOnly) await prepareDatabase(handle.db, config, { info: () => undefined, warn: (message: string) => console.warn(message) });
    else await handle.db.transaction().execute(async (trx) => {
      await sql`
        insert into lookup_table (code, name, description, created_by, updated_by)
        values (${BULK_TABLE}, ${JSON.stringify({ it: 'Tabella massiva (test)', en: 'Bulk table (tests)' })}, 'Browser tests: a large list', 'e2e', 'e2e')`.execute(trx);
      await sql`
        insert into table_value (table_code, code, name, sort_order, created_by, updated_by)
        select ${BULK_TABLE}, 'B' || lpad(n::text, 6, '0'), 'Voce massiva ' || n, n, 'e2e', 'e2e'
        from generate_series(1, ${BULK_ROWS}::integer) as n`.execute(trx);
    });
  } finally {
    await handle.close();
  }
  if (prepareOnly) console.log(`seed-bulk: database prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  else console.log(`seed-bulk: ${BULK_ROWS} values of ${BULK_TABLE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await seed();
}

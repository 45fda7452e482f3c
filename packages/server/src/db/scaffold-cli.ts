import { CATALOGUE, tableName } from '@circula/model';
import { sql } from 'kysely';
import { connect } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { addedColumnsMigration, newTableMigration } from './scaffold.js';

/**
 * `npm run migration:scaffold -- <entity>`: applies every migration to an empty in-memory
 * database, compares the entity's declaration with the table they leave, and prints the next
 * migration (a new table, or the new columns) to review and save as the file it names.
 */
async function main(name: string | undefined): Promise<number> {
  const entity = name ? CATALOGUE.entity(name) : undefined;
  if (!entity) {
    process.stderr.write(`usage: npm run migration:scaffold -- <entity>\nentities: ${CATALOGUE.entities.map((e) => e.name).join(', ')}\n`);
    return 2;
  }
  const handle = await connect({ databaseUrl: null, dataDir: null });
  try {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = ${tableName(entity)} and table_schema = current_schema()`.execute(handle.db);
    const source = rows.length === 0 ? newTableMigration(entity) : addedColumnsMigration(entity, new Set(rows.map((r) => r.column_name)));
    if (source === null) {
      process.stderr.write(`${entity.name}: its table already has a column for every field\n`);
      return 0;
    }
    const next = String(Object.keys(migrations).length + 1).padStart(4, '0');
    process.stderr.write(`save as packages/server/src/db/migrations/${next}-${entity.name}.ts and add it to migrations/index.ts\n`);
    process.stdout.write(source);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv[2]);

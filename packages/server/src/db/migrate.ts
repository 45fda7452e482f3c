import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Kysely's migrator finds its bookkeeping tables by introspecting every schema of the database
 * (`has_schema_privilege` and `pg_get_serial_sequence` over all namespaces). A schema or a column
 * dropped or added by another session during that scan makes the scan itself fail (invalid schema
 * name, undefined column) before any migration runs — what the PostgreSQL test runs met, each test
 * file migrating and dropping a schema of its own. Such a failure changed nothing, so it is tried
 * again; a failing migration is never retried.
 */
const INTROSPECTION_RACE = new Set(['3F000', '42703', '42P01']);
const ATTEMPTS = 5;

/** Runs every pending migration; a second run changes nothing. Throws on the first failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    const raced = !failed && (results ?? []).length === 0 && INTROSPECTION_RACE.has((error as { code?: string } | undefined)?.code ?? '');
    if (raced && attempt < ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    }
    return (results ?? []).map((r) => r.migrationName);
  }
}

import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration; a second run changes nothing. Throws on the first failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

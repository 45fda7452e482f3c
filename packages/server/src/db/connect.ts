import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { PreparingClient } from './prepared.js';
import { QueryObserver, registerQueryObserver } from './query-log.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite: the data directory as a tar file (the tests copy a prepared database with it). */
  dumpDataDir?: () => Promise<Blob>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;

/**
 * The same JSON values from both drivers: int8 (ids, counts) and numeric (quantities, money up to
 * 15 significant digits) as numbers, dates as 'YYYY-MM-DD' strings (no time-zone shift).
 */
const PARSERS: Record<number, (value: string) => unknown> = {
  [INT8_OID]: (value) => Number(value),
  [NUMERIC_OID]: (value) => Number(value),
  [DATE_OID]: (value) => value,
};
for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

/** int8[] (multiple references, tag ids) and numeric[] as arrays of numbers too: PGlite applies the element parsers, pg does not. */
const INT8_ARRAY_OID = 1016;
const NUMERIC_ARRAY_OID = 1231;
for (const oid of [INT8_ARRAY_OID, NUMERIC_ARRAY_OID]) {
  const parseArray = pg.types.getTypeParser(oid) as (value: string) => (string | null)[];
  pg.types.setTypeParser(oid, (value: string) => parseArray(value).map((item) => (item === null ? null : Number(item))));
}

export interface ConnectOptions {
  databaseUrl: string | null;
  /** PGlite data directory; null = in memory. Ignored when databaseUrl is set. */
  dataDir: string | null;
  /** Extra `search_path` for PostgreSQL (tests isolate themselves in a schema). */
  searchPath?: string;
  poolSize?: number;
  /** PGlite, in memory: start from this data directory (a `dumpDataDir` tar) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: an idle pooled connection failed (the server restarted or terminated it). The pool
   * drops that connection and opens another when needed; without a listener, pg would throw the
   * error out of the process. Default: logIdleError on stderr.
   */
  onIdleError?: (error: Error) => void;
}

/** The `onIdleError` of a server process: one warning in its log. */
export const logIdleError =
  (log: { warn(message: string): void }) =>
  (error: Error): void =>
    log.warn(`Database connection lost while idle (the pool opens another): ${error.message}`);

export async function connect(options: ConnectOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      // runs the engine's registered hot statements as named prepared statements (db/prepared.ts)
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    pool.on('error', options.onIdleError ?? logIdleError({ warn: (message) => console.error(message) }));
    const observer = new QueryObserver();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: observer.log });
    registerQueryObserver(db, observer);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
    // Every commit is flushed to the data directory before it is acknowledged (the default,
    // stated here because the kill -9 test depends on it).
    relaxedDurability: false,
    parsers: PARSERS,
  });
  // query durations for the monitor's slow queries (db/query-log.ts)
  const observer = new QueryObserver();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log: observer.log });
  registerQueryObserver(db, observer);
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => pglite.dumpDataDir('none') };
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, several server processes (WORKERS): the per-user rate limits of @fastify/rate-limit
 * (maps, monitor reports) are counted here rather than in each process, so that N processes or
 * app servers do not grant a user N times the limit (http/per-user-rate-limit.ts). One row per
 * counter (user or address, and limit group) and window. Unlogged: no WAL is written for each
 * request counted, and a database crash only starts the windows again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limit_counter (
      key text primary key,
      hits integer not null,
      reset_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counter_reset_at on rate_limit_counter (reset_at)`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Statistics of the requester and producer of requests taken together (a multivariate MCV list:
 * their most common pairs). An external user's list of requests is "requester or producer is my
 * company" (records/row-rules.ts); the planner took the two as independent and estimated an
 * owner's 7 289 pickup requests at 14 636 (requests benchmark, 400 000 requests), where a producer
 * most often files its own requests. With the pairs it estimates 7 332. PostgreSQL uses MCV
 * statistics for OR and = ANY clauses since version 13:
 * https://www.postgresql.org/docs/15/planner-stats.html#PLANNER-STATS-EXTENDED
 * Built at the next ANALYZE (autovacuum, or the engine's own on the embedded database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics transaction_parties (mcv) on requester, producer from transaction`.execute(db);
}

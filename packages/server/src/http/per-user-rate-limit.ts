import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { AppError } from './errors.js';

/** Per signed-in user, else per client address (a public call, or one the auth hook refuses anyway). */
export const perUser = (request: FastifyRequest): string => (request.principal ? `user:${request.principal.userId}` : `ip:${request.ip}`);

/** How often at most a process deletes the counters whose window ended (with the count that finds it due). */
const PRUNE_EVERY_MS = 60_000;

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * The counts of @fastify/rate-limit in the database (table `rate_limit_counter`, migration 0039)
 * rather than in the process (its LocalStore). With WORKERS=N (several server processes, or
 * several app servers on one PostgreSQL database) an in-process count would grant a user N times
 * the limit; dividing the limit by N instead would be wrong the other way, because the cluster
 * hands out connections, not requests: a browser's keep-alive connection stays with one process
 * and would get a 1/N share. One shared counter is exact, and the limited routes (maps, monitor
 * reports) are few and costly enough that one upsert each does not matter. The same store runs on
 * the embedded database (one code path; the count then also survives a restart).
 *
 * One statement counts a hit: it opens a window (1 hit, reset at now + window) or adds one to the
 * open one, atomically under the row's lock, and answers the hits and the milliseconds left, as
 * the plugin's stores do (fixed window; `continueExceeding` and `exponentialBackoff` are not
 * supported: no route asks for them).
 */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    /** A route's own counters (its method and URL) unless it names a `groupId`, which the key already ends with. */
    private readonly prefix = '',
    private readonly pruning: { at: number } = { at: 0 },
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    this.#count(this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // the plugin passes the route's merged rate-limit settings: its groupId and the route itself
    const { groupId, routeInfo } = routeOptions as unknown as { groupId?: string; routeInfo?: { method?: unknown; url?: string } };
    const prefix = groupId || !routeInfo?.url ? '' : `${String(routeInfo.method)} ${routeInfo.url}|`;
    return new DatabaseRateLimitStore(this.db, prefix, this.pruning);
  }

  async #count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    if (Date.now() - this.pruning.at >= PRUNE_EVERY_MS) {
      this.pruning.at = Date.now();
      await sql`delete from rate_limit_counter where reset_at < now()`.execute(this.db);
    }
    // now() is when this statement's transaction began: one that waited on a parallel insert of the
    // same key began before that row's window did, so its time left is capped at the window
    const { rows } = await sql<{ hits: number; ttl: number }>`
      insert into rate_limit_counter as c (key, hits, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
        reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
      returning hits, least(${windowMs}, greatest(0, ceil(extract(epoch from c.reset_at - now()) * 1000)))::int as ttl`.execute(this.db);
    const row = rows[0]!;
    return { current: Number(row.hits), ttl: Number(row.ttl) };
  }
}

/**
 * @fastify/rate-limit for the routes of one plugin scope that set `config.rateLimit`, counted per
 * user (per address without one) in the database, shared by every server process
 * (DatabaseRateLimitStore), answering 429 `TOO_MANY_REQUESTS`. It runs as a preHandler: after the
 * request-auth hook has found the principal the count is keyed on.
 */
export async function registerPerUserRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  const pruning = { at: 0 };
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: perUser,
    // the plugin constructs the store with its own options: this class brings the database
    store: class extends DatabaseRateLimitStore {
      constructor() {
        super(db, '', pruning);
      }
    },
    errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS'),
  });
}

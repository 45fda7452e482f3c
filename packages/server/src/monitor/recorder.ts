import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { queryObserver } from '../db/query-log.js';
import { securityEvent } from './events.js';
import { BUCKET_COUNT, bucketOf } from './latency.js';
import { processMetrics, type Metrics } from './metrics.js';
import { withMonitorTables, type MonitorDb, type MonitorErrorTable } from './tables.js';
import type { Insertable } from 'kysely';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error a handler threw, kept until the answer is sent (a 5xx is recorded with it). */
    monitorError?: Error;
  }
  interface FastifyInstance {
    monitor: MonitorRecorder;
  }
}

/** How often the aggregates go to the database. */
export const FLUSH_INTERVAL_MS = 10_000;
/** Most errors and slow queries one flush keeps: a storm of them must not become a storm of writes. */
const MAX_BUFFERED = 500;
/** A request without a route (the not-found handler). */
export const UNMATCHED_ROUTE = '(unmatched)';

interface Aggregate {
  minute: Date;
  method: string;
  route: string;
  count: number;
  clientErrors: number;
  serverErrors: number;
  sumMs: number;
  maxMs: number;
  buckets: number[];
}

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * Records every answer in memory (Prometheus histogram and counters; per-minute aggregates of the
 * route pattern, never the raw URL with its ids) and writes the aggregates, the server errors and
 * the slow queries to the database every FLUSH_INTERVAL_MS, each kind in one INSERT.
 */
export class MonitorRecorder {
  readonly metrics: Metrics = processMetrics();
  readonly #db: MonitorDb;
  #aggregates = new Map<string, Aggregate>();
  #errors: Insertable<MonitorErrorTable>[] = [];
  #slowQueries: { duration_ms: number; sql: string; at: Date }[] = [];
  #dropped = 0;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#db = withMonitorTables(db);
  }

  /** A finished request: its route pattern (null: none matched), status and duration. */
  record(method: string, route: string | null, status: number, ms: number, now = Date.now()): void {
    const pattern = route ?? UNMATCHED_ROUTE;
    const labels = { method, route: pattern, status_class: statusClass(status) };
    this.metrics.requestDuration.observe(labels, ms / 1000);
    this.metrics.requests.inc(labels);
    if (status >= 500) this.metrics.serverErrors.inc({ method, route: pattern });

    const minute = now - (now % 60_000);
    const key = `${minute}|${method}|${pattern}`;
    let aggregate = this.#aggregates.get(key);
    if (!aggregate) {
      aggregate = { minute: new Date(minute), method, route: pattern, count: 0, clientErrors: 0, serverErrors: 0, sumMs: 0, maxMs: 0, buckets: new Array<number>(BUCKET_COUNT).fill(0) };
      this.#aggregates.set(key, aggregate);
    }
    aggregate.count++;
    if (status >= 500) aggregate.serverErrors++;
    else if (status >= 400) aggregate.clientErrors++;
    aggregate.sumMs += ms;
    if (ms > aggregate.maxMs) aggregate.maxMs = ms;
    aggregate.buckets[bucketOf(ms)]!++;
  }

  /** A 5xx answer, with the error thrown when there was one (its stack stays on the server). */
  serverError(request: FastifyRequest, route: string | null, status: number): void {
    const error = request.monitorError;
    this.#keep(this.#errors, {
      at: new Date(),
      source: 'SERVER',
      request_id: String(request.id),
      method: request.method,
      route: route ?? UNMATCHED_ROUTE,
      status,
      message: (error?.message || `(no error thrown, status ${status})`).slice(0, 2000),
      stack: error?.stack?.slice(0, 16_000) ?? null,
      url: null,
      user_agent: null,
      user_id: request.principal?.userId ?? null,
      address: request.ip,
    });
  }

  slowQuery(sql: string, durationMs: number): void {
    this.metrics.slowQueries.inc();
    this.#keep(this.#slowQueries, { at: new Date(), duration_ms: durationMs, sql: sql.slice(0, 8000) });
  }

  #keep<T>(buffer: T[], row: T): void {
    if (buffer.length >= MAX_BUFFERED) this.#dropped++;
    else buffer.push(row);
  }

  /** Writes what is buffered; concurrent calls run one after the other. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    const aggregates = [...this.#aggregates.values()];
    const errors = this.#errors;
    const slowQueries = this.#slowQueries;
    const dropped = this.#dropped;
    this.#aggregates = new Map();
    this.#errors = [];
    this.#slowQueries = [];
    this.#dropped = 0;
    try {
      if (aggregates.length) {
        await this.#db
          .insertInto('monitor_request')
          .values(
            aggregates.map((a) => ({
              minute: a.minute,
              method: a.method,
              route: a.route,
              count: a.count,
              client_errors: a.clientErrors,
              server_errors: a.serverErrors,
              sum_ms: a.sumMs,
              max_ms: a.maxMs,
              buckets: a.buckets,
            })),
          )
          .execute();
      }
      if (errors.length) await this.#db.insertInto('monitor_error').values(errors).execute();
      if (slowQueries.length) await this.#db.insertInto('monitor_slow_query').values(slowQueries).execute();
      if (dropped) this.log.warn({ dropped }, 'monitor: errors and slow queries beyond the buffer were not recorded');
    } catch (error) {
      // the monitor never breaks the application: what could not be written is lost
      this.log.error({ err: error }, 'monitor: flush failed');
    }
  }
}

/**
 * The monitor's hooks: every answer recorded by route pattern; 5xx errors kept with their stack
 * and request id (the client gets neither: http/errors.ts answers INTERNAL_ERROR; it gets the id
 * in `x-request-id` to quote); 403s to signed-in users recorded as denied accesses; queries over
 * SLOW_QUERY_MS recorded with their SQL text.
 */
export function installMonitor(app: FastifyInstance, db: Db, slowQueryMs: number): MonitorRecorder {
  const recorder = new MonitorRecorder(db, app.log);
  app.decorate('monitor', recorder);

  app.addHook('onError', async (request, reply, error) => {
    request.monitorError = error;
    reply.header('x-request-id', request.id);
    // a refusal to a signed-in user, recorded before the answer leaves (every 403 is a thrown error)
    if ((error as { statusCode?: number }).statusCode === 403 && request.principal) {
      const principal = request.principal;
      const reason = (error as { errorMessage?: string }).errorMessage;
      await securityEvent(db, {
        type: 'ACCESS_DENIED',
        userId: principal.userId,
        username: principal.username,
        address: request.ip,
        detail: `${request.method} ${request.routeOptions.url ?? UNMATCHED_ROUTE}${reason ? ` ${reason}` : ''}`,
      }).catch((failure: unknown) => request.log.error({ err: failure }, 'monitor: security event not recorded'));
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? null;
    const status = reply.statusCode;
    recorder.record(request.method, route, status, reply.elapsedTime);
    if (status >= 500) recorder.serverError(request, route, status);
  });

  const observer = queryObserver(db);
  if (observer && slowQueryMs > 0) {
    observer.thresholdMs = slowQueryMs;
    observer.listener = (sql, ms) => recorder.slowQuery(sql, ms);
  }

  const timer = setInterval(() => void recorder.flush(), FLUSH_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (observer?.listener) observer.listener = null;
    await recorder.flush();
  });
  return recorder;
}

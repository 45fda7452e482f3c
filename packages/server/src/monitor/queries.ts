import {
  MONITOR_MAX_RANGE_DAYS,
  MONITOR_MAX_ROUTES,
  type MonitorErrorsAnswer,
  type MonitorPerformanceAnswer,
  type MonitorPeriod,
  type MonitorSecurityAnswer,
  type MonitorUsabilityAnswer,
  type SecurityEventType,
} from '@circula/model';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { badRequest } from '../http/errors.js';
import { BUCKET_COUNT, percentile } from './latency.js';
import { withMonitorTables } from './tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Most points of the throughput chart. */
const MAX_POINTS = 240;
/** Most distinct slow queries and error groups listed. */
const MAX_GROUPS = 50;

export interface Period {
  from: Date;
  to: Date;
}

const instant = (value: string, code: string): Date => {
  const date = new Date(value);
  if (value.length > 40 || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) throw badRequest(code);
  return date;
};

/** `from`, `to`: ISO instants; by default the last 24 hours. Invalid, reversed or longer than MONITOR_MAX_RANGE_DAYS: 400. */
export function parseMonitorPeriod(from: string | undefined, to: string | undefined, now = new Date()): Period {
  const end = to ? instant(to, 'MONITOR_INVALID_TO') : now;
  const start = from ? instant(from, 'MONITOR_INVALID_FROM') : new Date(end.getTime() - DAY_MS);
  if (end.getTime() < start.getTime()) throw badRequest('MONITOR_RANGE_REVERSED');
  if (end.getTime() - start.getTime() > MONITOR_MAX_RANGE_DAYS * DAY_MS) throw badRequest('MONITOR_RANGE_TOO_LONG');
  return { from: start, to: end };
}

const periodOf = (p: Period): MonitorPeriod => ({ from: p.from.toISOString(), to: p.to.toISOString() });
const iso = (value: Date | string): string => new Date(value).toISOString();
const round = (n: number | null): number | null => (n === null ? null : Math.round(n * 100) / 100);

/** A whole number of minutes (at least one) so that the period holds at most MAX_POINTS steps. */
export function throughputStep(p: Period): number {
  const minutes = Math.ceil((p.to.getTime() - p.from.getTime()) / 60_000 / MAX_POINTS);
  const nice = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];
  return (nice.find((n) => n >= minutes) ?? Math.max(minutes, 1440)) * 60;
}

export async function performance(db: Db, p: Period): Promise<MonitorPerformanceAnswer> {
  const mdb = withMonitorTables(db);
  // the minutes whose start is in the period
  const inPeriod = sql`minute >= ${p.from} and minute <= ${p.to}`;
  const routes = await sql<{ method: string; route: string; count: number; client_errors: number; server_errors: number; sum_ms: number; max_ms: number }>`
    select method, route, sum(count)::int as count, sum(client_errors)::int as client_errors, sum(server_errors)::int as server_errors,
           sum(sum_ms)::float8 as sum_ms, max(max_ms)::float8 as max_ms
    from monitor_request where ${inPeriod}
    group by method, route order by count desc, route, method limit ${MONITOR_MAX_ROUTES}`.execute(mdb);
  // the histograms summed bucket by bucket, per route (bounded: routes × buckets rows)
  const buckets = await sql<{ method: string; route: string; i: number; n: number }>`
    select method, route, b.i::int as i, sum(b.n)::int as n
    from monitor_request, unnest(buckets) with ordinality as b(n, i)
    where ${inPeriod}
    group by method, route, b.i`.execute(mdb);
  const histograms = new Map<string, number[]>();
  const total = new Array<number>(BUCKET_COUNT).fill(0);
  for (const row of buckets.rows) {
    const key = `${row.method} ${row.route}`;
    let histogram = histograms.get(key);
    if (!histogram) histograms.set(key, (histogram = new Array<number>(BUCKET_COUNT).fill(0)));
    histogram[row.i - 1] = row.n;
    total[row.i - 1]! += row.n;
  }
  const step = throughputStep(p);
  const throughput = await sql<{ at: Date; count: number; server_errors: number }>`
    select to_timestamp(floor(extract(epoch from minute) / ${step}) * ${step}) as at, sum(count)::int as count, sum(server_errors)::int as server_errors
    from monitor_request where ${inPeriod} group by 1 order by 1`.execute(mdb);
  const slow = await sql<{ sql: string; count: number; max_ms: number; mean_ms: number; last_at: Date }>`
    select sql, count(*)::int as count, max(duration_ms)::float8 as max_ms, avg(duration_ms)::float8 as mean_ms, max(at) as last_at
    from monitor_slow_query where at >= ${p.from} and at <= ${p.to}
    group by sql order by max(duration_ms) desc limit ${MAX_GROUPS}`.execute(mdb);

  let count = 0;
  let serverErrors = 0;
  let maxMs = 0;
  const routeStats = routes.rows.map((r) => {
    const histogram = histograms.get(`${r.method} ${r.route}`) ?? [];
    count += r.count;
    serverErrors += r.server_errors;
    maxMs = Math.max(maxMs, r.max_ms);
    return {
      method: r.method,
      route: r.route,
      count: r.count,
      clientErrors: r.client_errors,
      serverErrors: r.server_errors,
      errorRate: r.count ? r.server_errors / r.count : 0,
      meanMs: round(r.count ? r.sum_ms / r.count : 0)!,
      p50Ms: round(percentile(histogram, 0.5, r.max_ms)),
      p95Ms: round(percentile(histogram, 0.95, r.max_ms)),
      p99Ms: round(percentile(histogram, 0.99, r.max_ms)),
      maxMs: round(r.max_ms)!,
    };
  });
  return {
    period: periodOf(p),
    stepSeconds: step,
    throughput: throughput.rows.map((r) => ({ at: iso(r.at), count: r.count, serverErrors: r.server_errors })),
    totals: {
      count,
      serverErrors,
      p50Ms: round(percentile(total, 0.5, maxMs)),
      p95Ms: round(percentile(total, 0.95, maxMs)),
      p99Ms: round(percentile(total, 0.99, maxMs)),
    },
    routes: routeStats,
    slowQueries: slow.rows.map((r) => ({ sql: r.sql, count: r.count, maxMs: round(r.max_ms)!, meanMs: round(r.mean_ms)!, lastAt: iso(r.last_at) })),
  };
}

export interface PageQuery {
  page: number;
  size: number;
}

/** The errors of the period, one page, newest first; the stack only for an administrator. */
export async function errors(db: Db, p: Period, paging: PageQuery, withStack: boolean, source?: 'SERVER' | 'CLIENT'): Promise<MonitorErrorsAnswer> {
  const mdb = withMonitorTables(db);
  let base = mdb.selectFrom('monitor_error').where('at', '>=', p.from).where('at', '<=', p.to);
  if (source) base = base.where('source', '=', source);
  const [rows, counted, groups] = await Promise.all([
    base
      .select(['id', 'at', 'source', 'request_id', 'method', 'route', 'status', 'message', 'stack', 'url', 'user_agent', 'user_id'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['source', 'route', 'message'])
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('at').as('last_at')])
      .groupBy(['source', 'route', 'message'])
      .orderBy('count', 'desc')
      .orderBy('last_at', 'desc')
      .limit(MAX_GROUPS)
      .execute(),
  ]);
  return {
    period: periodOf(p),
    items: rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      source: r.source,
      requestId: r.request_id,
      method: r.method,
      route: r.route,
      status: r.status,
      message: r.message,
      ...(withStack ? { stack: r.stack } : {}),
      url: r.url,
      userAgent: r.user_agent,
      userId: r.user_id === null ? null : Number(r.user_id),
    })),
    total: Number(counted.total),
    page: paging.page,
    size: paging.size,
    groups: groups.map((g) => ({ source: g.source, route: g.route, message: g.message, count: Number(g.count), lastAt: iso(g.last_at as Date) })),
  };
}

export async function security(db: Db, p: Period, paging: PageQuery, type?: SecurityEventType): Promise<MonitorSecurityAnswer> {
  const mdb = withMonitorTables(db);
  const inPeriod = mdb.selectFrom('monitor_security_event').where('at', '>=', p.from).where('at', '<=', p.to);
  const base = type ? inPeriod.where('type', '=', type) : inPeriod;
  const [counts, rows, counted] = await Promise.all([
    inPeriod.select('type').select((eb) => eb.fn.countAll<number>().as('count')).groupBy('type').orderBy('type').execute(),
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    period: periodOf(p),
    counts: counts.map((c) => ({ type: c.type as SecurityEventType, count: Number(c.count) })),
    items: rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      type: r.type as SecurityEventType,
      userId: r.user_id === null ? null : Number(r.user_id),
      username: r.username,
      address: r.address,
      detail: r.detail,
    })),
    total: Number(counted.total),
    page: paging.page,
    size: paging.size,
  };
}

export async function usability(db: Db, p: Period): Promise<MonitorUsabilityAnswer> {
  const mdb = withMonitorTables(db);
  const pages = await sql<{ route: string; views: number; users: number; mean_ms: number; median_ms: number }>`
    select route, count(*)::int as views, count(distinct user_id)::int as users, avg(duration_ms)::float8 as mean_ms,
           (percentile_cont(0.5) within group (order by duration_ms))::float8 as median_ms
    from monitor_page_view where entered_at >= ${p.from} and entered_at <= ${p.to}
    group by route order by views desc, route limit ${MONITOR_MAX_ROUTES}`.execute(mdb);
  const daily = await sql<{ day: string; views: number; users: number }>`
    select to_char(entered_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as views, count(distinct user_id)::int as users
    from monitor_page_view where entered_at >= ${p.from} and entered_at <= ${p.to}
    group by 1 order by 1`.execute(mdb);
  return {
    period: periodOf(p),
    pages: pages.rows.map((r) => ({ route: r.route, views: r.views, users: r.users, meanMs: Math.round(r.mean_ms), medianMs: Math.round(r.median_ms) })),
    daily: daily.rows,
  };
}

/**
 * Retention: deletes what the monitor recorded before `olderThan` (aggregates, errors, slow
 * queries, security events, page views). For the data-retention job; answers the rows deleted.
 */
export async function purgeMonitor(db: Db, olderThan: Date): Promise<number> {
  const mdb = withMonitorTables(db);
  const results = await Promise.all([
    mdb.deleteFrom('monitor_request').where('minute', '<', olderThan).executeTakeFirst(),
    mdb.deleteFrom('monitor_error').where('at', '<', olderThan).executeTakeFirst(),
    mdb.deleteFrom('monitor_slow_query').where('at', '<', olderThan).executeTakeFirst(),
    mdb.deleteFrom('monitor_security_event').where('at', '<', olderThan).executeTakeFirst(),
    mdb.deleteFrom('monitor_page_view').where('entered_at', '<', olderThan).executeTakeFirst(),
  ]);
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

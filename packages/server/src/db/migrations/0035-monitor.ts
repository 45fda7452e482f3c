import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the monitor. What the application records about itself (DOMAIN.md "monitor"):
 *
 * - `monitor_request`: request aggregates per minute, route pattern and method (one row per
 *   process and flush; the pages sum them), with a latency histogram over fixed buckets
 *   (monitor/latency.ts) from which p50/p95/p99 are estimated;
 * - `monitor_error`: server errors (5xx: request id, route, message, stack) and the errors the
 *   web app reports from browsers;
 * - `monitor_slow_query`: queries slower than SLOW_QUERY_MS, their SQL text without parameters;
 * - `monitor_security_event`: failed, throttled and refused sign-ins, lockouts, denied accesses,
 *   privilege changes, revoked sessions;
 * - `monitor_page_view`: page views of the web app (route pattern, time on page, user id only).
 *
 * Every table is indexed on its time column: the pages read a period, the retention purges one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table monitor_request (
      minute timestamptz not null,
      method text not null,
      route text not null,
      count integer not null,
      client_errors integer not null,
      server_errors integer not null,
      sum_ms double precision not null,
      max_ms double precision not null,
      buckets integer[] not null
    )`.execute(db);
  await sql`create index monitor_request_minute on monitor_request (minute)`.execute(db);

  await sql`
    create table monitor_error (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      source text not null check (source in ('SERVER', 'CLIENT')),
      request_id text,
      method text,
      route text,
      status integer,
      message text not null,
      stack text,
      url text,
      user_agent text,
      user_id bigint,
      address text
    )`.execute(db);
  await sql`create index monitor_error_at on monitor_error (at desc, id desc)`.execute(db);

  await sql`
    create table monitor_slow_query (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      duration_ms double precision not null,
      sql text not null
    )`.execute(db);
  await sql`create index monitor_slow_query_at on monitor_slow_query (at desc)`.execute(db);

  await sql`
    create table monitor_security_event (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      type text not null,
      user_id bigint,
      username text,
      address text,
      detail text
    )`.execute(db);
  await sql`create index monitor_security_event_at on monitor_security_event (at desc, id desc)`.execute(db);

  await sql`
    create table monitor_page_view (
      id bigint generated always as identity primary key,
      user_id bigint,
      route text not null,
      entered_at timestamptz not null,
      left_at timestamptz not null,
      duration_ms integer not null
    )`.execute(db);
  await sql`create index monitor_page_view_entered on monitor_page_view (entered_at)`.execute(db);
}

import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Request aggregates of one minute, route pattern and method, as one process flushed them (migration 0035). */
export interface MonitorRequestTable {
  minute: Timestamp;
  method: string;
  route: string;
  count: number;
  client_errors: number;
  server_errors: number;
  sum_ms: number;
  max_ms: number;
  /** Requests per latency bucket (monitor/latency.ts LATENCY_BOUNDS, the last one unbounded). */
  buckets: number[];
}

export type ErrorSource = 'SERVER' | 'CLIENT';

export interface MonitorErrorTable {
  id: Generated<number>;
  at: DefaultedTimestamp;
  source: ErrorSource;
  request_id: string | null;
  method: string | null;
  route: string | null;
  status: number | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  user_id: number | null;
  address: string | null;
}

export interface MonitorSlowQueryTable {
  id: Generated<number>;
  at: DefaultedTimestamp;
  duration_ms: number;
  sql: string;
}

export interface MonitorSecurityEventTable {
  id: Generated<number>;
  at: DefaultedTimestamp;
  type: string;
  user_id: number | null;
  username: string | null;
  address: string | null;
  detail: string | null;
}

export interface MonitorPageViewTable {
  id: Generated<number>;
  user_id: number | null;
  route: string;
  entered_at: Timestamp;
  left_at: Timestamp;
  duration_ms: number;
}

// a type, not an interface: withTables needs an index signature
export type MonitorTables = {
  monitor_request: MonitorRequestTable;
  monitor_error: MonitorErrorTable;
  monitor_slow_query: MonitorSlowQueryTable;
  monitor_security_event: MonitorSecurityEventTable;
  monitor_page_view: MonitorPageViewTable;
};

export type MonitorDb = Kysely<Database & MonitorTables>;

export const withMonitorTables = (db: Kysely<Database>): MonitorDb => db.withTables<MonitorTables>() as MonitorDb;

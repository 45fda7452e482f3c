/**
 * The monitor of API.md "Monitor" (issue 20), as server and web both read it:
 * `GET /api/monitor/{errors|performance|security|usability}?from=&to=` (ISO instants; by default
 * the last 24 hours, at most MONITOR_MAX_RANGE_DAYS) and the web app's own reports
 * (`POST /api/monitor/client-errors`, `POST /api/monitor/usability`).
 */

/** The longest period a monitor page reads. */
export const MONITOR_MAX_RANGE_DAYS = 93;

/** What the application records as security events. */
export const SECURITY_EVENT_TYPES = [
  /** A wrong username or password. */
  'SIGN_IN_FAILED',
  /** A sign-in (or a password change, a recovery) refused for too many failures from the address or of the name from it. */
  'SIGN_IN_THROTTLED',
  /** A name refused from every address: too many failures of it from everywhere. */
  'LOCKOUT',
  /** Right credentials of a disabled user, or one who must first initialise or change the password. */
  'SIGN_IN_REFUSED',
  /** A 403 answered to a signed-in user. */
  'ACCESS_DENIED',
  /** Groups of a user or authorities of a group changed. */
  'PRIVILEGE_CHANGED',
  /** Sessions ended by someone (an administrator, the user, a rights change) or by a reused refresh token. */
  'SESSION_REVOKED',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export interface MonitorPeriod {
  from: string;
  to: string;
}

/** One error: a server's (5xx) or a browser's. `stack` only for administrators. */
export interface MonitorError {
  id: number;
  at: string;
  source: 'SERVER' | 'CLIENT';
  requestId: string | null;
  method: string | null;
  route: string | null;
  status: number | null;
  message: string;
  stack?: string | null;
  url: string | null;
  userAgent: string | null;
  userId: number | null;
}

/** Errors by message and route over the period, the most frequent first. */
export interface MonitorErrorGroup {
  source: 'SERVER' | 'CLIENT';
  route: string | null;
  message: string;
  count: number;
  lastAt: string;
}

export interface MonitorErrorsAnswer {
  period: MonitorPeriod;
  /** The errors of the period, newest first, one page (`page`, `size` query parameters). */
  items: MonitorError[];
  total: number;
  page: number;
  size: number;
  groups: MonitorErrorGroup[];
}

/** One route pattern's requests over the period; latencies in ms, estimated from the latency histogram. */
export interface MonitorRouteStats {
  method: string;
  route: string;
  count: number;
  clientErrors: number;
  serverErrors: number;
  /** Server errors over requests, 0–1. */
  errorRate: number;
  meanMs: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number;
}

export interface MonitorSlowQuery {
  sql: string;
  count: number;
  maxMs: number;
  meanMs: number;
  lastAt: string;
}

export interface MonitorPerformanceAnswer {
  period: MonitorPeriod;
  /** Width of a throughput point, seconds. */
  stepSeconds: number;
  /** Requests per step over the period (steps without requests left out). */
  throughput: { at: string; count: number; serverErrors: number }[];
  totals: { count: number; serverErrors: number; p50Ms: number | null; p95Ms: number | null; p99Ms: number | null };
  /** The busiest routes first (at most MONITOR_MAX_ROUTES). */
  routes: MonitorRouteStats[];
  slowQueries: MonitorSlowQuery[];
}

export interface MonitorSecurityEvent {
  id: number;
  at: string;
  type: SecurityEventType;
  userId: number | null;
  username: string | null;
  address: string | null;
  detail: string | null;
}

export interface MonitorSecurityAnswer {
  period: MonitorPeriod;
  counts: { type: SecurityEventType; count: number }[];
  items: MonitorSecurityEvent[];
  total: number;
  page: number;
  size: number;
}

export interface MonitorUsabilityAnswer {
  period: MonitorPeriod;
  /** Per page: views, distinct users, median and mean time on page (ms); the most viewed first. */
  pages: { route: string; views: number; users: number; meanMs: number; medianMs: number }[];
  /** Views per day (yyyy-mm-dd, UTC). */
  daily: { day: string; views: number; users: number }[];
}

/** `POST /api/monitor/client-errors`. */
export interface ClientErrorReport {
  message: string;
  stack?: string;
  url: string;
  userAgent?: string;
  at: string;
}

/** `POST /api/monitor/usability`: page views, sent in batches. */
export interface PageViewReport {
  route: string;
  enteredAt: string;
  leftAt: string;
}

export const MONITOR_MAX_ROUTES = 200;
export const MONITOR_PAGE_VIEWS_PER_REPORT = 50;

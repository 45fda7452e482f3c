import type { Kysely, LogEvent } from 'kysely';

/**
 * What the monitor learns from Kysely's `log` option: the duration of every query. The observer
 * is created with the database (connect.ts) and found again from it; the monitor sets a threshold
 * and a listener, which gets the SQL text of each slower query (never its parameters).
 */
export class QueryObserver {
  thresholdMs = 0;
  listener: ((sql: string, durationMs: number) => void) | null = null;

  readonly log = (event: LogEvent): void => {
    if (event.level !== 'query' || this.listener === null || this.thresholdMs <= 0) return;
    if (event.queryDurationMillis >= this.thresholdMs) this.listener(event.query.sql, event.queryDurationMillis);
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- keyed on any database
const observers = new WeakMap<Kysely<any>, QueryObserver>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- keyed on any database
export function registerQueryObserver(db: Kysely<any>, observer: QueryObserver): void {
  observers.set(db, observer);
}

/** The observer of a database opened by connect(); none for another one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- keyed on any database
export function queryObserver(db: Kysely<any>): QueryObserver | undefined {
  return observers.get(db);
}

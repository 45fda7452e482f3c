import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export const RUN_TRIGGERS = ['SCHEDULE', 'MANUAL'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const RUN_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One run of a scheduler entry (migration 0033). */
export interface SchedulerRunTable {
  id: Generated<number>;
  scheduler_id: number;
  job: string;
  trigger: RunTrigger;
  status: RunStatus;
  started_at: DefaultedTimestamp;
  ended_at: NullableTimestamp;
  duration_ms: number | null;
  log: ColumnType<string, string | undefined, string>;
  error: string | null;
  /** The user who asked for a MANUAL run. */
  triggered_by: string | null;
  /** The process that runs it (host, pid and a random part). */
  instance_id: string;
  /** Renewed by that process while it lives: a RUNNING run with an old heartbeat died with its process. */
  heartbeat_at: DefaultedTimestamp;
}

/** The scheduler entry's columns the runner reads and moves (the record table of the `scheduler` entity). */
export interface SchedulerTable {
  id: number;
  job: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  deleted: boolean;
  next_run_at: NullableTimestamp;
  parameters: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  name: string;
}

// a type alias (not an interface) so that it satisfies Kysely's table-map constraint
export type SchedulerTables = {
  scheduler_run: SchedulerRunTable;
  scheduler: SchedulerTable;
};

export type SchedulerDb = Kysely<Database & SchedulerTables>;

/** The application's database seen with the scheduler's tables. */
export const withSchedulerTables = (db: Kysely<Database>): SchedulerDb => db.withTables<SchedulerTables>() as SchedulerDb;

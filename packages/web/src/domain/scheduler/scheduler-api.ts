import { http } from '../../api/client';

export const SCHEDULER_ROUTE = 'scheduler';
const ENDPOINT = '/api/conf/scheduler';

/** One run of a scheduler entry, as `GET /api/conf/scheduler/{id}/runs` answers it. */
export interface SchedulerRun {
  id: number;
  schedulerId: number;
  job: string;
  trigger: 'SCHEDULE' | 'MANUAL';
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  startedAt: string;
  endedAt: string | null;
  durationMs: number | null;
  log: string;
  /** A message key (SCHEDULER_RUN_INTERRUPTED…) or the job's error text. */
  error: string | null;
  triggeredBy: string | null;
}

export interface SchedulerRunPage {
  items: SchedulerRun[];
  total: number;
  page: number;
  size: number;
}

/** How often the runs tab asks again while a run is RUNNING. */
export const RUNS_POLL_MS = 2000;

export const runsKey = (id: number) => ['scheduler-runs', id] as const;

export const schedulerApi = {
  runs: (id: number, signal?: AbortSignal) => http.data<SchedulerRunPage>(`${ENDPOINT}/${id}/runs`, { query: { size: 50 }, silent: true, ...(signal ? { signal } : {}) }),
  /** "Run now": a failure (409 while a run runs) is shown by the client. */
  runNow: (id: number) => http.data<{ runId: number }>(`${ENDPOINT}/${id}/run`, { method: 'POST' }),
};

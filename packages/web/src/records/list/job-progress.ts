import { http } from '../../api/client';
import { ApiError, isApiErrorBody } from '../../api/errors';

/** An import or export as the server runs it (`GET {endpoint}/{import|export}/jobs/{id}`). */
export interface JobView<R = unknown> {
  id: string;
  kind: 'IMPORT' | 'EXPORT';
  status: 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
  /** CHECKING, WRITING, UNDOING (an import), EXPORTING. */
  phase: string | null;
  processed: number;
  total: number | null;
  dryRun: boolean | null;
  /** DONE: what the job produced; FAILED: the error envelope. */
  result: R | null;
}

export interface JobProgress {
  phase: string | null;
  processed: number;
  total: number | null;
}

/** How often a running job is asked for its progress. */
export const POLL_INTERVAL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for the job until it ends, reporting its progress each time; resolves with the ended job. */
export async function waitForJob<R>(url: string, onProgress: (progress: JobProgress) => void, intervalMs = POLL_INTERVAL_MS): Promise<JobView<R>> {
  for (;;) {
    const job = await http.data<JobView<R>>(url, { silent: true });
    onProgress(job);
    if (job.status !== 'RUNNING') return job;
    await sleep(intervalMs);
  }
}

/** A failed job's error, as the error of a failed call (translated by its errorMessage). */
export function jobError(job: JobView): ApiError {
  const body = isApiErrorBody(job.result) ? job.result : null;
  return new ApiError(body?.errorCode === 'INTERNAL_ERROR' || !body ? 500 : 400, body);
}

/** The share done, 0–100. */
export const percentOf = (progress: Pick<JobProgress, 'processed' | 'total'> | null): number =>
  progress?.total ? Math.min(100, Math.floor((progress.processed / progress.total) * 100)) : 0;

import type { ImportReport, ImportRowError } from '@circula/model';
import { http } from '../../../api/client';
import { jobError, waitForJob, type JobProgress, type JobView } from '../job-progress';

/** The import report is the server's shape (`@circula/model` api/records.ts). */
export type { ImportReport, ImportRowError };

const form = (file: File, fields: Record<string, string> = {}) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', file);
  return data;
};

/** The header row of the file and the most rows a file may have, read by the server (`POST {endpoint}/import/headers`). */
export const readImportHeaders = async (endpoint: string, file: File) =>
  http.upload<{ headers: string[]; maxRows?: number }>(`${endpoint}/import/headers`, form(file), { silent: true });

export type ImportResult = ImportReport & { imported?: number };

/**
 * `POST {endpoint}/import` with `async=true`: the server answers 202 with the job at once and
 * imports chunk by chunk; `onStarted` receives the job (to stop it), `onProgress` each progress
 * until it ends. Resolves to the report (a dry run's, a commit's count or the rows' errors), or
 * null when the job was stopped; a failed job rejects with its error.
 */
export async function runImport(
  endpoint: string,
  file: File,
  mapping: Record<string, string>,
  dryRun: boolean,
  callbacks: { onStarted?: (job: JobView) => void; onProgress?: (progress: JobProgress) => void } = {},
): Promise<ImportResult | null> {
  const started = await http.upload<JobView<ImportResult>>(`${endpoint}/import`, form(file, { mapping: JSON.stringify(mapping), dryRun: String(dryRun), async: 'true' }), { silent: true });
  callbacks.onStarted?.(started);
  callbacks.onProgress?.(started);
  const job = started.status === 'RUNNING' ? await waitForJob<ImportResult>(`${endpoint}/import/jobs/${started.id}`, (p) => callbacks.onProgress?.(p)) : started;
  if (job.status === 'CANCELLED') return null;
  if (job.status === 'FAILED' || !job.result) throw jobError(job);
  return job.result;
}

/** Asks the server to stop an import: nothing of it is kept. */
export const stopImport = (endpoint: string, jobId: string) => http.data<JobView>(`${endpoint}/import/jobs/${jobId}/cancel`, { method: 'PUT', silent: true });

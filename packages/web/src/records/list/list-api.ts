import type { Page } from '@circula/model';
import { userStore } from '../../app/auth/user-store';
import { notifyError } from '../../app/notifications';
import { http } from '../../api/client';
import { ApiError, isApiErrorBody } from '../../api/errors';
import { REFRESH_MARGIN_MS, type QueryValue } from '../../api/http';
import { POLL_INTERVAL_MS, type JobView } from './job-progress';

/** A record as a list shows it (API.md record shape; the entity's fields by name). */
export interface ListRecord {
  id: number;
  code: string | null;
  status: string | null;
  updatedAt: string | null;
  delete?: { deleted: boolean };
  [field: string]: unknown;
}

export const isDeleted = (record: ListRecord | undefined): boolean => record?.delete?.deleted === true;

/** One page of a search (API.md `GET E`). Failures are shown by the list itself. */
export const searchRecords = (endpoint: string, query: Record<string, QueryValue>, signal?: AbortSignal) =>
  http.data<Page<ListRecord>>(endpoint, { query, silent: true, ...(signal ? { signal } : {}) });

/** The user's preferences (`key → value`, values as the server keeps them). */
export async function fetchPreferences(userId: number): Promise<Record<string, unknown>> {
  const data = await http.data<{ preferences: Record<string, unknown> }>(`/api/conf/user/settings/findByUserId/${userId}`, { silent: true });
  return data.preferences ?? {};
}

export const savePreference = (userId: number, key: string, value: unknown) =>
  http.data<unknown>(`/api/conf/user/settings/${userId}/${encodeURIComponent(key)}/`, { method: 'PUT', json: value });

/** The bearer for a call the http client cannot make (a binary answer), refreshed first when about to expire. */
async function bearer(): Promise<string | null> {
  const user = userStore.get();
  if (!user) return null;
  const expiresAt = Date.parse(user.tokenExpiresAt);
  if (Number.isNaN(expiresAt) || expiresAt - Date.now() <= REFRESH_MARGIN_MS) return (await http.refresh()).token;
  return user.token;
}

function fileName(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has started the download by now; give it a moment before revoking
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /**
   * Rows written so far of the rows to write: an export names its job (`x-job-id`) and its rows
   * (`x-total-count`), and the job is asked for its progress while the file arrives.
   */
  onProgress?: (progress: { processed: number; total: number | null }) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Asks an export's job for its progress until `finished` is true or the download is stopped. */
async function followJob(url: string, jobId: string, total: number | null, options: DownloadOptions, finished: () => boolean): Promise<void> {
  while (!finished() && !options.signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    if (finished() || options.signal?.aborted) return;
    const job = await http.data<JobView>(`${url}/jobs/${jobId}`, { silent: true }).catch(() => null);
    if (job && !finished()) options.onProgress?.({ processed: job.processed, total: job.total ?? total });
    if (job && job.status !== 'RUNNING') return;
  }
}

/**
 * Downloads `url` (with the bearer token) as a file named by the server's content-disposition.
 * A failure shows the generic danger notification and rejects; a download stopped through
 * `options.signal` rejects with the AbortError and shows nothing.
 */
export async function downloadFile(url: string, query: Record<string, QueryValue>, fallbackName: string, options: DownloadOptions = {}): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(key, String(value));
  try {
    const token = await bearer();
    let response: Response;
    try {
      response = await fetch(`${http.resolveUrl(url)}?${params.toString()}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, null);
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new ApiError(response.status, isApiErrorBody(body) ? body : null);
    }
    const jobId = response.headers.get('x-job-id');
    const totalHeader = response.headers.get('x-total-count');
    const total = totalHeader === null ? null : Number(totalHeader);
    options.onProgress?.({ processed: 0, total });
    let finished = false;
    const following = jobId && options.onProgress ? followJob(url, jobId, total, options, () => finished) : Promise.resolve();
    let blob: Blob;
    try {
      blob = await response.blob();
    } finally {
      finished = true;
    }
    // the last poll may still be asleep: the file is saved without waiting for it
    void following;
    options.onProgress?.({ processed: total ?? 0, total });
    saveBlob(blob, fileName(response.headers.get('content-disposition'), fallbackName));
  } catch (error) {
    if (!isAbort(error)) notifyError(error instanceof ApiError ? error : null);
    throw error;
  }
}

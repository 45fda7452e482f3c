import type { JobTotals } from '@circula/model';
import { http } from '../../api/client';

export const JOB_ROUTE = 'job';

/** `GET /api/jobs/job/{id}/totals`: the job's requests, transports and invoices the user may read, summed. */
export const fetchJobTotals = (id: number, signal?: AbortSignal) => http.data<JobTotals>(`/api/jobs/job/${id}/totals`, signal ? { signal } : {});

export const jobTotalsKey = (id: number) => ['job-totals', id] as const;

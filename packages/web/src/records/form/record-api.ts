import type { Target } from '@circula/model';
import { http } from '../../api/client';

/** A record as the generic API answers it (API.md "Record shape"), entity fields included. */
export interface RecordData {
  id: number;
  code: string | null;
  status: string | null;
  version: number;
  rootId: number | null;
  parentId: number | null;
  canWrite: boolean;
  allowedStatuses: string[];
  delete: { deleted: boolean; deletedAt: string | null; deletedBy: string | null };
  [field: string]: unknown;
}

/** One entry of `GET E/{id}/history`: `changes` maps a field to its old and new value. */
export interface HistoryEntry {
  version: number;
  at: string;
  by: string;
  action: 'CREATE' | 'UPDATE' | 'TRANSITION' | 'DELETE' | 'RESTORE' | string;
  changes: Record<string, [unknown, unknown]>;
}

const url = (target: Target, id?: number, suffix = '') => `${target.endpoint}${id === undefined ? '' : `/${id}`}${suffix}`;

/** The record page's calls. Reads and saves are silent: the page reports their failures itself (404, 409, field errors). */
export const recordApi = {
  get: (target: Target, id: number) => http.data<RecordData>(url(target, id), { silent: true }),
  create: (target: Target, body: Record<string, unknown>) => http.data<RecordData>(url(target), { method: 'POST', json: body, silent: true }),
  update: (target: Target, id: number, body: Record<string, unknown>, newStatus?: string) =>
    http.data<RecordData>(url(target, id), { method: 'PUT', json: body, query: { newStatus }, silent: true }),
  remove: (target: Target, id: number) => http.data<RecordData>(url(target, id, '/delete'), { method: 'PUT' }),
  restore: (target: Target, id: number) => http.data<RecordData>(url(target, id, '/un-deletes'), { method: 'PUT' }),
  history: (target: Target, id: number) => http.data<{ items: HistoryEntry[] }>(url(target, id, '/history')),
};

import type { HistoryEntry, RecordShape, Target } from '@circula/model';
import { http } from '../../api/client';

/**
 * A record of any entity as the generic API answers it: the common fields (API.md "Record shape")
 * and its entity's fields by name. A page of one entity types its records with `RecordOf<typeof entity>`.
 */
export type RecordData = RecordShape & { [field: string]: unknown };

/** One entry of `GET E/{id}/history`: `changes` maps a field to its old and new value. */
export type { HistoryEntry };

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

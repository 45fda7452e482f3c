import type { HistoryEntry, SysRegistryEntry } from '@circula/model';
import { http } from '../../api/client';

export const SYSREGISTRY_ROUTE = 'sysregistry';
const ENDPOINT = '/api/conf/sysregistry';

export const registryKey = ['sysregistry-page'] as const;
export const registryHistoryKey = (key: string) => ['sysregistry-page', 'history', key] as const;

/** The registry calls of API.md "Configuration services": every entry, one changed (with its version), a key's history. */
export const registryApi = {
  list: (signal?: AbortSignal) => http.data<{ items: SysRegistryEntry[] }>(ENDPOINT, signal ? { signal } : {}),
  // the page shows a refused value's errors under its field
  update: (key: string, body: { version: number; theValue: string; translation?: Record<string, string> }) =>
    http.data<SysRegistryEntry>(`${ENDPOINT}/${encodeURIComponent(key)}`, { method: 'PUT', json: body, silent: true }),
  history: (key: string, signal?: AbortSignal) => http.data<{ items: HistoryEntry[] }>(`${ENDPOINT}/${encodeURIComponent(key)}/history`, signal ? { signal } : {}),
};

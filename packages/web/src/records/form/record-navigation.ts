import { CATALOGUE, type Catalogue, type Target } from '@circula/model';
import type { RecordData } from './record-api';

/** Query parameters of `{route}/new` (spec §2 "Generic record pages"). */
export const QUERY = {
  goBackAfterCreation: 'goBackAfterCreation',
  virtualFolderBackConfiguration: 'virtualFolderBackConfiguration',
  autocompleteRoute: 'autocompleteRoute',
} as const;

/**
 * A path inside the app, or null: links carried in the URL may only lead within the app (no
 * `//host`, no scheme), so a crafted link cannot send the user elsewhere after a save.
 */
export function internalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.includes('\\')) return null;
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return path.startsWith('//') ? null : path;
}

/** Navigation state of the return to a form after an autocomplete's "add record": the record created. */
export interface AutocompleteReturnState {
  autocompleteCreated: number;
}

export type AfterCreate = { kind: 'path'; to: string; replace: boolean; state?: AutocompleteReturnState } | { kind: 'back' };

/**
 * Where a created record leads:
 * - `autocompleteRoute`: back to the form that asked for the new record through an autocomplete's
 *   "add record" option (that form kept its values in local storage under `formData`);
 * - `virtualFolderBackConfiguration`: back to the virtual folder the record was created from (a path);
 * - `goBackAfterCreation` (any value but `false`): back where the user came from;
 * - otherwise the new record's page.
 */
export function afterCreate(params: URLSearchParams, route: string, id: number): AfterCreate {
  const autocomplete = internalPath(params.get(QUERY.autocompleteRoute));
  if (autocomplete) return { kind: 'path', to: autocomplete, replace: true, state: { autocompleteCreated: id } };
  const virtualFolder = internalPath(params.get(QUERY.virtualFolderBackConfiguration));
  if (virtualFolder) return { kind: 'path', to: virtualFolder, replace: true };
  const goBack = params.get(QUERY.goBackAfterCreation);
  if (goBack !== null && goBack !== 'false') return { kind: 'back' };
  return { kind: 'path', to: `/${route}/${id}`, replace: true };
}

/** spec §4: after a delete or a restore, the parent record, else the root record, else the list. */
export function afterDeleteOrRestore(target: Target, record: Pick<RecordData, 'parentId' | 'rootId'>, catalogue: Catalogue = CATALOGUE): string {
  const parentRoute = target.entity.parent ? catalogue.entity(target.entity.parent)?.route : target.route;
  if (parentRoute && record.parentId != null) return `/${parentRoute}/${record.parentId}`;
  if (parentRoute && record.rootId != null) return `/${parentRoute}/${record.rootId}`;
  return `/${target.route}`;
}

/** The back link of `{route}/{id}/virtual-folder/{back}`: `back` is the (encoded) path or route to return to. */
export function virtualFolderBack(back: string | undefined): string | null {
  if (!back) return null;
  try {
    return internalPath(decodeURIComponent(back));
  } catch {
    return null;
  }
}

/** Local storage key of a form kept while the user creates a record from one of its autocompletes (spec §2). */
export const FORM_DATA_KEY = 'formData';

/** What "add record" keeps: the form's path, its values, and the field that gets the new record. */
export interface StoredFormData {
  path: string;
  field: string;
  multiple: boolean;
  values: Record<string, unknown>;
}

/** Navigation state that lets a navigation through the leave guard (the form is kept, nothing is lost). */
export const SKIP_LEAVE_GUARD = { skipLeaveGuard: true } as const;

/**
 * An autocomplete's "add record": keeps the form in local storage under `formData` and gives the
 * new-record page of the related entity, which comes back to `path` once saved.
 */
export function startAddRecord(targetRoute: string, data: StoredFormData, storage: Storage = window.localStorage): string {
  storage.setItem(FORM_DATA_KEY, JSON.stringify(data));
  return `/${targetRoute}/new?${QUERY.autocompleteRoute}=${encodeURIComponent(data.path)}`;
}

function isStoredFormData(value: unknown): value is StoredFormData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredFormData>;
  return typeof v.path === 'string' && typeof v.field === 'string' && typeof v.values === 'object' && v.values !== null && !Array.isArray(v.values);
}

/**
 * Back on the form after the record was created (navigation state `autocompleteCreated`): the kept
 * values with the new record chosen in the field (added to a multiple one). Only the page the form
 * was kept for gets it, and only on that return (the state is on that history entry); otherwise null.
 * The storage is read, not cleared, so a double render in strict mode restores the same values.
 */
export function restoreFormData(path: string, state: unknown, storage: Storage = window.localStorage): Record<string, unknown> | null {
  const created = (state as Partial<AutocompleteReturnState> | null)?.autocompleteCreated;
  if (typeof created !== 'number') return null;
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(FORM_DATA_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  if (!isStoredFormData(stored) || internalPath(stored.path) !== internalPath(path)) return null;
  const previous = stored.values[stored.field];
  const chosen = stored.multiple ? [...(Array.isArray(previous) ? previous.filter((v) => v !== created) : []), created] : created;
  return { ...stored.values, [stored.field]: chosen };
}

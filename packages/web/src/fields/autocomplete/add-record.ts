/**
 * The autocomplete's "add record" round trip (spec §2): the form is kept in local storage, the
 * related entity's new-record page is opened, and the form comes back with the new record chosen.
 */

/** The query parameter of `{route}/new` naming the form to come back to (spec §2). */
export const AUTOCOMPLETE_ROUTE_PARAM = 'autocompleteRoute';

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
  return `/${targetRoute}/new?${AUTOCOMPLETE_ROUTE_PARAM}=${encodeURIComponent(data.path)}`;
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

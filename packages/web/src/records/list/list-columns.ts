import { isScalar, isStored, type Target } from '@circula/model';

/** Columns every record list has besides the entity's fields (API.md record shape). */
export const CODE_COLUMN = 'code';
export const STATUS_COLUMN = 'status';
export const UPDATED_AT_COLUMN = 'updatedAt';

/** How many scalar fields a list shows by default when the entity marks none with `list: true`. */
export const DEFAULT_FIELD_COLUMNS = 3;

export interface ListColumn {
  /** The grid's column id: the record's property (and the server's sort field). */
  id: string;
  kind: 'code' | 'status' | 'updatedAt' | 'field';
  defaultVisible: boolean;
}

/** The list's columns in display order: code, status (when the entity has statuses), the fields, last update. */
export function listColumns(target: Target): ListColumn[] {
  // lines are never part of a list (the server does not send them there)
  const fields = Object.entries(target.entity.fields).filter(([, field]) => isStored(field));
  const marked = fields.filter(([, field]) => field.list === true).map(([name]) => name);
  const shown = new Set(marked.length > 0 ? marked : fields.filter(([, field]) => isScalar(field)).slice(0, DEFAULT_FIELD_COLUMNS).map(([name]) => name));
  return [
    { id: CODE_COLUMN, kind: 'code', defaultVisible: true },
    ...(target.entity.statuses ? [{ id: STATUS_COLUMN, kind: 'status' as const, defaultVisible: true }] : []),
    ...fields.map(([name]) => ({ id: name, kind: 'field' as const, defaultVisible: shown.has(name) })),
    { id: UPDATED_AT_COLUMN, kind: 'updatedAt', defaultVisible: false },
  ];
}

export const defaultVisibleColumns = (columns: readonly ListColumn[]): string[] => columns.filter((c) => c.defaultVisible).map((c) => c.id);

/** The user preference holding a list's visible columns (spec §3 "User preferences"). */
export const columnsPreferenceKey = (route: string): string => `list-columns:${route}`;

/** The preference's JSON value. */
export interface ColumnsPreference {
  visible: string[];
}

/** The visible columns → the preference value (in display order, without unknown ids). */
export function columnsPreference(visible: readonly string[], columns: readonly ListColumn[]): ColumnsPreference {
  const wanted = new Set(visible);
  return { visible: columns.filter((c) => wanted.has(c.id)).map((c) => c.id) };
}

/**
 * A stored preference → the visible columns, or null (use the defaults) when there is none or it
 * names no column of the list any more. The server keeps values as JSON text; an object is accepted too.
 */
export function visibleColumnsFromPreference(stored: unknown, columns: readonly ListColumn[]): string[] | null {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? (value as { visible?: unknown }).visible : undefined;
  if (!Array.isArray(list)) return null;
  const wanted = new Set(list.filter((v): v is string => typeof v === 'string'));
  const visible = columns.filter((c) => wanted.has(c.id)).map((c) => c.id);
  return visible.length > 0 ? visible : null;
}

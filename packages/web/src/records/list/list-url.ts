import { FILTER_OPS, type FilterOp, type FilterSpec } from '@circula/model';

/** The URL query parameter holding the list's search (spec §2 "Global search bar"). */
export const FILTERS_PARAM = 'filters';

/**
 * What a list is searching for: the free text and, optionally, field filters (API.md search `q`).
 * The global search bar sends `{ "query": "…" }`; links from other pages may add `filters`.
 */
export interface ListFilters {
  query: string;
  filters: FilterSpec[];
}

export const EMPTY_FILTERS: ListFilters = { query: '', filters: [] };

const OPS: ReadonlySet<string> = new Set(FILTER_OPS);
/** The server refuses longer free text (API.md `q.query`). */
export const MAX_QUERY_LENGTH = 200;

function isFilter(value: unknown): value is FilterSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { field, op } = value as { field?: unknown; op?: unknown };
  return typeof field === 'string' && field !== '' && typeof op === 'string' && OPS.has(op);
}

/**
 * The `filters` parameter of the URL → the list's search. Anything that is not the expected JSON
 * object (hand-edited URLs, old links) is ignored rather than breaking the page.
 */
export function parseListFilters(raw: string | null | undefined): ListFilters {
  if (!raw) return EMPTY_FILTERS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY_FILTERS;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return EMPTY_FILTERS;
  const { query, filters } = json as { query?: unknown; filters?: unknown };
  return {
    query: typeof query === 'string' ? query.trim().slice(0, MAX_QUERY_LENGTH) : '',
    filters: Array.isArray(filters)
      ? filters.filter(isFilter).map((f) => ({ field: f.field, op: f.op as FilterOp, ...(f.value !== undefined ? { value: f.value } : {}) }))
      : [],
  };
}

/** The list's search → the `filters` parameter; null when nothing is searched (the parameter is removed). */
export function serializeListFilters(filters: ListFilters): string | null {
  const query = filters.query.trim();
  if (!query && filters.filters.length === 0) return null;
  return JSON.stringify(filters.filters.length > 0 ? { query, filters: filters.filters } : { query });
}

/** The search params with `filters` set to the given search (other parameters kept). */
export function withListFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = serializeListFilters(filters);
  if (value === null) next.delete(FILTERS_PARAM);
  else next.set(FILTERS_PARAM, value);
  return next;
}

/** The URL parameter that asks a list for its exact count (`count=exact`: a dashboard figure's list shows the figure's count). */
export const COUNT_PARAM = 'count';
export const EXACT_COUNT = 'exact';

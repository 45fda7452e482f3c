import type { SortSpec } from '@circula/model';
import type { QueryValue } from '../../api/http';
import type { ListFilters } from './list-url';

/** Rows per search request: one block of the grid's infinite row model (the server allows ≤ 1000). */
export const BLOCK_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** What the list currently asks the server for, besides the rows' window. */
export interface ListRequest {
  filters: ListFilters;
  sort: SortSpec[];
  showDeleted: boolean;
  /** Count every match, instead of the server's estimate of a big list (the reader asked for it). */
  exactCount?: boolean;
}

/** The grid's sort model (`{ colId, sort }`) → sort specs, in the grid's order. */
export function sortSpecs(sortModel: readonly { colId: string; sort: 'asc' | 'desc' }[]): SortSpec[] {
  return sortModel.map(({ colId, sort }) => ({ field: colId, dir: sort }));
}

/** API.md `sort=field,dir`, several joined by `;`; undefined = the entity's default order. */
export function sortParam(sort: readonly SortSpec[]): string | undefined {
  return sort.length > 0 ? sort.map((s) => `${s.field},${s.dir}`).join(';') : undefined;
}

/** API.md `q`: the free text and the field filters; undefined when there is nothing to filter. */
export function qParam(filters: ListFilters): string | undefined {
  const query = filters.query.trim();
  if (!query && filters.filters.length === 0) return undefined;
  return JSON.stringify({ ...(query ? { query } : {}), ...(filters.filters.length > 0 ? { filters: filters.filters } : {}) });
}

/**
 * The search request of the rows `startRow` (inclusive) to `endRow` (exclusive): the grid asks for
 * whole blocks, so the window is a page of `endRow - startRow` rows.
 */
export function searchQuery(request: ListRequest, startRow: number, endRow: number): Record<string, QueryValue> {
  const size = Math.min(Math.max(1, endRow - startRow), MAX_PAGE_SIZE);
  if (startRow % size !== 0) throw new Error(`rows ${startRow}–${endRow} are not a page`);
  return {
    q: qParam(request.filters),
    page: startRow / size,
    size,
    sort: sortParam(request.sort),
    showDeleted: request.showDeleted,
    ...(request.exactCount ? { exactCount: true } : {}),
  };
}

export type ExportFormat = 'csv' | 'xlsx';

/** The export of every row the list matches, in the list's order (API.md `GET E/export`). */
export function exportQuery(request: ListRequest, format: ExportFormat): Record<string, QueryValue> {
  return { format, q: qParam(request.filters), sort: sortParam(request.sort), showDeleted: request.showDeleted };
}

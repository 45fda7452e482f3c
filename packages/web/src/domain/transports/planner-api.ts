import { CATALOGUE, transport, type Page } from '@circula/model';
import { useQueries, useQuery } from '@tanstack/react-query';
import { http } from '../../api/client';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { recordApi, type RecordData } from '../../records/form/record-api';
import type { ListRecord } from '../../records/list/list-api';
import { requestSearch, type RequestFilters } from './planner-logic';

/**
 * The planner's calls, all through the generic record API (API.md "Generic records"): a page of
 * accepted requests, a request with its lines (a list leaves lines out), the areas, the new
 * transport. Reads are silent: the planner shows their failures in place.
 */

export const TRANSPORT_TARGET = CATALOGUE.target(transport.route)!;

/** Requests per page of the planner's list. */
export const REQUESTS_PAGE_SIZE = 10;

/** The most ids one `in` filter may carry (the server's page limit). */
export const MAX_IN_FILTER = 1000;

/** One page of the accepted requests matching the filters. */
export const fetchRequestsPage = (endpoint: string, filters: RequestFilters, page: number, size = REQUESTS_PAGE_SIZE) =>
  http.data<Page<ListRecord>>(endpoint, { query: { q: JSON.stringify(requestSearch(filters)), page, size }, silent: true });

export function useRequestsPage(endpoint: string | null, filters: RequestFilters, page: number) {
  // an area serving no warehouse has no request: no call
  const empty = filters.areaWarehouses !== null && filters.areaWarehouses.length === 0;
  return useQuery({
    queryKey: ['transport-planner', 'requests', endpoint, filters, page],
    queryFn: () => fetchRequestsPage(endpoint!, filters, page),
    enabled: endpoint !== null && !empty,
    placeholderData: (previous) => previous,
  });
}

/** A line of a request as the planner reads it: its EER code (a waste id). */
export interface RequestLine {
  waste: number | null;
}

/** The EER codes (waste ids) of each request, read with the request (lists carry no lines). */
export function useRequestLines(endpoint: string | null, ids: readonly number[]): Map<number, number[] | undefined> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['transport-planner', 'request', endpoint, id],
      queryFn: () => http.data<RecordData>(`${endpoint}/${id}`, { silent: true }),
      enabled: endpoint !== null,
      staleTime: 60_000,
    })),
  });
  return new Map(
    ids.map((id, i) => {
      const lines = results[i]?.data?.lines;
      return [id, Array.isArray(lines) ? (lines as RequestLine[]).flatMap((l) => (typeof l?.waste === 'number' ? [l.waste] : [])) : undefined];
    }),
  );
}

/** An area with the warehouses it serves (`area.warehouses`: the calendar's filter by area reads them too). */
export interface AreaOption {
  id: number;
  name: string;
  warehouses: number[];
}

export function useAreas(enabled: boolean) {
  return useQuery({
    queryKey: ['transport-planner', 'areas'],
    queryFn: async () => {
      const data = await http.data<{ items: { id: number; name?: unknown; warehouses?: unknown }[] }>('/api/areas/area', { query: { size: 1000, sort: 'name,asc' }, silent: true });
      return data.items.map(
        (a): AreaOption => ({ id: a.id, name: typeof a.name === 'string' ? a.name : `#${a.id}`, warehouses: Array.isArray(a.warehouses) ? a.warehouses.filter((w): w is number => typeof w === 'number') : [] }),
      );
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The endpoint the planner lists requests through: every kind's when the user reads it, else the
 * list's it was opened from, else a kind's; null when the user reads none, undefined while unknown.
 */
export function useRequestsEndpoint(sourceRoute: string, routes: readonly string[]): string | null | undefined {
  const readable = useReadableRoutes();
  if (readable.isPending) return undefined;
  const route = readable.routes.has('movement-requests')
    ? 'movement-requests'
    : routes.includes(sourceRoute) && readable.routes.has(sourceRoute)
      ? sourceRoute
      : routes.find((r) => readable.routes.has(r));
  return route ? (CATALOGUE.target(route)?.endpoint ?? null) : null;
}

/** `POST` the transport; a refusal (CONSTRAINT_VIOLATION…) rejects with the ApiError, shown by the planner. */
export const createTransport = (body: Record<string, unknown>) => recordApi.create(TRANSPORT_TARGET, body);

/** Most accepted requests the map shows (one page of the server's largest). */
export const MAP_REQUESTS_LIMIT = 1000;

/** A pickup point as the map places it: its name and the coordinates of its address (null without). */
export interface PickupPlace {
  id: number;
  name: string;
  lat: number | null;
  lng: number | null;
}

const coordinate = (v: unknown, limit: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** A warehouse record's name and address coordinates (the address group's latitude/longitude). */
export function pickupPlaceOf(row: Record<string, unknown> & { id: number }): PickupPlace {
  const address = typeof row.address === 'object' && row.address !== null ? (row.address as Record<string, unknown>) : {};
  const lat = coordinate(address.latitude, 90);
  const lng = coordinate(address.longitude, 180);
  return { id: row.id, name: typeof row.name === 'string' ? row.name : `#${row.id}`, lat: lat !== null && lng !== null ? lat : null, lng: lat !== null && lng !== null ? lng : null };
}

/** The pickup points by id, read through the list of warehouses (`id in …`, at most MAX_IN_FILTER per call). */
export async function fetchPickupPlaces(endpoint: string, ids: readonly number[]): Promise<Map<number, PickupPlace>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, PickupPlace>();
  for (let i = 0; i < unique.length; i += MAX_IN_FILTER) {
    const chunk = unique.slice(i, i + MAX_IN_FILTER);
    const q = JSON.stringify({ filters: [{ field: 'id', op: 'in', value: chunk }] });
    const page = await http.data<Page<ListRecord>>(endpoint, { query: { q, page: 0, size: chunk.length }, silent: true });
    for (const row of page.items) out.set(row.id, pickupPlaceOf(row));
  }
  return out;
}

import type { LatLng } from '@circula/model';
import type { CostMatrix } from '../optimizer/types.js';
import { directionsFailed, UNREACHABLE, type Route, type RouteOptions, type RoutingProvider } from './types.js';

/** How many OSRM table requests of one large matrix run at once. */
const TABLE_CONCURRENCY = 4;

interface OsrmAnswer {
  code?: string;
  message?: string;
}

interface OsrmRouteAnswer extends OsrmAnswer {
  routes?: { legs?: { distance?: number; duration?: number }[]; geometry?: { coordinates?: [number, number][] } }[];
}

interface OsrmTableAnswer extends OsrmAnswer {
  distances?: (number | null)[][];
  durations?: (number | null)[][];
}

const coordinate = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

/**
 * An OSRM server over HTTP (ROUTING_PROVIDER=osrm, OSRM_URL): the route service for directions
 * (`/route/v1/driving/{lng,lat;…}?overview=full&geometries=geojson`, `exclude=motorway` to avoid
 * motorways) and the table service for matrices (`/table/v1/driving/…?annotations=distance,duration`,
 * in blocks of at most `tableMax` sources × `tableMax` destinations, osrm-routed's
 * --max-table-size). Any failure — no answer within the timeout, an HTTP error, a `code` other
 * than "Ok", an answer without what was asked — is 502 DIRECTIONS_FAILED with OSRM's status.
 */
export class OsrmProvider implements RoutingProvider {
  readonly name = 'osrm' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly tableMax: number,
  ) {}

  async route(points: readonly LatLng[], options: RouteOptions): Promise<Route> {
    const params = new URLSearchParams({ overview: 'full', geometries: 'geojson', steps: 'false' });
    if (options.avoidHighways) params.set('exclude', 'motorway');
    const answer = await this.call<OsrmRouteAnswer>(`/route/v1/driving/${points.map(coordinate).join(';')}`, params);
    const route = answer.routes?.[0];
    const legs = route?.legs;
    const line = route?.geometry?.coordinates;
    if (!legs || legs.length !== points.length - 1 || !Array.isArray(line)) throw directionsFailed('INVALID_RESPONSE');
    return {
      legs: legs.map((leg) => ({ distance: Number(leg.distance ?? 0), duration: Number(leg.duration ?? 0) })),
      geometry: line.map(([lng, lat]) => [lat, lng]),
    };
  }

  async matrix(points: readonly LatLng[], options: RouteOptions): Promise<CostMatrix> {
    const n = points.length;
    const distance = new Float64Array(n * n);
    const duration = new Float64Array(n * n);
    const blocks: number[][] = [];
    for (let start = 0; start < n; start += this.tableMax) blocks.push(range(start, Math.min(n, start + this.tableMax)));
    const jobs = blocks.flatMap((sources) => blocks.map((destinations) => ({ sources, destinations })));
    for (let i = 0; i < jobs.length; i += TABLE_CONCURRENCY) {
      await Promise.all(
        jobs.slice(i, i + TABLE_CONCURRENCY).map(async ({ sources, destinations }) => {
          const same = sources === destinations;
          const locations = same ? sources : [...sources, ...destinations];
          const params = new URLSearchParams({ annotations: 'distance,duration' });
          if (!same) {
            params.set('sources', range(0, sources.length).join(';'));
            params.set('destinations', range(sources.length, locations.length).join(';'));
          }
          if (options.avoidHighways) params.set('exclude', 'motorway');
          const answer = await this.call<OsrmTableAnswer>(`/table/v1/driving/${locations.map((k) => coordinate(points[k]!)).join(';')}`, params);
          const { distances, durations } = answer;
          if (!isGrid(distances, sources.length, destinations.length) || !isGrid(durations, sources.length, destinations.length)) throw directionsFailed('INVALID_RESPONSE');
          sources.forEach((from, r) => {
            destinations.forEach((to, c) => {
              distance[from * n + to] = distances[r]![c] ?? UNREACHABLE;
              duration[from * n + to] = durations[r]![c] ?? UNREACHABLE;
            });
          });
        }),
      );
    }
    return { size: n, distance, duration };
  }

  /** One GET; the parsed answer when its code is "Ok", else 502 DIRECTIONS_FAILED with the status. */
  private async call<T extends OsrmAnswer>(path: string, params: URLSearchParams): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}?${params}`, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      throw directionsFailed(isTimeout(error) ? 'TIMEOUT' : 'UNREACHABLE');
    }
    let body: T | null = null;
    try {
      body = (await response.json()) as T;
    } catch (error) {
      if (isTimeout(error)) throw directionsFailed('TIMEOUT');
      body = null;
    }
    // OSRM answers its own errors (NoRoute, InvalidQuery, TooBig…) as JSON with a 4xx status
    if (body && typeof body.code === 'string' && body.code !== 'Ok') throw directionsFailed(body.code);
    if (!response.ok) throw directionsFailed(`HTTP_${response.status}`);
    if (!body || body.code !== 'Ok') throw directionsFailed('INVALID_RESPONSE');
    return body;
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

const isGrid = (value: unknown, rows: number, columns: number): value is (number | null)[][] =>
  Array.isArray(value) && value.length === rows && value.every((row) => Array.isArray(row) && row.length === columns);

export const isTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

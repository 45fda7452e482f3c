import type { LatLng } from '@circula/model';
import { densify, greatCircle } from '../geo.js';
import type { CostMatrix } from '../optimizer/types.js';
import type { Route, RouteOptions, RoutingProvider } from './types.js';

/**
 * The built-in offline estimate (ROUTING_PROVIDER=haversine, the default): no network, no map
 * data. Constants and their error against real road distances: OFFLINE-ROUTING.md.
 *
 * - road distance = great-circle distance × DETOUR_FACTOR;
 * - duration: the first URBAN_KM of a leg's road distance at URBAN_KMH (leaving and entering
 *   towns), the next EXTRA_URBAN_KM at EXTRA_URBAN_KMH (provincial roads), the rest at
 *   MOTORWAY_KMH, or at MAIN_ROAD_KMH when motorways are avoided;
 * - geometry: the straight segments between the points, a point every GEOMETRY_STEP_M.
 */
export const DETOUR_FACTOR = 1.2;
export const URBAN_KM = 4;
export const URBAN_KMH = 30;
export const EXTRA_URBAN_KM = 16;
export const EXTRA_URBAN_KMH = 60;
export const MOTORWAY_KMH = 95;
export const MAIN_ROAD_KMH = 70;
export const GEOMETRY_STEP_M = 5_000;

/** Estimated road distance (metres) between two points. */
export const roadDistance = (a: LatLng, b: LatLng): number => greatCircle(a, b) * DETOUR_FACTOR;

/** Estimated driving time (seconds) over a road distance (metres). */
export function drivingTime(metres: number, avoidHighways: boolean): number {
  const km = metres / 1000;
  const urban = Math.min(km, URBAN_KM);
  const extraUrban = Math.min(Math.max(km - URBAN_KM, 0), EXTRA_URBAN_KM);
  const fast = Math.max(km - URBAN_KM - EXTRA_URBAN_KM, 0);
  const hours = urban / URBAN_KMH + extraUrban / EXTRA_URBAN_KMH + fast / (avoidHighways ? MAIN_ROAD_KMH : MOTORWAY_KMH);
  return hours * 3600;
}

export class HaversineProvider implements RoutingProvider {
  readonly name = 'haversine' as const;

  async route(points: readonly LatLng[], options: RouteOptions): Promise<Route> {
    const legs: Route['legs'] = [];
    const geometry: [number, number][] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const distance = roadDistance(points[i]!, points[i + 1]!);
      legs.push({ distance, duration: drivingTime(distance, options.avoidHighways) });
      geometry.push(...densify(points[i]!, points[i + 1]!, GEOMETRY_STEP_M));
    }
    const last = points.at(-1);
    if (last) geometry.push([last.lat, last.lng]);
    return { legs, geometry };
  }

  async matrix(points: readonly LatLng[], options: RouteOptions): Promise<CostMatrix> {
    const n = points.length;
    const distance = new Float64Array(n * n);
    const duration = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = roadDistance(points[i]!, points[j]!);
        const t = drivingTime(d, options.avoidHighways);
        distance[i * n + j] = distance[j * n + i] = d;
        duration[i * n + j] = duration[j * n + i] = t;
      }
    }
    return { size: n, distance, duration };
  }
}

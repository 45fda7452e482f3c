import type { LatLng, RoutingProviderName } from '@circula/model';
import { AppError } from '../../http/errors.js';
import type { CostMatrix } from '../optimizer/types.js';

export interface RouteOptions {
  avoidHighways: boolean;
}

/** One drive through points in the given order: a leg per consecutive pair, the line to draw. */
export interface Route {
  legs: { distance: number; duration: number }[];
  /** [lat, lng] points, first point first. */
  geometry: [number, number][];
}

/**
 * A routing engine (ARCHITECTURE.md "maps": OSRM or the built-in offline estimate): a drive
 * through points, and the distances (metres) and durations (seconds) between every two points.
 */
export interface RoutingProvider {
  readonly name: RoutingProviderName;
  route(points: readonly LatLng[], options: RouteOptions): Promise<Route>;
  matrix(points: readonly LatLng[], options: RouteOptions): Promise<CostMatrix>;
}

/**
 * 502 DIRECTIONS_FAILED with the provider's status as `reason` (API.md "Maps"): the web shows
 * "Directions request failed due to {status}" (spec §8).
 */
export const directionsFailed = (status: string) => new AppError(502, 'DIRECTIONS_FAILED', 'DIRECTIONS_FAILED', { reason: status });

/**
 * What a matrix holds between two points no road joins (OSRM answers null there): far more
 * than any real drive, so the optimiser never chooses it, yet finite so sums stay numbers.
 */
export const UNREACHABLE = 1e9;

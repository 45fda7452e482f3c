import type { Catalogue, DirectionsResult, directionsRequestSchema, LatLng, OptimizeResult, optimizeRequestSchema, Place, ReverseGeocodeResult, StopId, UnassignedReasonCode } from '@circula/model';
import type { z } from 'zod';
import type { Principal } from '../auth/users.js';
import type { MapsConfig } from '../config.js';
import type { Db } from '../db/connect.js';
import { constraintViolation, notFound, type FieldErrorItem } from '../http/errors.js';
import { distanceOf, durationOf } from './format.js';
import { matchingKnownPlaces, nearestKnownPlace } from './geocoding/known-places.js';
import { MunicipalityGazetteer } from './geocoding/municipalities.js';
import { NominatimGeocoder } from './geocoding/nominatim.js';
import type { Geocoder } from './geocoding/types.js';
import type { VrpProblem, VrpStop, VrpVehicle } from './optimizer/types.js';
import { createRoutingProvider, type RoutingProvider } from './routing/index.js';
import { SolverPool } from './solver-pool.js';

export type DirectionsInput = z.output<typeof directionsRequestSchema>;
export type OptimizeInput = z.output<typeof optimizeRequestSchema>;

/** Farthest a point may be from a subject's or warehouse's address for reverse geocoding to name it. */
export const KNOWN_PLACE_RADIUS_M = 150;
/** Most places one search answers. */
export const PLACES_LIMIT = 10;
/** Search time of the optimiser when it only orders the waypoints of a directions request. */
export const WAYPOINT_ORDER_BUDGET_MS = 500;
/** Vehicle id of the plan when the request names no vehicle. */
export const DEFAULT_VEHICLE_ID = 'default';
/** The optimiser's seed: the same request gives the same plan (within the same time budget). */
const SEED = 17;

/**
 * The maps calls of API.md "Maps" and "Operations" over the configured routing provider and
 * geocoder (ARCHITECTURE.md "maps"); the route optimiser is optimizer/ (`solve`).
 */
export class MapsService {
  readonly routing: RoutingProvider;
  private readonly geocoder: Geocoder;
  private readonly solver = new SolverPool();

  constructor(
    private readonly db: Db,
    private readonly catalogue: Catalogue,
    private readonly config: MapsConfig,
    routing?: RoutingProvider,
  ) {
    this.routing = routing ?? createRoutingProvider(config);
    this.geocoder = config.geocoder === 'nominatim' && config.nominatimUrl ? new NominatimGeocoder(config.nominatimUrl, config.providerTimeoutMs) : new MunicipalityGazetteer();
  }

  /** Stops the optimiser's worker (the application's onClose). */
  close(): Promise<void> {
    return this.solver.close();
  }

  /**
   * A drive from origin through the waypoints to destination. With `optimizeWaypoints` the
   * optimiser orders the waypoints (origin and destination stay) over the provider's matrix;
   * `waypointOrder` gives the order as indexes into the request's waypoints.
   */
  async directions(request: DirectionsInput): Promise<DirectionsResult> {
    const options = { avoidHighways: request.avoidHighways };
    const order = request.optimizeWaypoints && request.waypoints.length > 1 ? await this.waypointOrder(request) : request.waypoints.map((_, i) => i);
    const points = [request.origin, ...order.map((i) => request.waypoints[i]!), request.destination];
    const route = await this.routing.route(points, options);
    return {
      legs: route.legs.map((leg) => ({ distance: distanceOf(leg.distance), duration: durationOf(leg.duration) })),
      waypointOrder: order,
      geometry: route.geometry,
      provider: this.routing.name,
    };
  }

  private async waypointOrder(request: DirectionsInput): Promise<number[]> {
    const points = [request.origin, ...request.waypoints, request.destination];
    const matrix = await this.routing.matrix(points, { avoidHighways: request.avoidHighways });
    const problem: VrpProblem = {
      matrix,
      stops: request.waypoints.map((_, i) => ({ id: String(i), location: i + 1, serviceSeconds: 0, demand: 0 })),
      vehicles: [{ id: DEFAULT_VEHICLE_ID, capacity: Infinity, shift: { from: 0, to: Infinity }, start: 0, end: points.length - 1 }],
    };
    const solution = await this.solver.solve(problem, { seed: SEED, timeBudgetMs: Math.min(WAYPOINT_ORDER_BUDGET_MS, this.config.optimizeBudgetMs) });
    const order = (solution.routes[0]?.stopIds ?? []).map(Number);
    // without windows, capacities or shifts every waypoint is routed; should one not be, it keeps its place at the end
    const missing = request.waypoints.map((_, i) => i).filter((i) => !order.includes(i));
    return [...order, ...missing];
  }

  /**
   * The place at a point: the nearest address of a subject or warehouse the user may read within
   * KNOWN_PLACE_RADIUS_M, else what the geocoder knows there (Nominatim, or the nearest
   * municipality of the built-in gazetteer within its radius); 404 NOT_FOUND when nothing.
   */
  async reverse(principal: Principal, point: LatLng): Promise<ReverseGeocodeResult> {
    const known = await nearestKnownPlace(this.db, principal, this.catalogue, point, KNOWN_PLACE_RADIUS_M);
    if (known) {
      const { place, distance } = known;
      return { title: place.label, address: place.address, lat: place.lat, lng: place.lng, kind: place.kind, recordId: place.recordId, distance: Math.round(distance) };
    }
    const found = await this.geocoder.reverse(point);
    if (!found) throw notFound();
    return found;
  }

  /** Places matching a text: the user's readable subjects and warehouses first, then the geocoder's, at most PLACES_LIMIT. */
  async places(principal: Principal, input: string): Promise<Place[]> {
    const known = await matchingKnownPlaces(this.db, principal, this.catalogue, input, PLACES_LIMIT);
    if (known.length >= PLACES_LIMIT) return known;
    return [...known, ...(await this.geocoder.search(input, PLACES_LIMIT - known.length))];
  }

  /**
   * `POST /api/maps/optimize`: one matrix from the provider over depot, end and stops (seconds
   * measured from departureTime), the optimiser within the configured time budget. Every stop is
   * in one route or in `unassigned`, its reason in `unassignedReasons`.
   */
  async optimize(request: OptimizeInput, now = Date.now()): Promise<OptimizeResult> {
    checkOptimizeRequest(request);
    const departure = request.departureTime ? Date.parse(request.departureTime) : now;
    const seconds = (iso: string) => (Date.parse(iso) - departure) / 1000;
    const points: LatLng[] = [request.depot, ...(request.end ? [request.end] : []), ...request.stops.map((s) => ({ lat: s.lat, lng: s.lng }))];
    const first = request.end ? 2 : 1;
    const end = request.end ? 1 : 0;
    const matrix = await this.routing.matrix(points, { avoidHighways: false });
    const stopIds = new Map<string, StopId>(request.stops.map((s) => [String(s.id), s.id]));
    const stops: VrpStop[] = request.stops.map((s, i) => ({
      id: String(s.id),
      location: first + i,
      serviceSeconds: Math.round((s.serviceMinutes ?? 0) * 60),
      ...(s.window ? { window: { from: seconds(s.window.from), to: seconds(s.window.to) } } : {}),
      demand: s.demandKg ?? 0,
      ...(s.locked ? { locked: true } : {}),
    }));
    const given = request.vehicles?.length ? request.vehicles : [{ id: DEFAULT_VEHICLE_ID, capacityKg: null, shift: undefined }];
    const vehicleIds = new Map<string, StopId>(given.map((v) => [String(v.id), v.id]));
    const vehicles: VrpVehicle[] = given.map((v) => ({
      id: String(v.id),
      capacity: v.capacityKg ?? Infinity,
      shift: v.shift ? { from: seconds(v.shift.from), to: seconds(v.shift.to) } : { from: 0, to: Infinity },
      start: 0,
      end,
    }));
    const solution = await this.solver.solve({ matrix, stops, vehicles }, { seed: SEED, timeBudgetMs: this.config.optimizeBudgetMs });

    const routed = new Set(solution.routes.flatMap((r) => r.stopIds));
    const unassigned = new Map<string, UnassignedReasonCode>(solution.unassigned.map((u) => [u.id, u.reason]));
    const lost = [...stopIds.keys()].filter((id) => !routed.has(id) && !unassigned.has(id));
    if (lost.length > 0) throw new Error(`the optimiser neither routed nor left out stops ${lost.join(', ')}`);
    return {
      routes: solution.routes
        .filter((r) => r.stopIds.length > 0)
        .map((r) => ({
          vehicleId: vehicleIds.get(r.vehicleId) ?? r.vehicleId,
          stopIds: r.stopIds.map((id) => stopIds.get(id) ?? id),
          distance: distanceOf(r.distance),
          duration: durationOf(r.duration),
          arrivals: r.arrivals.map((t) => new Date(departure + t * 1000).toISOString()),
        })),
      unassigned: [...unassigned.keys()].map((id) => stopIds.get(id) ?? id),
      unassignedReasons: Object.fromEntries(unassigned),
      provider: this.routing.name,
      solver: { ms: Math.round(solution.ms), iterations: solution.iterations },
    };
  }
}

/** What the schema cannot say: windows and shifts that end before they start, ids used twice (400 CONSTRAINT_VIOLATION, nothing computed). */
export function checkOptimizeRequest(request: OptimizeInput): void {
  const errors: FieldErrorItem[] = [];
  const seen = new Set<string>();
  request.stops.forEach((stop, i) => {
    if (seen.has(String(stop.id))) errors.push({ field: `stops.${i}.id`, message: 'MAPS_DUPLICATE_ID' });
    seen.add(String(stop.id));
    if (stop.window && Date.parse(stop.window.from) > Date.parse(stop.window.to)) errors.push({ field: `stops.${i}.window.to`, message: 'MAPS_WINDOW_ORDER' });
  });
  const vehicles = new Set<string>();
  (request.vehicles ?? []).forEach((vehicle, i) => {
    if (vehicles.has(String(vehicle.id))) errors.push({ field: `vehicles.${i}.id`, message: 'MAPS_DUPLICATE_ID' });
    vehicles.add(String(vehicle.id));
    if (vehicle.shift && Date.parse(vehicle.shift.from) > Date.parse(vehicle.shift.to)) errors.push({ field: `vehicles.${i}.shift.to`, message: 'MAPS_WINDOW_ORDER' });
  });
  if (errors.length) throw constraintViolation(errors.slice(0, 100));
}

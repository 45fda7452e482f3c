/**
 * The route optimiser's problem and answer (issue 17, API.md "Operations" `POST /api/maps/optimize`).
 * Pure data: the HTTP route builds a problem from the request and the directions provider's
 * matrix; the benchmark builds one from TSPLIB / Solomon instances.
 */

/** Distances (metres, or the instance's unit) and durations (seconds) between locations, row-major n×n. */
export interface CostMatrix {
  size: number;
  distance: Float64Array;
  duration: Float64Array;
}

export interface VrpStop {
  id: string;
  /** Index of the stop's location in the matrix. */
  location: number;
  /** Time spent at the stop (seconds). */
  serviceSeconds: number;
  /** When service may start, seconds from the plan's start (0 = departure time). */
  window?: { from: number; to: number };
  /** Load picked up at the stop (kg, or the instance's unit). */
  demand: number;
  /** Keep this stop at its position in the input order (on the first vehicle's route). */
  locked?: boolean;
}

export interface VrpVehicle {
  id: string;
  /** Largest load on board (Infinity for none). */
  capacity: number;
  /** When the vehicle may leave the start and must be back at the end, seconds from the plan's start. */
  shift: { from: number; to: number };
  /** Matrix index of where it starts (the depot). */
  start: number;
  /** Matrix index of where it ends; null = open route, it ends at its last stop. */
  end: number | null;
}

export interface VrpProblem {
  matrix: CostMatrix;
  stops: readonly VrpStop[];
  vehicles: readonly VrpVehicle[];
}

export interface SolveOptions {
  /** Seed of the pseudo-random generator: same problem + seed + budget limits → same answer. */
  seed?: number;
  /** Stop searching after this many milliseconds (the answer is the best found so far). */
  timeBudgetMs?: number;
  /** Stop after this many improvement iterations (deterministic bound, for tests). */
  maxIterations?: number;
}

export type UnassignedReason = 'CAPACITY' | 'TIME_WINDOW' | 'SHIFT' | 'NO_VEHICLE';

export interface VrpRoute {
  vehicleId: string;
  stopIds: string[];
  /** Total distance and duration (travel + service + waiting) of the route. */
  distance: number;
  duration: number;
  /** Arrival (service start) at each stop, seconds from the plan's start, same order as stopIds. */
  arrivals: number[];
}

export interface VrpSolution {
  routes: VrpRoute[];
  unassigned: { id: string; reason: UnassignedReason }[];
  /** Sum of the routes' distances. */
  distance: number;
  iterations: number;
  ms: number;
}

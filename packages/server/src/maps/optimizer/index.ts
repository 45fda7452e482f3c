/**
 * The route optimiser (issue 17): `solve(problem, options)` → routes per vehicle and the stops
 * left out with their reason. No external service: everything runs in-process on the matrix.
 *
 * Objective: every stop that can be served is routed (fewest unassigned first), then the total
 * distance (the matrix's `distance`) is minimised; time windows, shifts and capacities are hard
 * constraints, checked on the matrix's `duration`. The number of vehicles is not minimised by
 * itself: a vehicle is used when it shortens the total distance or is needed.
 *
 * Two engines (see their files):
 * - tsp.ts: one vehicle, no windows, capacity not binding, no locked stops, symmetric costs:
 *   2-opt + Or-opt iterated local search on a tour;
 * - vrp.ts: everything else: ruin and recreate (SISR) with simulated annealing.
 *
 * Unassigned reasons, first that applies:
 * CAPACITY     the stop's demand is above every vehicle's capacity;
 * TIME_WINDOW  no vehicle (that could carry it) reaches it, leaving its start at its shift start,
 *              before its window closes;
 * SHIFT        reachable in its window, but no such vehicle can serve it (and get back to its end)
 *              within its shift;
 * NO_VEHICLE   feasible alone on some vehicle, but no room was left for it (or, for a locked stop,
 *              it does not fit in the locked sequence).
 *
 * Locked stops go on the first vehicle in their input order. Those that open the input (the first
 * stop, or the first few stops, all locked) stay at the head of the route, in that order; those
 * that close it stay at its tail; a locked stop in between keeps its order relative to the other
 * locked stops, with free stops allowed around it.
 *
 * Determinism: the pseudo-random numbers come from a seeded mulberry32 generator. With
 * `maxIterations` set the search (including its annealing schedule) is counted in iterations,
 * so the same problem, seed and maxIterations give the same answer as long as the time budget is
 * not the limit that stops it; without it, the annealing follows the clock.
 */
import { performance } from 'node:perf_hooks';
import { generator } from '@circula/model';
import { nearestNeighbours } from './neighbours.js';
import { solveTsp } from './tsp.js';
import type { SolveOptions, UnassignedReason, VrpProblem, VrpRoute, VrpSolution } from './types.js';
import { solveVrp, type VrpData } from './vrp.js';

export type * from './types.js';

/** Used when the caller gives no time budget. */
export const DEFAULT_TIME_BUDGET_MS = 2_000;
const NEIGHBOURS_TSP = 10;
const NEIGHBOURS_VRP = 40;

export function solve(problem: VrpProblem, options: SolveOptions = {}): VrpSolution {
  const started = performance.now();
  const now = () => performance.now();
  validate(problem);
  const budget = options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  const deadline = started + Math.max(0, budget);
  const maxIterations = options.maxIterations ?? Infinity;
  const random = generator(options.seed ?? 1);
  const { matrix, stops, vehicles } = problem;
  const size = matrix.size;
  const n = stops.length;

  // ---- stops no vehicle can take, with the reason
  const reasons: (UnassignedReason | null)[] = stops.map((stop) => aloneReason(problem, stop));
  const active: number[] = [];
  for (let i = 0; i < n; i++) if (reasons[i] === null) active.push(i);

  const finish = (routes: { vehicle: number; stops: number[] }[], iterations: number): VrpSolution => {
    const out: VrpRoute[] = [];
    const routed = new Uint8Array(n);
    let total = 0;
    for (const route of routes) {
      if (route.stops.length === 0) continue;
      const r = describeRoute(problem, route.vehicle, route.stops);
      for (const i of route.stops) routed[i] = 1;
      total += r.distance;
      out.push(r);
    }
    // feasible alone but not routed (no room left, or a locked stop that does not fit the locked sequence)
    for (let i = 0; i < n; i++) if (!routed[i]) reasons[i] = reasons[i] ?? 'NO_VEHICLE';
    const left = stops.flatMap((stop, i) => (reasons[i] ? [{ id: stop.id, reason: reasons[i]! }] : []));
    return { routes: out, unassigned: left, distance: total, iterations, ms: Math.round(performance.now() - started) };
  };

  if (vehicles.length === 0 || active.length === 0) return finish([], 0);

  // ---- one vehicle, nothing but distance: a tour
  const vehicle = vehicles[0]!;
  const simple =
    vehicles.length === 1 &&
    (vehicle.end === null || vehicle.end === vehicle.start) &&
    active.every((i) => !stops[i]!.window && !stops[i]!.locked) &&
    active.reduce((sum, i) => sum + stops[i]!.demand, 0) <= vehicle.capacity &&
    isSymmetric(matrix.distance, size, [vehicle.start, ...active.map((i) => stops[i]!.location)]);
  if (simple) {
    const open = vehicle.end === null;
    const m = active.length + 1 + (open ? 1 : 0);
    const locs = [vehicle.start, ...active.map((i) => stops[i]!.location)];
    const d = new Float64Array(m * m);
    let longest = 0;
    for (let a = 0; a < locs.length; a++) {
      for (let b = 0; b < locs.length; b++) {
        const c = matrix.distance[locs[a]! * size + locs[b]!]!;
        d[a * m + b] = c;
        if (c > longest) longest = c;
      }
    }
    if (open) {
      // an open route: a dummy city closes the tour, at zero cost from the depot and at the
      // longest distance from every stop, so that the best tour has it next to the depot
      // (tour = open path + that constant)
      const dummy = m - 1;
      for (let a = 1; a < dummy; a++) {
        d[a * m + dummy] = longest;
        d[dummy * m + a] = longest;
      }
    }
    const k = Math.min(NEIGHBOURS_TSP, m - 1);
    const members = Int32Array.from({ length: m }, (_, i) => i);
    const neighbours = nearestNeighbours(d, m, members, k);
    const result = solveTsp(d, m, neighbours, k, random, { deadline, maxIterations, now });
    let order = Array.from(result.tour.subarray(1));
    if (open) {
      const dummy = m - 1;
      const at = order.indexOf(dummy);
      // the path leaves the depot on the side away from the dummy
      order = at === 0 ? order.slice(1).reverse() : [...order.slice(0, at), ...order.slice(at + 1)];
    }
    const routeStops = order.map((c) => active[c - 1]!);
    if (routeWithinShift(problem, 0, routeStops)) {
      return finish([{ vehicle: 0, stops: routeStops }], result.iterations);
    }
    // the shift is too short for the whole tour: the general engine decides what is left out
  }

  // ---- the general engine
  const data = buildData(problem, active);
  const result = solveVrp(data, random, { deadline, start: started, maxIterations, byIterations: options.maxIterations !== undefined, now });
  return finish(
    result.routes.map((route, vehicleIndex) => ({ vehicle: vehicleIndex, stops: Array.from(route) })),
    result.iterations,
  );
}

function validate(problem: VrpProblem) {
  const { matrix, stops, vehicles } = problem;
  const size = matrix.size;
  if (!Number.isInteger(size) || size < 1) throw new Error('optimizer: the matrix size must be a positive integer');
  if (matrix.distance.length !== size * size || matrix.duration.length !== size * size) throw new Error(`optimizer: the matrix must be ${size}×${size}`);
  const inRange = (l: number) => Number.isInteger(l) && l >= 0 && l < size;
  const ids = new Set<string>();
  for (const stop of stops) {
    if (ids.has(stop.id)) throw new Error(`optimizer: duplicate stop id ${stop.id}`);
    ids.add(stop.id);
    if (!inRange(stop.location)) throw new Error(`optimizer: stop ${stop.id} has no location in the matrix`);
    if (!(stop.serviceSeconds >= 0) || !(stop.demand >= 0)) throw new Error(`optimizer: stop ${stop.id} needs non-negative service time and demand`);
    if (stop.window && !(stop.window.from <= stop.window.to)) throw new Error(`optimizer: stop ${stop.id} has a window that closes before it opens`);
  }
  for (const vehicle of vehicles) {
    if (!inRange(vehicle.start) || (vehicle.end !== null && !inRange(vehicle.end))) throw new Error(`optimizer: vehicle ${vehicle.id} has no start or end in the matrix`);
    if (!(vehicle.capacity >= 0) || !(vehicle.shift.from <= vehicle.shift.to)) throw new Error(`optimizer: vehicle ${vehicle.id} needs a capacity and a shift that ends after it starts`);
  }
}

/** Why no vehicle can take the stop even alone, or null. */
function aloneReason(problem: VrpProblem, stop: VrpVehicleStop): UnassignedReason | null {
  const { matrix, vehicles } = problem;
  const size = matrix.size;
  const carriers = vehicles.filter((v) => stop.demand <= v.capacity);
  if (carriers.length === 0) return vehicles.length === 0 ? 'NO_VEHICLE' : 'CAPACITY';
  const from = stop.window?.from ?? -Infinity;
  const to = stop.window?.to ?? Infinity;
  let reachable = false;
  for (const v of carriers) {
    const arrival = Math.max(from, v.shift.from + matrix.duration[v.start * size + stop.location]!);
    if (arrival > to) continue;
    reachable = true;
    const back = v.end === null ? 0 : matrix.duration[stop.location * size + v.end]!;
    if (arrival + stop.serviceSeconds + back <= v.shift.to) return null;
  }
  return reachable ? 'SHIFT' : 'TIME_WINDOW';
}
type VrpVehicleStop = VrpProblem['stops'][number];

function isSymmetric(distance: Float64Array, size: number, locs: number[]): boolean {
  for (let a = 0; a < locs.length; a++) {
    for (let b = a + 1; b < locs.length; b++) {
      const x = distance[locs[a]! * size + locs[b]!]!;
      const y = distance[locs[b]! * size + locs[a]!]!;
      if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x))) return false;
    }
  }
  return true;
}

/** Simulates a route: arrivals (service starts), distance, duration; arrivals stop early at the first violated window. */
function describeRoute(problem: VrpProblem, vehicleIndex: number, route: number[]): VrpRoute {
  const { matrix, stops, vehicles } = problem;
  const size = matrix.size;
  const v = vehicles[vehicleIndex]!;
  let at = v.start;
  let time = v.shift.from;
  let distance = 0;
  const arrivals: number[] = [];
  let departure = v.shift.from;
  for (let i = 0; i < route.length; i++) {
    const stop = stops[route[i]!]!;
    let t = time + matrix.duration[at * size + stop.location]!;
    if (stop.window && t < stop.window.from) {
      if (i === 0) departure += stop.window.from - t; // leave later rather than wait at the first stop
      t = stop.window.from;
    }
    arrivals.push(t);
    distance += matrix.distance[at * size + stop.location]!;
    time = t + stop.serviceSeconds;
    at = stop.location;
  }
  if (v.end !== null) {
    distance += matrix.distance[at * size + v.end]!;
    time += matrix.duration[at * size + v.end]!;
  }
  return { vehicleId: v.id, stopIds: route.map((i) => stops[i]!.id), distance, duration: time - departure, arrivals };
}

function routeWithinShift(problem: VrpProblem, vehicleIndex: number, route: number[]): boolean {
  const { matrix, stops, vehicles } = problem;
  const size = matrix.size;
  const v = vehicles[vehicleIndex]!;
  let at = v.start;
  let time = v.shift.from;
  for (const i of route) {
    const stop = stops[i]!;
    time += matrix.duration[at * size + stop.location]!;
    if (stop.window) {
      if (time > stop.window.to) return false;
      if (time < stop.window.from) time = stop.window.from;
    }
    time += stop.serviceSeconds;
    at = stop.location;
  }
  if (v.end !== null) time += matrix.duration[at * size + v.end]!;
  return time <= v.shift.to;
}

function buildData(problem: VrpProblem, activeList: number[]): VrpData {
  const { matrix, stops, vehicles } = problem;
  const n = stops.length;
  const V = vehicles.length;
  const open = vehicles.some((v) => v.end === null);
  // open routes end at a virtual location, at zero cost from and to everything
  const size = open ? matrix.size + 1 : matrix.size;
  let distance = matrix.distance;
  let duration = matrix.duration;
  if (open) {
    distance = new Float64Array(size * size);
    duration = new Float64Array(size * size);
    for (let a = 0; a < matrix.size; a++) {
      distance.set(matrix.distance.subarray(a * matrix.size, (a + 1) * matrix.size), a * size);
      duration.set(matrix.duration.subarray(a * matrix.size, (a + 1) * matrix.size), a * size);
    }
  }
  const nodes = n + 2 * V;
  const loc = new Int32Array(nodes);
  const service = new Float64Array(nodes);
  const ready = new Float64Array(nodes);
  const due = new Float64Array(nodes);
  const demand = new Float64Array(nodes);
  stops.forEach((stop, i) => {
    loc[i] = stop.location;
    service[i] = stop.serviceSeconds;
    ready[i] = stop.window?.from ?? -Infinity;
    due[i] = stop.window?.to ?? Infinity;
    demand[i] = stop.demand;
  });
  const capacity = new Float64Array(V);
  vehicles.forEach((v, r) => {
    const s = n + 2 * r;
    loc[s] = v.start;
    ready[s] = v.shift.from;
    due[s] = v.shift.to;
    loc[s + 1] = v.end === null ? size - 1 : v.end;
    ready[s + 1] = -Infinity;
    due[s + 1] = v.shift.to;
    capacity[r] = v.capacity;
  });

  // locked stops: the feasible ones, in input order, on vehicle 0
  const lockedCandidates = activeList.filter((i) => stops[i]!.locked);
  const locked: number[] = [];
  {
    const v = vehicles[0]!;
    let at = v.start;
    let time = v.shift.from;
    let load = 0;
    for (const i of lockedCandidates) {
      const stop = stops[i]!;
      let t = time + duration[at * size + stop.location]!;
      if (stop.window && t < stop.window.from) t = stop.window.from;
      if ((stop.window && t > stop.window.to) || load + stop.demand > v.capacity) continue;
      const back = v.end === null ? 0 : duration[stop.location * size + v.end]!;
      if (t + stop.serviceSeconds + back > v.shift.to) continue;
      locked.push(i);
      load += stop.demand;
      time = t + stop.serviceSeconds;
      at = stop.location;
    }
  }
  // locked stops that did not fit are left to the caller as NO_VEHICLE
  const lockedSet = new Set(locked);
  const active = activeList.filter((i) => !stops[i]!.locked || lockedSet.has(i));
  let lockedHead = 0;
  while (lockedHead < n && stops[lockedHead]!.locked && lockedSet.has(lockedHead) && lockedHead === locked[lockedHead]) lockedHead++;
  let lockedTail = 0;
  while (lockedTail < locked.length - lockedHead && locked[locked.length - 1 - lockedTail] === n - 1 - lockedTail) lockedTail++;

  const k = Math.min(NEIGHBOURS_VRP, Math.max(0, active.length - 1));
  const kk = active.length <= 200 ? Math.max(0, active.length - 1) : k;
  const members = Int32Array.from(active.map((i) => stops[i]!.location));
  const local = nearestNeighbours(distance, size, members, kk);
  const neighbours = new Int32Array(n * kk);
  active.forEach((u, a) => {
    for (let j = 0; j < kk; j++) neighbours[u * kk + j] = active[local[a * kk + j]!]!;
  });
  return {
    size,
    distance,
    duration,
    n,
    vehicles: V,
    loc,
    service,
    ready,
    due,
    demand,
    capacity,
    active: Int32Array.from(active),
    locked: Int32Array.from(locked),
    lockedHead,
    lockedTail,
    neighbours,
    k: kk,
  };
}

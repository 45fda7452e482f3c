/**
 * Reading benchmark instances into a VrpProblem (used by bench/routing-bench.ts and the tests;
 * the files are in bench/data/routing, see its SOURCE.md):
 * - TSPLIB EUC_2D (`NODE_COORD_SECTION` lines "i x y"; also the bare form "n" then "i x y" lines),
 *   distance = nint(euclidean) as TSPLIB defines it, duration = distance; city 1 is the depot,
 *   the others are stops; one vehicle without capacity or shift limits that returns to the depot;
 * - Solomon VRPTW ("capacity" line, then "i x y demand ready due service" rows, row 0 the depot):
 *   real-valued euclidean distance (not rounded), duration = distance, the depot's due date as
 *   every vehicle's shift end.
 */
import type { CostMatrix, VrpProblem, VrpStop, VrpVehicle } from './types.js';

export interface Point {
  x: number;
  y: number;
}

export function parseTsplib(text: string): Point[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const points: Point[] = [];
  const start = lines.findIndex((line) => line.startsWith('NODE_COORD_SECTION'));
  const from = start >= 0 ? start + 1 : 1; // the bare form: first line the count
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '' || line === 'EOF') continue;
    const parts = line.split(/\s+/);
    if (parts.length < 3) throw new Error(`TSPLIB line ${i + 1}: expected "index x y", got "${line}"`);
    points.push({ x: Number(parts[1]), y: Number(parts[2]) });
  }
  const declared = start >= 0 ? Number(/DIMENSION\s*:\s*(\d+)/.exec(text)?.[1]) : Number(lines[0]);
  if (declared !== points.length) throw new Error(`TSPLIB: ${points.length} cities read, ${declared} declared`);
  return points;
}

/** nint(euclidean), TSPLIB EUC_2D. */
export function tsplibMatrix(points: readonly Point[]): CostMatrix {
  const n = points.length;
  const distance = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = points[i]!.x - points[j]!.x;
      const dy = points[i]!.y - points[j]!.y;
      distance[i * n + j] = Math.floor(Math.sqrt(dx * dx + dy * dy) + 0.5);
    }
  }
  return { size: n, distance, duration: distance };
}

/** A TSP as a problem: city 1 (index 0) the depot, the others stops, one unlimited vehicle. */
export function tspProblem(points: readonly Point[]): VrpProblem {
  const matrix = tsplibMatrix(points);
  const stops: VrpStop[] = [];
  for (let i = 1; i < points.length; i++) stops.push({ id: String(i + 1), location: i, serviceSeconds: 0, demand: 0 });
  const vehicles: VrpVehicle[] = [{ id: 'v1', capacity: Infinity, shift: { from: 0, to: Infinity }, start: 0, end: 0 }];
  return { matrix, stops, vehicles };
}

export interface SolomonCustomer extends Point {
  id: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface SolomonInstance {
  capacity: number;
  /** Row 0 is the depot. */
  customers: SolomonCustomer[];
}

export function parseSolomon(text: string): SolomonInstance {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const capacity = Number(rows[0]);
  if (!Number.isFinite(capacity)) throw new Error('Solomon: the first line must be the vehicle capacity');
  const customers = rows.slice(1).map((row, i) => {
    const v = row.split(/\s+/).map(Number);
    if (v.length < 7 || v.some((x) => !Number.isFinite(x))) throw new Error(`Solomon row ${i + 2}: expected 7 numbers, got "${row}"`);
    return { id: v[0]!, x: v[1]!, y: v[2]!, demand: v[3]!, ready: v[4]!, due: v[5]!, service: v[6]! };
  });
  return { capacity, customers };
}

/** Real-valued euclidean distances, duration = distance. */
export function euclideanMatrix(points: readonly Point[]): CostMatrix {
  const n = points.length;
  const distance = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) distance[i * n + j] = Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y);
  }
  return { size: n, distance, duration: distance };
}

export function solomonProblem(instance: SolomonInstance, vehicleCount: number): VrpProblem {
  const customers = instance.customers;
  const depot = customers[0]!;
  const matrix = euclideanMatrix(customers);
  const stops: VrpStop[] = customers.slice(1).map((c, i) => ({
    id: String(c.id),
    location: i + 1,
    serviceSeconds: c.service,
    window: { from: c.ready, to: c.due },
    demand: c.demand,
  }));
  const vehicles: VrpVehicle[] = Array.from({ length: vehicleCount }, (_, i) => ({
    id: `v${i + 1}`,
    capacity: instance.capacity,
    shift: { from: depot.ready, to: depot.due },
    start: 0,
    end: 0,
  }));
  return { matrix, stops, vehicles };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generator } from '@circula/model';
import { solve } from '../../src/maps/optimizer/index.js';
import { euclideanMatrix, parseSolomon, parseTsplib, solomonProblem, tspProblem, type Point } from '../../src/maps/optimizer/instances.js';
import type { VrpProblem, VrpSolution, VrpStop, VrpVehicle } from '../../src/maps/optimizer/types.js';

const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../bench/data/routing');

/** Points in the plane, location 0 the depot; euclidean distance, duration = distance. */
function planar(points: Point[], stops: Partial<VrpStop>[], vehicles: Partial<VrpVehicle>[] = [{}]): VrpProblem {
  return {
    matrix: euclideanMatrix(points),
    stops: stops.map((s, i) => ({ id: `s${i + 1}`, location: i + 1, serviceSeconds: 0, demand: 0, ...s })),
    vehicles: vehicles.map((v, i) => ({ id: `v${i + 1}`, capacity: Infinity, shift: { from: 0, to: Infinity }, start: 0, end: 0, ...v })),
  };
}

/** Re-simulates every route: windows, capacity and shift respected, each stop once, reported distance right. */
function expectFeasible(problem: VrpProblem, solution: VrpSolution) {
  const { matrix, stops, vehicles } = problem;
  const size = matrix.size;
  const byId = new Map(stops.map((s) => [s.id, s]));
  const seen = new Set<string>();
  let total = 0;
  for (const route of solution.routes) {
    const v = vehicles.find((x) => x.id === route.vehicleId)!;
    let at = v.start;
    let time = v.shift.from;
    let load = 0;
    let distance = 0;
    route.stopIds.forEach((id, i) => {
      const s = byId.get(id)!;
      expect(seen.has(id)).toBe(false);
      seen.add(id);
      time = Math.max(time + matrix.duration[at * size + s.location]!, s.window?.from ?? -Infinity);
      expect(time).toBeLessThanOrEqual((s.window?.to ?? Infinity) + 1e-6);
      expect(route.arrivals[i]).toBeCloseTo(time, 6);
      distance += matrix.distance[at * size + s.location]!;
      time += s.serviceSeconds;
      load += s.demand;
      at = s.location;
    });
    if (v.end !== null) {
      distance += matrix.distance[at * size + v.end]!;
      time += matrix.duration[at * size + v.end]!;
    }
    expect(load).toBeLessThanOrEqual(v.capacity);
    expect(time).toBeLessThanOrEqual(v.shift.to + 1e-6);
    expect(route.distance).toBeCloseTo(distance, 6);
    total += distance;
  }
  for (const u of solution.unassigned) {
    expect(seen.has(u.id)).toBe(false);
    seen.add(u.id);
  }
  expect(seen.size).toBe(stops.length);
  expect(solution.distance).toBeCloseTo(total, 6);
}

const line = (count: number): Point[] => Array.from({ length: count + 1 }, (_, i) => ({ x: i * 10, y: 0 }));

describe('route optimiser', () => {
  it('visits points on a line in their order', () => {
    // stops given shuffled: s1 at x=30, s2 at x=10, s3 at x=50, s4 at x=20, s5 at x=40
    const points = [{ x: 0, y: 0 }, { x: 30, y: 0 }, { x: 10, y: 0 }, { x: 50, y: 0 }, { x: 20, y: 0 }, { x: 40, y: 0 }];
    const problem = planar(points, [{}, {}, {}, {}, {}]);
    const solution = solve(problem, { seed: 1, timeBudgetMs: 200 });
    expectFeasible(problem, solution);
    const ids = solution.routes[0]!.stopIds;
    const forward = ['s2', 's4', 's1', 's5', 's3'];
    expect([forward, [...forward].reverse()]).toContainEqual(ids);
    expect(solution.distance).toBe(100);
  });

  it('goes round a square', () => {
    const points = [{ x: 0, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }, { x: 10, y: 0 }];
    const problem = planar(points, [{}, {}, {}]);
    const solution = solve(problem, { seed: 3, timeBudgetMs: 100 });
    expectFeasible(problem, solution);
    expect(solution.distance).toBeCloseTo(40, 9);
    expect([['s2', 's1', 's3'], ['s3', 's1', 's2']]).toContainEqual(solution.routes[0]!.stopIds);
  });

  it('ends at the last stop on an open route, back at the depot otherwise', () => {
    const points = line(5);
    const closed = solve(planar(points, [{}, {}, {}, {}, {}]), { seed: 1, timeBudgetMs: 100 });
    expect(closed.distance).toBe(100);
    const openProblem = planar(points, [{}, {}, {}, {}, {}], [{ end: null }]);
    const open = solve(openProblem, { seed: 1, timeBudgetMs: 100 });
    expectFeasible(openProblem, open);
    expect(open.distance).toBe(50);
    expect(open.routes[0]!.stopIds).toEqual(['s1', 's2', 's3', 's4', 's5']);
    // the same with time windows (the general engine)
    const windowed = planar(points, [{}, {}, { window: { from: 0, to: 1000 } }, {}, {}], [{ end: null }]);
    const openWindowed = solve(windowed, { seed: 1, timeBudgetMs: 100 });
    expectFeasible(windowed, openWindowed);
    expect(openWindowed.distance).toBe(50);
    expect(openWindowed.routes[0]!.stopIds).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('keeps locked first and last stops in their place', () => {
    const points = line(5);
    // the far stop locked first: the route goes there first, then the others
    const first = planar(points, [{ locked: true }, {}, {}, {}, {}].map((s, i) => ({ ...s, location: 5 - i })));
    const a = solve(first, { seed: 2, timeBudgetMs: 100 });
    expectFeasible(first, a);
    expect(a.routes[0]!.stopIds[0]).toBe('s1');
    expect(a.routes[0]!.stopIds).toHaveLength(5);
    expect(a.distance).toBe(100);
    // the nearest stop locked last: visited last although it is on the way out
    const last = planar(points, [{}, {}, {}, {}, { locked: true }].map((s, i) => ({ ...s, location: 5 - i })));
    const b = solve(last, { seed: 2, timeBudgetMs: 100 });
    expectFeasible(last, b);
    expect(b.routes[0]!.stopIds.at(-1)).toBe('s5');
    expect(b.routes[0]!.stopIds).toHaveLength(5);
    expect(b.distance).toBe(100);
    // first and last locked, three vehicles: both stay on the first vehicle at the ends
    const both = planar(points, [{ locked: true }, {}, {}, {}, { locked: true }], [{}, {}, {}]);
    const c = solve(both, { seed: 2, timeBudgetMs: 100 });
    expectFeasible(both, c);
    const route = c.routes.find((r) => r.vehicleId === 'v1')!;
    expect(route.stopIds[0]).toBe('s1');
    expect(route.stopIds.at(-1)).toBe('s5');
  });

  it('splits the load over two vehicles when one cannot carry it', () => {
    const points = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }, { x: -10, y: 0 }, { x: -20, y: 0 }];
    const problem = planar(points, [{ demand: 6 }, { demand: 4 }, { demand: 6 }, { demand: 4 }], [{ capacity: 10 }, { capacity: 10 }]);
    const solution = solve(problem, { seed: 1, timeBudgetMs: 100 });
    expectFeasible(problem, solution);
    expect(solution.unassigned).toEqual([]);
    expect(solution.routes).toHaveLength(2);
    expect(solution.distance).toBe(80);
    expect(solution.routes.map((r) => [...r.stopIds].sort())).toEqual(expect.arrayContaining([['s1', 's2'], ['s3', 's4']]));
  });

  it('reports the stops it cannot route, with the reason', () => {
    const points = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 1000, y: 0 }, { x: 20, y: 0 }, { x: 300, y: 0 }, { x: 30, y: 0 }, { x: 40, y: 0 }];
    const problem = planar(
      points,
      [
        { demand: 5 },
        { window: { from: 0, to: 500 } }, // 1000 away: cannot be reached before 500
        { demand: 50 }, // above every capacity
        { window: { from: 0, to: 400 } }, // reached at 300, but the shift ends at 500
        { demand: 10 }, // fits alone, not together with the others
        { demand: 10 },
      ],
      [{ capacity: 25, shift: { from: 0, to: 500 } }],
    );
    const solution = solve(problem, { seed: 1, timeBudgetMs: 100 });
    expectFeasible(problem, solution);
    const reasons = Object.fromEntries(solution.unassigned.map((u) => [u.id, u.reason]));
    expect(reasons).toMatchObject({ s2: 'TIME_WINDOW', s3: 'CAPACITY', s4: 'SHIFT' });
    // s1, s5, s6 weigh 25 together... plus nothing else: all three fit exactly
    expect(solution.routes[0]!.stopIds.sort()).toEqual(['s1', 's5', 's6']);
    // one more unit on s6: one of s5/s6 is left out for lack of room
    const tight = { ...problem, stops: problem.stops.map((s) => (s.id === 's6' ? { ...s, demand: 11 } : s)) };
    const left = solve(tight, { seed: 1, timeBudgetMs: 100 });
    expectFeasible(tight, left);
    expect(left.unassigned.filter((u) => u.reason === 'NO_VEHICLE')).toHaveLength(1);
  });

  it('gives the same answer for the same seed', () => {
    const instance = parseSolomon(readFileSync(path.join(dataDir, 'RC101.txt'), 'utf8'));
    const problem = solomonProblem(instance, 25);
    const run = (seed: number) => {
      const { ms: _ms, ...rest } = solve(problem, { seed, maxIterations: 400, timeBudgetMs: 60_000 });
      return rest;
    };
    const a = run(7);
    expectFeasible(problem, { ...a, ms: 0 });
    expect(run(7)).toEqual(a);
    expect(a.iterations).toBe(400);
    const tsp = tspProblem(parseTsplib(readFileSync(path.join(dataDir, 'kroA100.tsp'), 'utf8')));
    const t1 = solve(tsp, { seed: 5, maxIterations: 200, timeBudgetMs: 60_000 });
    const t2 = solve(tsp, { seed: 5, maxIterations: 200, timeBudgetMs: 60_000 });
    expect(t2.routes).toEqual(t1.routes);
  });

  it('stops within its time budget', () => {
    // 400 stops with windows and capacities on 20 vehicles
    const random = generator(11);
    const points: Point[] = Array.from({ length: 401 }, () => ({ x: random() * 1000, y: random() * 1000 }));
    const stops = points.slice(1).map(() => {
      const from = Math.floor(random() * 2000);
      return { demand: 1 + Math.floor(random() * 10), serviceSeconds: 10, window: { from, to: from + 600 } };
    });
    const vehicles = Array.from({ length: 20 }, () => ({ capacity: 200, shift: { from: 0, to: 4000 } }));
    const problem = planar(points, stops, vehicles);
    const t0 = performance.now();
    const solution = solve(problem, { seed: 1, timeBudgetMs: 300 });
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeLessThan(300 + 100);
    expect(solution.iterations).toBeGreaterThan(0);
    expectFeasible(problem, solution);
    // and a 1 002-city tour (the single-vehicle engine); its O(n²) preparation (neighbour lists,
    // symmetry check, local matrix: tens of ms at this size) comes on top of the budget
    const tsp = tspProblem(parseTsplib(readFileSync(path.join(dataDir, 'pr1002.tsp'), 'utf8')));
    const t1 = performance.now();
    const tour = solve(tsp, { seed: 1, timeBudgetMs: 200 });
    expect(performance.now() - t1).toBeLessThan(200 + 250);
    expect(tour.routes[0]!.stopIds).toHaveLength(1001);
  });

  it('handles the small cases', () => {
    const points = line(2);
    expect(solve(planar(points, [])).routes).toEqual([]);
    const one = solve(planar(points, [{}], [{ end: null }]), { seed: 1 });
    expect(one.routes[0]!.stopIds).toEqual(['s1']);
    expect(one.distance).toBe(10);
    const noVehicle = solve(planar(points, [{}, {}], []));
    expect(noVehicle.unassigned).toEqual([
      { id: 's1', reason: 'NO_VEHICLE' },
      { id: 's2', reason: 'NO_VEHICLE' },
    ]);
    // a stop at the depot itself, and service times with a shift: 2 × 20 travel + 2 × 100 service
    const atDepot = planar(points, [{ location: 0, serviceSeconds: 100 }, { location: 2, serviceSeconds: 100 }], [{ shift: { from: 0, to: 240 } }]);
    const s = solve(atDepot, { seed: 1, timeBudgetMs: 100 });
    expectFeasible(atDepot, s);
    expect(s.unassigned).toEqual([]);
    expect(s.routes[0]!.duration).toBe(240);
  });

  it('solves kroA100 within 2 % of the optimum 21 282 in under a second', () => {
    const problem = tspProblem(parseTsplib(readFileSync(path.join(dataDir, 'kroA100.tsp'), 'utf8')));
    const t0 = performance.now();
    const solution = solve(problem, { seed: 1, timeBudgetMs: 300 });
    const elapsed = performance.now() - t0;
    expectFeasible(problem, solution);
    expect(solution.routes[0]!.stopIds).toHaveLength(99);
    expect(solution.distance).toBeLessThanOrEqual(21_282 * 1.02);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('refuses an inconsistent problem', () => {
    const problem = planar(line(2), [{}, {}]);
    expect(() => solve({ ...problem, stops: [...problem.stops, { id: 'x', location: 9, serviceSeconds: 0, demand: 0 }] })).toThrow(/no location/);
    expect(() => solve({ ...problem, matrix: { ...problem.matrix, size: 4 } })).toThrow(/matrix/);
  });
});

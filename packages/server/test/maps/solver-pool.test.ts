import { afterAll, describe, expect, it } from 'vitest';
import type { VrpProblem } from '../../src/maps/optimizer/types.js';
import { SolverPool } from '../../src/maps/solver-pool.js';

/** A random Euclidean instance: n stops and a depot, one vehicle without limits. */
function instance(n: number, seed = 1): VrpProblem {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const points = Array.from({ length: n + 1 }, () => [random() * 10_000, random() * 10_000] as const);
  const size = n + 1;
  const distance = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) distance[i * size + j] = Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]);
  return {
    matrix: { size, distance, duration: distance.map((d) => d / 10) },
    stops: Array.from({ length: n }, (_, i) => ({ id: `s${i}`, location: i + 1, serviceSeconds: 0, demand: 0 })),
    vehicles: [{ id: 'v', capacity: Infinity, shift: { from: 0, to: Infinity }, start: 0, end: 0 }],
  };
}

describe('optimiser worker', () => {
  const pool = new SolverPool();
  afterAll(() => pool.close());

  it('solves off the event loop: timers keep firing while it searches', async () => {
    const started = Date.now();
    const budget = 1_500;
    const solving = pool.solve(instance(200), { seed: 3, timeBudgetMs: budget });
    // a 50 ms timer, ten times in a row, while the optimiser searches: on the event loop one of
    // them would wait for the whole budget (a loaded machine delays timers too, far less)
    const lags: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
      lags.push(Date.now() - before - 50);
    }
    const solution = await solving;
    expect(Date.now() - started).toBeGreaterThanOrEqual(budget);
    expect(Math.max(...lags)).toBeLessThan(budget / 2);
    expect(solution.routes[0]!.stopIds).toHaveLength(200);
    expect(solution.unassigned).toEqual([]);
  });

  it('runs jobs one after the other and answers each its own', async () => {
    const [a, b] = await Promise.all([pool.solve(instance(5, 7), { seed: 1, maxIterations: 50 }), pool.solve(instance(8, 9), { seed: 1, maxIterations: 50 })]);
    expect(a.routes[0]!.stopIds).toHaveLength(5);
    expect(b.routes[0]!.stopIds).toHaveLength(8);
  });

  it('reports what the optimiser refuses', async () => {
    const bad = instance(3);
    await expect(pool.solve({ ...bad, vehicles: [{ ...bad.vehicles[0]!, shift: { from: 10, to: 0 } }] }, {})).rejects.toThrow(/optimiser failed/);
    // and keeps working
    expect((await pool.solve(instance(3), { maxIterations: 10 })).routes[0]!.stopIds).toHaveLength(3);
  });
});

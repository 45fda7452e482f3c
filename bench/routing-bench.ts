/**
 * Route optimiser benchmark (issue 17, "The optimiser"): packages/server/src/maps/optimizer `solve`
 * on public instances kept in bench/data/routing (see SOURCE.md there for origin and best-known values):
 * - TSPLIB EUC_2D (distance = nint(euclidean)): kroA100, kroA200, a280, lin318, pr1002 — one vehicle
 *   from city 1 and back; the tour is checked to be a permutation of the cities and its length is
 *   recomputed from the coordinates;
 * - Solomon VRPTW 100 customers: C101, R101, RC101 — 25 vehicles of capacity 200, real-valued
 *   euclidean distances, travel time = distance, service times, windows, the depot's due date as
 *   the shift end; every route is re-simulated here: window, capacity and shift violations counted.
 * Objective: total distance (vehicles secondary), compared with the distance-minimal best known.
 * Goals: 200 stops (kroA200) < 200 ms within 2 %; 1 000 stops (pr1002) < 2 s within 5 %; Solomon
 * within 3 % with no window violated, in BENCH_SOLOMON_MS (default 5 000 ms) per run.
 * Several seeds (BENCH_ROUTING_SEEDS, default 1,2,3); a goal is met when every seed meets it.
 * Times are solve() wall-clock (the matrix is an input, built before the clock starts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { solve } from '../packages/server/src/maps/optimizer/index.js';
import { euclideanMatrix, parseSolomon, parseTsplib, solomonProblem, tspProblem, type SolomonInstance } from '../packages/server/src/maps/optimizer/instances.js';
import type { VrpSolution } from '../packages/server/src/maps/optimizer/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, 'data', 'routing');
const SEEDS = (process.env.BENCH_ROUTING_SEEDS ?? '1,2,3').split(',').map(Number);
const SOLOMON_MS = Number(process.env.BENCH_SOLOMON_MS ?? 5_000);

interface Row {
  instance: string;
  n: number;
  bestKnown: number;
  ours: number;
  gap: number;
  ms: number;
  violations: number;
  vehicles: number;
  seed: number;
}

interface TspCase {
  name: string;
  optimum: number;
  budgetMs: number;
  goal?: { ms: number; gap: number; label: string };
}

const TSP: TspCase[] = [
  { name: 'kroA100', optimum: 21_282, budgetMs: 100 },
  { name: 'kroA200', optimum: 29_368, budgetMs: 120, goal: { ms: 200, gap: 2, label: '200 stops < 200 ms within 2 %' } },
  { name: 'a280', optimum: 2_579, budgetMs: 300 },
  { name: 'lin318', optimum: 42_029, budgetMs: 300 },
  { name: 'pr1002', optimum: 259_045, budgetMs: 1_700, goal: { ms: 2_000, gap: 5, label: '1 000 stops < 2 s within 5 %' } },
];

interface SolomonCase {
  name: string;
  /** Distance-minimal best known (see SOURCE.md). */
  bestKnown: number;
}
const SOLOMON: SolomonCase[] = [
  { name: 'C101', bestKnown: 827.3 },
  { name: 'R101', bestKnown: 1_637.7 },
  { name: 'RC101', bestKnown: 1_619.8 },
];
const SOLOMON_VEHICLES = 25;

const rows: Row[] = [];
const problems: string[] = [];
const goals: { label: string; met: boolean; detail: string }[] = [];

// ---- TSPLIB
for (const c of TSP) {
  const points = parseTsplib(readFileSync(path.join(dataDir, `${c.name}.tsp`), 'utf8'));
  const problem = tspProblem(points);
  const caseRows: Row[] = [];
  for (const seed of SEEDS) {
    const t0 = performance.now();
    const solution = solve(problem, { seed, timeBudgetMs: c.budgetMs });
    const ms = performance.now() - t0;
    // check: a permutation of the cities, length recomputed from the coordinates
    const route = solution.routes[0];
    const tour = [0, ...(route?.stopIds ?? []).map((id) => Number(id) - 1)];
    const seen = new Set(tour);
    if (solution.routes.length !== 1 || tour.length !== points.length || seen.size !== points.length || solution.unassigned.length > 0) {
      problems.push(`${c.name} seed ${seed}: the tour is not a permutation of the ${points.length} cities`);
    }
    let length = 0;
    for (let i = 0; i < tour.length; i++) {
      const a = points[tour[i]!]!;
      const b = points[tour[(i + 1) % tour.length]!]!;
      length += Math.floor(Math.hypot(a.x - b.x, a.y - b.y) + 0.5);
    }
    if (Math.abs(length - solution.distance) > 1e-6) problems.push(`${c.name} seed ${seed}: reported ${solution.distance}, recomputed ${length}`);
    const row = { instance: c.name, n: points.length, bestKnown: c.optimum, ours: length, gap: (length / c.optimum - 1) * 100, ms, violations: 0, vehicles: 1, seed };
    rows.push(row);
    caseRows.push(row);
  }
  if (c.goal) {
    const worstGap = Math.max(...caseRows.map((r) => r.gap));
    const worstMs = Math.max(...caseRows.map((r) => r.ms));
    goals.push({
      label: `${c.goal.label} (${c.name})`,
      met: worstGap <= c.goal.gap && worstMs < c.goal.ms,
      detail: `worst gap ${worstGap.toFixed(2)} %, slowest ${worstMs.toFixed(0)} ms`,
    });
  }
}

// ---- Solomon
const solomonRows: Row[] = [];
for (const c of SOLOMON) {
  const instance = parseSolomon(readFileSync(path.join(dataDir, `${c.name}.txt`), 'utf8'));
  const problem = solomonProblem(instance, SOLOMON_VEHICLES);
  for (const seed of SEEDS) {
    const t0 = performance.now();
    const solution = solve(problem, { seed, timeBudgetMs: SOLOMON_MS });
    const ms = performance.now() - t0;
    const check = checkSolomon(instance, solution);
    for (const p of check.problems) problems.push(`${c.name} seed ${seed}: ${p}`);
    const row = { instance: c.name, n: instance.customers.length - 1, bestKnown: c.bestKnown, ours: check.distance, gap: (check.distance / c.bestKnown - 1) * 100, ms, violations: check.violations, vehicles: solution.routes.length, seed };
    rows.push(row);
    solomonRows.push(row);
  }
}
{
  const worstGap = Math.max(...solomonRows.map((r) => r.gap));
  const violations = solomonRows.reduce((sum, r) => sum + r.violations, 0);
  goals.push({
    label: `Solomon 100 customers within 3 % of the best-known distance, no window violated (${SOLOMON_MS} ms a run)`,
    met: worstGap <= 3 && violations === 0,
    detail: `worst gap ${worstGap.toFixed(2)} %, violations ${violations}`,
  });
}

// ---- report
const header = ['instance', 'n', 'seed', 'best known', 'ours', 'gap %', 'time ms', 'violations', 'vehicles'];
const table = rows.map((r) => [r.instance, String(r.n), String(r.seed), fmt(r.bestKnown), fmt(r.ours), r.gap.toFixed(2), r.ms.toFixed(0), String(r.violations), String(r.vehicles)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));
console.log('');
for (const name of [...TSP.map((c) => c.name), ...SOLOMON.map((c) => c.name)]) {
  const r = rows.filter((row) => row.instance === name);
  const mean = r.reduce((s, x) => s + x.gap, 0) / r.length;
  console.log(`${name.padEnd(8)} mean gap ${mean.toFixed(2)} %, best ${Math.min(...r.map((x) => x.gap)).toFixed(2)} %, worst ${Math.max(...r.map((x) => x.gap)).toFixed(2)} %, mean time ${(r.reduce((s, x) => s + x.ms, 0) / r.length).toFixed(0)} ms`);
}
console.log('');
for (const g of goals) console.log(`${g.met ? 'MET    ' : 'NOT MET'}  ${g.label}: ${g.detail}`);
if (problems.length > 0) {
  console.log('\nCheck failures:');
  for (const p of problems) console.log(`  ${p}`);
}
if (problems.length > 0 || goals.some((g) => !g.met)) process.exitCode = 1;

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

/** Re-simulates a Solomon solution on the instance: distance, and window / capacity / shift violations. */
function checkSolomon(instance: SolomonInstance, solution: VrpSolution): { distance: number; violations: number; problems: string[] } {
  const customers = instance.customers;
  const matrix = euclideanMatrix(customers);
  const n = customers.length;
  const byId = new Map(customers.map((c, i) => [String(c.id), i]));
  const visits = new Array<number>(n).fill(0);
  const out: string[] = [];
  let violations = 0;
  let distance = 0;
  const depot = customers[0]!;
  for (const route of solution.routes) {
    let at = 0;
    let time = depot.ready;
    let load = 0;
    for (const id of route.stopIds) {
      const i = byId.get(id);
      if (i === undefined || i === 0) {
        out.push(`unknown customer ${id}`);
        continue;
      }
      visits[i]!++;
      const c = customers[i]!;
      distance += matrix.distance[at * n + i]!;
      time = Math.max(time + matrix.duration[at * n + i]!, c.ready);
      if (time > c.due + 1e-6) {
        violations++;
        out.push(`customer ${id} served at ${time.toFixed(2)} after its due date ${c.due}`);
      }
      time += c.service;
      load += c.demand;
      at = i;
    }
    distance += matrix.distance[at * n]!;
    time += matrix.duration[at * n]!;
    if (load > instance.capacity) {
      violations++;
      out.push(`route ${route.vehicleId} carries ${load} > ${instance.capacity}`);
    }
    if (time > depot.due + 1e-6) {
      violations++;
      out.push(`route ${route.vehicleId} back at ${time.toFixed(2)} after ${depot.due}`);
    }
  }
  for (let i = 1; i < n; i++) {
    if (visits[i] !== 1) out.push(`customer ${customers[i]!.id} visited ${visits[i]} times`);
  }
  if (solution.unassigned.length > 0) out.push(`${solution.unassigned.length} customers unassigned`);
  if (Math.abs(distance - solution.distance) > 1e-6) out.push(`reported distance ${solution.distance}, recomputed ${distance}`);
  return { distance, violations, problems: out };
}

import { parentPort } from 'node:worker_threads';
import { solve } from './optimizer/index.js';
import type { SolveOptions, VrpProblem } from './optimizer/types.js';

/** The optimiser on a worker thread (solver-pool.ts): one job at a time, answered by id. */
parentPort?.on('message', (job: { id: number; problem: VrpProblem; options: SolveOptions }) => {
  try {
    parentPort!.postMessage({ id: job.id, solution: solve(job.problem, job.options) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});

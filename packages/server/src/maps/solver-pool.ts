import { Worker } from 'node:worker_threads';
import type { SolveOptions, VrpProblem, VrpSolution } from './optimizer/types.js';

interface Pending {
  resolve(solution: VrpSolution): void;
  reject(error: Error): void;
}

/**
 * The optimiser off the event loop: `solve` searches for its whole time budget (2 s by default)
 * and would stop every other request of the server meanwhile. One worker thread, started on
 * first use, runs the jobs one after the other (one core for optimisation, whatever the number
 * of requests; the per-user rate limit keeps the queue short). The worker loads the TypeScript
 * sources through tsx, as the server itself runs (`tsx src/main.ts`).
 */
export class SolverPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  solve(problem: VrpProblem, options: SolveOptions): Promise<VrpSolution> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<VrpSolution>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, problem, options });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the optimiser stopped'));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./solve-worker.mjs', import.meta.url));
    // an idle worker does not keep the process alive
    worker.unref();
    worker.on('message', (answer: { id: number; solution?: VrpSolution; error?: string }) => {
      const job = this.pending.get(answer.id);
      if (!job) return;
      this.pending.delete(answer.id);
      if (answer.solution) job.resolve(answer.solution);
      else job.reject(new Error(`optimiser failed: ${answer.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`optimiser worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}

import cluster, { type Worker } from 'node:cluster';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from './config.js';
import { connect, logIdleError } from './db/connect.js';
import { CLUSTER_METRICS_ANSWER, CLUSTER_METRICS_REQUEST, type ClusterMetricsAnswer } from './monitor/metrics.js';
import { failRunsOfDeadProcess } from './scheduler/runner.js';
import { prepareDatabase } from './startup.js';

/** The first wait before a dead worker is replaced; it doubles with each death of that worker in a row. */
const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_MAX_MS = 30_000;
/** A worker that served this long before it died starts its replacement's back-off afresh. */
const STABLE_AFTER_MS = 60_000;
/** How long the workers get to finish their requests and runs at shutdown before they are killed. */
const STOP_TIMEOUT_MS = 30_000;

interface Slot {
  index: number;
  worker: Worker | null;
  /** Deaths in a row (the back-off's exponent). */
  deaths: number;
  listeningSince: number;
  timer: NodeJS.Timeout | null;
}

/**
 * The primary process of WORKERS=N on a PostgreSQL server (main.ts runs every other case): it
 * migrates and seeds the database once, then forks N server processes (node:cluster; they share
 * the port, the primary hands them the connections in turn) and looks after them:
 *
 * - a worker that dies is replaced after a back-off (1 s, doubling up to 30 s, afresh after a
 *   minute of service), never in a tight loop; one that dies before every worker first listened
 *   stops the whole server (exit 1: a configuration error, a port in use, is not retried);
 * - the scheduler runs a dead worker left RUNNING are failed at once (the other workers' runs are
 *   never touched: a worker starting fails only runs whose heartbeat is stale, scheduler/runner.ts);
 * - `GET /metrics`, asked of any worker, gets every worker's figures summed here (monitor/metrics.ts);
 * - SIGINT/SIGTERM stop the workers cleanly (each closes its server, waits for its requests and
 *   scheduler runs), SIGKILL after 30 s, then the primary exits 0.
 *
 * The primary serves no request and holds two database connections of its own.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log: FastifyBaseLogger = Fastify({ logger: { level: config.logLevel } }).log;
  const handle = await connect({
    databaseUrl: config.databaseUrl,
    dataDir: null,
    poolSize: 2,
    onIdleError: logIdleError(log),
  });
  // migrations and seed once, before any worker exists: N workers never race them
  await prepareDatabase(handle.db, config, log);

  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number } | null) => {
    if (message?.type !== CLUSTER_METRICS_REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    const answer = (fields: Pick<ClusterMetricsAnswer, 'text' | 'error'>) => {
      if (worker.isConnected()) worker.send({ type: CLUSTER_METRICS_ANSWER, id, ...fields } satisfies ClusterMetricsAnswer);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });

  const slots: Slot[] = Array.from({ length: config.workers }, (_, i) => ({ index: i + 1, worker: null, deaths: 0, listeningSince: 0, timer: null }));
  const cleanups = new Set<Promise<unknown>>();
  let started = false;
  let stopping = false;

  const fork = (slot: Slot) => {
    const worker = cluster.fork({ CIRCULA_WORKER: String(slot.index) });
    slot.worker = worker;
    slot.listeningSince = 0;
    worker.once('listening', () => {
      slot.listeningSince = Date.now();
      if (!started && slots.every((s) => s.listeningSince > 0)) {
        started = true;
        log.info(`Circula ready on ${config.baseUrl} (PostgreSQL server, ${slots.length} server processes)`);
      }
    });
    worker.once('exit', (code, signal) => died(slot, worker, code, signal));
  };

  const died = (slot: Slot, worker: Worker, code: number | null, signal: string | null) => {
    if (slot.worker === worker) slot.worker = null;
    const pid = worker.process.pid;
    if (pid !== undefined) {
      const cleanup = failRunsOfDeadProcess(handle.db, pid)
        .then((failed) => {
          if (failed > 0) log.warn(`Scheduler: ${failed} run(s) of the dead worker (pid ${pid}) marked failed`);
        })
        .catch((error: unknown) => log.error({ err: error }, 'scheduler runs of a dead worker not marked failed'))
        .finally(() => cleanups.delete(cleanup));
      cleanups.add(cleanup);
    }
    if (stopping) return;
    if (!started) {
      log.error({ pid, code, signal }, `Worker ${slot.index} exited while starting: stopping`);
      void stop('a worker that could not start', 1);
      return;
    }
    if (slot.listeningSince > 0 && Date.now() - slot.listeningSince >= STABLE_AFTER_MS) slot.deaths = 0;
    const delay = Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MS * 2 ** slot.deaths);
    slot.deaths += 1;
    log.error({ pid, code, signal }, `Worker ${slot.index} (pid ${pid}) died: another starts in ${delay} ms`);
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (!stopping) fork(slot);
    }, delay);
  };

  const exited = (worker: Worker) =>
    worker.isDead() ? Promise.resolve() : new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  async function stop(reason: string, code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info(`${reason} received, stopping the server processes`);
    const workers: Worker[] = [];
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      if (slot.worker) workers.push(slot.worker);
    }
    // a terminal's Ctrl-C reaches the workers too: their shutdown is the same either way
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const worker of workers) {
        if (!worker.isDead()) {
          log.warn(`Worker (pid ${worker.process.pid}) still running after ${STOP_TIMEOUT_MS / 1000} s: killed`);
          worker.process.kill('SIGKILL');
        }
      }
    }, STOP_TIMEOUT_MS);
    await Promise.all(workers.map(exited));
    clearTimeout(killer);
    while (cleanups.size > 0) await Promise.all(cleanups);
    await handle.close();
    process.exit(code);
  }

  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  for (const slot of slots) fork(slot);
}

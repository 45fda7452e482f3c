import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { loadConfig } from './config.js';
import { connect, logIdleError } from './db/connect.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { prepareDatabase } from './startup.js';

const config = loadConfig();
const embedded = !config.databaseUrl;

if (!embedded && config.workers > 1 && cluster.isPrimary) {
  // WORKERS=N on a PostgreSQL server: this process migrates, forks and supervises (cluster.ts)
  await runPrimary(config);
} else {
  await serve();
}

/** One server process: the only one, or a worker of the cluster (the primary prepared the database). */
async function serve(): Promise<void> {
  const worker = cluster.isWorker;
  const unlock = embedded && config.dataDir ? lockDataDir(config.dataDir) : () => undefined;
  // stderr until the application's logger exists
  let log: { warn(message: string): void } = { warn: (message) => console.error(message) };
  const handle = await connect({
    databaseUrl: config.databaseUrl,
    dataDir: embedded ? path.join(config.dataDir!, 'pg') : null,
    poolSize: config.databasePoolSize,
    onIdleError: logIdleError({ warn: (message) => log.warn(message) }),
  });
  const app = await buildApp({ config, db: handle.db });
  log = app.log;
  if (embedded && config.workers > 1) {
    app.log.warn(
      `WORKERS=${config.workers}: the embedded database is opened by one process only, so Circula runs a single server process (set DATABASE_URL to a PostgreSQL server for several)`,
    );
  }
  if (!worker) await prepareDatabase(handle.db, config, app.log);
  await app.listen({ port: config.port, host: config.host });
  if (worker) app.log.info(`Server process ${cluster.worker!.id} (pid ${process.pid}) listening`);
  else app.log.info(`Circula ready on ${config.baseUrl} (${embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`);

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      await handle.close();
    } finally {
      unlock();
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // a worker whose primary is gone (killed) stops too rather than serve on unsupervised
  if (worker) process.on('disconnect', () => void shutdown('primary process gone'));
}

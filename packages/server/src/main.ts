import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { prepareDatabase } from './startup.js';

const config = loadConfig();
const embedded = !config.databaseUrl;
const unlock = embedded && config.dataDir ? lockDataDir(config.dataDir) : () => undefined;
const handle = await connect({
  databaseUrl: config.databaseUrl,
  dataDir: embedded ? path.join(config.dataDir!, 'pg') : null,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, db: handle.db });
await prepareDatabase(handle.db, config, app.log);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Circula ready on ${config.baseUrl} (${embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
);

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

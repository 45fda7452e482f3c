// Starts the built app for the browser tests on a fresh embedded database with the demo data
// and the bulk data of support/seed-bulk.ts, written before the server opens the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

let child = null;
const run = (script) => {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], { cwd: root, stdio: 'inherit', env });
  return child;
};
const stop = (signal) => child && child.exitCode === null && child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
const finish = (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
};

// migrations, demo seed and bulk rows first; then the server on the prepared data directory
run('e2e/support/seed-bulk.ts').on('exit', (code, signal) => {
  if (code !== 0 || signal) return finish(code || 1);
  run('packages/server/src/main.ts').on('exit', finish);
});

// Starts the built app for the browser tests on a fresh embedded database with the demo data
// and the bulk data of support/seed-bulk.ts, written before the server opens the database.
// First it prepares the run's template data directory (E2E_TEMPLATE_DIR, support/data-dir.ts):
// this server's directory and every spec's own server start as copies of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-e2e-'));
const template = process.env.E2E_TEMPLATE_DIR;
if (!template) throw new Error('E2E_TEMPLATE_DIR is set by e2e/playwright.config.ts');
rmSync(template, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

let child = null;
const run = (script, extra = {}) => {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], { cwd: root, stdio: 'inherit', env: { ...env, ...extra } });
  return child;
};
const stop = (signal) => child && child.exitCode === null && child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
const finish = (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(template, { recursive: true, force: true });
  process.exit(code ?? 0);
};

// the template (migrations, base and demo data); its copy with the bulk rows; then the server on it
run('e2e/support/seed-bulk.ts', { DATA_DIR: template, E2E_PREPARE_ONLY: 'true' }).on('exit', (code, signal) => {
  if (code !== 0 || signal) return finish(code || 1);
  run('e2e/support/seed-bulk.ts').on('exit', (code, signal) => {
    if (code !== 0 || signal) return finish(code || 1);
    run('packages/server/src/main.ts').on('exit', finish);
  });
});

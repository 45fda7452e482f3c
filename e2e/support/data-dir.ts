import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Per data directory, what a copy must not share: the server's own JWT secret and its lock. */
const NOT_COPIED = new Set(['jwt-secret', 'circula.lock']);

/**
 * The run's template: one data directory (embedded database with migrations, base and demo data,
 * and the demo documents) prepared once by start-server.mjs before any test starts. Preparing a
 * database costs 20–45 s of a core; the journeys' own servers copy it in under a second instead,
 * so a spec's server starting does not slow the journey running beside it.
 */
export function templateDataDir(port: number): string {
  return path.join(tmpdir(), `circula-e2e-template-${port}`);
}

/** Copies the run's template (E2E_TEMPLATE_DIR, set by playwright.config.ts) into `target`. */
export function copyTemplateDataDir(target: string): void {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template || !existsSync(path.join(template, 'pg'))) {
    throw new Error(`no prepared data directory at E2E_TEMPLATE_DIR (${template ?? 'unset'}): run the journeys through e2e/playwright.config.ts`);
  }
  cpSync(template, target, { recursive: true, filter: (source) => !NOT_COPIED.has(path.basename(source)) });
}

/** A new data directory for a spec's own server, holding a copy of the run's prepared database. */
export function preparedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  copyTemplateDataDir(dir);
  return dir;
}

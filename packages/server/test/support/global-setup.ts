import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { onServer, SNAPSHOT_DIR_ENV, saveSnapshot, TEMPLATE_DATABASE_ENV } from './prepared-database.js';

/**
 * The server project's global setup: one prepared database for the whole run (prepared-database.ts)
 * that every test application copies. On the embedded database its data directory, in a directory
 * removed at the end; on PostgreSQL (TEST_DATABASE_URL) a template database on that server,
 * dropped at the end.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), 'circula-test-db-'));
  const template = url ? `circula_template_${randomBytes(6).toString('hex')}` : null;
  await saveSnapshot(dir, url && template ? { url, template } : undefined);
  process.env[SNAPSHOT_DIR_ENV] = dir;
  if (template) process.env[TEMPLATE_DATABASE_ENV] = template;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && template) await onServer(url, `drop database if exists ${template} with (force)`);
  };
}

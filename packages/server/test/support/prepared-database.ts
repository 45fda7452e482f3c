import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config.js';
import { connect, type DbHandle } from '../../src/db/connect.js';
import { prepareDatabase } from '../../src/startup.js';

/** The settings of every test application (createTestApp), before its overrides. */
export const TEST_ENV = { DEMO_DATA: 'true', LOG_LEVEL: 'silent', WEB_DIST: '', SCHEDULER_TICK_SECONDS: '0' };

/** Where test files find this run's prepared database: set by the server project's global setup. */
export const SNAPSHOT_DIR_ENV = 'CIRCULA_TEST_SNAPSHOT_DIR';

/** The preparation's log, silenced in tests. */
export const quiet = { info: () => undefined, warn: () => undefined };

const files = (dir: string) => ({ tar: path.join(dir, 'demo-data.tar'), documents: path.join(dir, 'documents') });

/** On PostgreSQL, the name of this run's template database: set by the server project's global setup. */
export const TEMPLATE_DATABASE_ENV = 'CIRCULA_TEST_TEMPLATE_DATABASE';

/** `url` with its database name replaced. */
export const databaseUrlOf = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Runs `statements` on the server of `url` (its own database), one connection, closed after. */
export async function onServer(url: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Prepares a database as `createTestApp()` does (migrations, base and demo data) and saves what a
 * copy needs in `dir` (global-setup.ts, once per test run): the demo documents, and on the
 * embedded database its data directory. With `postgresUrl` the prepared database is a new database
 * `template` on that server, which every test application clones (CREATE DATABASE … TEMPLATE).
 */
export async function saveSnapshot(dir: string, postgres?: { url: string; template: string }): Promise<void> {
  const config = loadConfig(TEST_ENV, { dataDir: null, jwtSecret: randomBytes(32) });
  if (postgres) await onServer(postgres.url, `create database ${postgres.template}`);
  const handle = await connect({ databaseUrl: postgres ? databaseUrlOf(postgres.url, postgres.template) : null, dataDir: null });
  try {
    await prepareDatabase(handle.db, config, quiet);
    const { tar, documents } = files(dir);
    if (existsSync(config.documentsDir)) cpSync(config.documentsDir, documents, { recursive: true });
    if (!postgres) writeFileSync(tar, new Uint8Array(await (await handle.dumpDataDir!()).arrayBuffer()));
  } finally {
    await handle.close();
    rmSync(config.documentsDir, { recursive: true, force: true });
  }
}

/**
 * On PostgreSQL, a new database cloned from this run's template (well under a second, where
 * preparing one takes 10-30 s), the demo documents copied into the application's documents
 * directory. Null without a template (outside the server project's Vitest run): the caller
 * prepares a database itself.
 */
export async function clonedPostgresDatabase(url: string, config: Config): Promise<{ database: string; url: string } | null> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  const dir = process.env[SNAPSHOT_DIR_ENV];
  if (!template || !dir) return null;
  const database = `circula_t_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${database} template ${template}`);
  const { documents } = files(dir);
  if (existsSync(documents)) cpSync(documents, config.documentsDir, { recursive: true });
  return { database, url: databaseUrlOf(url, database) };
}

/**
 * A fresh embedded database prepared as `createTestApp()` prepares it: PGlite started from this
 * run's copy (a few seconds, where preparing is most of a test file's time), the demo documents
 * copied into the application's documents directory. The copy lives in a directory of this run
 * only, so it never outlives the code that made it. Null without one (outside the server
 * project's Vitest run, or on PostgreSQL): the caller prepares the database itself.
 */
export async function preparedEmbeddedDatabase(config: Config): Promise<DbHandle | null> {
  const dir = process.env[SNAPSHOT_DIR_ENV];
  if (!dir) return null;
  const { tar, documents } = files(dir);
  if (!existsSync(tar)) return null;
  const handle = await connect({ databaseUrl: null, dataDir: null, loadDataDir: new Blob([readFileSync(tar)]) });
  if (existsSync(documents)) cpSync(documents, config.documentsDir, { recursive: true });
  return handle;
}

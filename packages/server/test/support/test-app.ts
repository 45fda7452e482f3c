import { randomBytes } from 'node:crypto';
import type { Catalogue } from '@circula/model';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { connect, type Db, type DbHandle } from '../../src/db/connect.js';
import { MailService } from '../../src/domain/mail/service.js';
import { prepareDatabase } from '../../src/startup.js';
import type { HookRegistry } from '../../src/records/hooks.js';
import { clonedPostgresDatabase, onServer, preparedEmbeddedDatabase, quiet, TEST_ENV } from './prepared-database.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const DEMO_PASSWORD = 'Circula!2026';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** On PostgreSQL, the address of the application's database (a client of its own sees its locks and rows). */
  databaseUrl: string | null;
  /** The application's mail service: `await t.mail.flush()` before asserting that nothing was sent. */
  mail: MailService;
  close(): Promise<void>;
}

/**
 * A fresh application on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a database of its own on that PostgreSQL server (cloned from the run's template, dropped at
 * close), or a schema of its own when its settings change what is prepared.
 */
export interface TestAppOptions {
  catalogue?: Catalogue;
  hooks?: HookRegistry;
  /** Runs after the migrations (tables of test-only entities). */
  setup?: (db: Db) => Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig(
    TEST_ENV,
    { dataDir: null, jwtSecret: randomBytes(32), ...overrides },
  );
  // the default preparation (only demoData and adminPassword change what it writes): from this run's copy
  const preparedCopy = overrides.demoData === undefined && overrides.adminPassword === undefined;
  const cloned = TEST_DATABASE_URL && preparedCopy ? await clonedPostgresDatabase(TEST_DATABASE_URL, config) : null;
  let schema: string | null = null;
  if (TEST_DATABASE_URL && !cloned) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // test files run in parallel: two of them may race to create an extension
      for (const extension of ['pg_trgm', 'unaccent']) {
        await admin.query(`create extension if not exists ${extension} schema public`).catch(async (error: unknown) => {
          const { rowCount } = await admin.query('select 1 from pg_extension where extname = $1', [extension]);
          if (!rowCount) throw error;
        });
      }
      await admin.query(`create schema ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const copied = !TEST_DATABASE_URL && preparedCopy ? await preparedEmbeddedDatabase(config) : null;
  // closing drops the database WITH (FORCE): a connection still ending then gets 57P01, which is expected
  let closing = false;
  const onIdleError = (error: Error) => {
    if (!closing) throw error;
  };
  let handle: DbHandle;
  if (copied) {
    handle = copied;
  } else if (cloned) {
    handle = await connect({ databaseUrl: cloned.url, dataDir: null, poolSize: config.databasePoolSize, onIdleError });
  } else {
    handle = await connect({
      databaseUrl: TEST_DATABASE_URL,
      dataDir: null,
      poolSize: config.databasePoolSize,
      onIdleError,
      ...(schema ? { searchPath: `${schema},public` } : {}),
    });
    await prepareDatabase(handle.db, config, quiet, schema ? { schema } : {});
  }
  await options.setup?.(handle.db);
  const mail = new MailService(handle.db, config, { error: () => undefined });
  const app = await buildApp({
    config,
    db: handle.db,
    logger: false,
    mail,
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    databaseUrl: cloned?.url ?? TEST_DATABASE_URL,
    mail,
    async close() {
      closing = true;
      await app.close();
      await handle.close();
      if (cloned && TEST_DATABASE_URL) await onServer(TEST_DATABASE_URL, `drop database if exists ${cloned.database} with (force)`);
      if (schema && TEST_DATABASE_URL) await onServer(TEST_DATABASE_URL, `drop schema ${schema} cascade`);
    },
  };
}

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

export async function login(app: FastifyInstance, username: string, secret = DEMO_PASSWORD, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', ...form({ username, secret }), ...(remoteAddress ? { remoteAddress } : {}) });
}

/** Signs in and returns the user of the answer; fails the test when sign-in fails. */
export async function signIn(app: FastifyInstance, username: string, secret = DEMO_PASSWORD) {
  const res = await login(app, username, secret);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; token: string; refreshToken: string; authorities: string[]; roles: string[] };
}

export function as(app: FastifyInstance, token: string) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } });
}

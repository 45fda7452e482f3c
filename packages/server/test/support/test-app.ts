import { randomBytes } from 'node:crypto';
import type { Catalogue } from '@circula/model';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { connect, type Db } from '../../src/db/connect.js';
import { MailService } from '../../src/domain/mail/service.js';
import { prepareDatabase } from '../../src/startup.js';
import type { HookRegistry } from '../../src/records/hooks.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;
export const DEMO_PASSWORD = 'Circula!2026';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The application's mail service: `await t.mail.flush()` before asserting that nothing was sent. */
  mail: MailService;
  close(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A fresh application on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a schema of its own on that PostgreSQL server (dropped at close).
 */
export interface TestAppOptions {
  catalogue?: Catalogue;
  hooks?: HookRegistry;
  /** Runs after the migrations (tables of test-only entities). */
  setup?: (db: Db) => Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig(
    { DEMO_DATA: 'true', LOG_LEVEL: 'silent', WEB_DIST: '', SCHEDULER_TICK_SECONDS: '0' },
    { dataDir: null, jwtSecret: randomBytes(32), ...overrides },
  );
  let schema: string | null = null;
  if (TEST_DATABASE_URL) {
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
  const handle = await connect({
    databaseUrl: TEST_DATABASE_URL,
    dataDir: null,
    poolSize: config.databasePoolSize,
    ...(schema ? { searchPath: `${schema},public` } : {}),
  });
  await prepareDatabase(handle.db, config, quiet, schema ? { schema } : {});
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
    mail,
    async close() {
      await app.close();
      await handle.close();
      if (schema && TEST_DATABASE_URL) {
        const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`).finally(() => admin.end());
      }
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

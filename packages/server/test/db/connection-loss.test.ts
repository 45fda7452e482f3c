import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../src/db/connect.js';
import { TEST_DATABASE_URL } from '../support/test-app.js';

/** A pooled connection that PostgreSQL ends while idle (a restart, an administrator, a proxy). */
describe.runIf(TEST_DATABASE_URL)('an idle connection lost on PostgreSQL', () => {
  let handle: DbHandle;
  const lost: Error[] = [];

  beforeAll(async () => {
    handle = await connect({ databaseUrl: TEST_DATABASE_URL, dataDir: null, poolSize: 1, onIdleError: (error) => lost.push(error) });
  });
  afterAll(() => handle.close());

  it('is reported, dropped from the pool, and the next query gets a new one', async () => {
    const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;
    const first = await pid();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
    await admin.connect();
    try {
      expect((await admin.query('select pg_terminate_backend($1) as done', [first])).rows[0].done).toBe(true);
    } finally {
      await admin.end();
    }
    await expect.poll(() => lost.length).toBe(1);
    expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
    const second = await pid();
    expect(second).not.toBe(first);
  });
});

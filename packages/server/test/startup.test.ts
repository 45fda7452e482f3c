import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { prepareDatabase } from '../src/startup.js';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from './support/test-app.js';

const TABLES = ['users', 'groups', 'group_authorities', 'authorities', 'sys_registry', 'lookup_table', 'table_value', 'record_history'];

describe('start-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const { rows } = await sql<{ c: number }>`select count(*)::int as c from ${sql.table(table)}`.execute(t.db);
      counts[table] = rows[0]!.c;
    }
    const { rows } = await sql<{ h: string }>`select md5(string_agg(username || password_hash, ',' order by id)) as h from users`.execute(t.db);
    return { counts, users: rows[0]!.h };
  };

  it('changes nothing on a second start: no migration, no duplicate base, lookup or demo data', async () => {
    const before = await snapshot();
    const schema = TEST_DATABASE_URL ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s : undefined;
    expect(await migrateToLatest(t.db, schema)).toEqual([]);
    await prepareDatabase(t.db, t.config, { info: () => undefined, warn: () => undefined }, schema ? { schema } : {});
    expect(await snapshot()).toEqual(before);
    expect(before.counts.users).toBe(9);
    expect(before.counts.table_value).toBeGreaterThan(1000);
  });
});

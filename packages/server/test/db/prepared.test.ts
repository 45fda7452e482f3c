import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db, type DbHandle } from '../../src/db/connect.js';
import { prepareStatement, statementName } from '../../src/db/prepared.js';
import { as, createTestApp, signIn, TEST_DATABASE_URL, type TestApp } from '../support/test-app.js';

/** Named prepared statements exist on a PostgreSQL server only (PGlite runs in the process). */
describe.runIf(TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  const prepared = async (db: Db) => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

  describe('the pool client', () => {
    let handle: DbHandle;
    // one connection: every query below runs on the session whose statements are listed
    beforeAll(async () => {
      handle = await connect({ databaseUrl: TEST_DATABASE_URL, dataDir: null, poolSize: 1 });
    });
    afterAll(() => handle.close());

    it('prepares a registered text once and then only binds it', async () => {
      const text = 'select $1::int + 40 as answer /* prepared.test */';
      prepareStatement(text);
      for (const n of [2, 3]) {
        const { rows } = await handle.db.executeQuery<{ answer: number }>(CompiledQuery.raw(text, [n]));
        expect(rows).toEqual([{ answer: n + 40 }]);
      }
      const mine = (await prepared(handle.db)).filter((s) => s.statement === text);
      expect(mine.map((s) => s.name)).toEqual([statementName(text)]);
    });

    it('sends any other text unnamed', async () => {
      const text = 'select $1::int * 2 as twice /* prepared.test, not registered */';
      expect((await handle.db.executeQuery<{ twice: number }>(CompiledQuery.raw(text, [21]))).rows).toEqual([{ twice: 42 }]);
      expect(statementName(text)).toBeUndefined();
      expect((await prepared(handle.db)).some((s) => s.statement === text)).toBe(false);
    });
  });

  describe('get by id through the engine', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ databasePoolSize: 1 });
    });
    afterAll(() => t.close());

    it('runs as a named statement and answers the same each time', async () => {
      const admin = as(t.app, (await signIn(t.app, 'admin')).token);
      const list = await admin({ method: 'GET', url: '/api/conf/table-values?size=1' });
      const id = (list.json() as { data: { items: { id: number }[] } }).data.items[0]!.id;
      const first = await admin({ method: 'GET', url: `/api/conf/table-values/${id}` });
      const second = await admin({ method: 'GET', url: `/api/conf/table-values/${id}` });
      expect(first.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      const statements = (await prepared(t.db)).filter((s) => /from "table_value" where id = \$\d/.test(s.statement));
      expect(statements).toHaveLength(1);
      expect(statements[0]!.name).toMatch(/^circula_\d+$/);
    });
  });
});

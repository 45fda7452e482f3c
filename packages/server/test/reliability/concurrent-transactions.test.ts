import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app.js';

/**
 * PGlite is one backend session. Without the driver's serialisation two requests would run their
 * statements inside each other's BEGIN…COMMIT, and one request's rollback would undo the others.
 */
describe('concurrent transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: { perUsername: 100, perUsernameAnyAddress: 100, perAddress: 100, windowSeconds: 900 } });
    await sql`create table tx_probe (tx integer not null, step integer not null)`.execute(t.db);
    await sql`create table tx_counter (id integer primary key, n integer not null)`.execute(t.db);
    await sql`insert into tx_counter values (1, 0)`.execute(t.db);
  });
  afterAll(() => t.close());

  it('50 parallel transactions neither see nor undo each other', async () => {
    const seenByTx = new Map<number, number>();
    const run = (tx: number) =>
      t.db.transaction().execute(async (trx) => {
        await sql`insert into tx_probe values (${tx}, 1)`.execute(trx);
        await sleep(Math.random() * 5);
        // read-modify-write: lost updates would show in the final count
        const { rows } = await sql<{ n: number }>`select n from tx_counter where id = 1 for update`.execute(trx);
        await sleep(Math.random() * 5);
        await sql`update tx_counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
        await sql`insert into tx_probe values (${tx}, 2)`.execute(trx);
        const mine = await sql<{ c: number }>`select count(*)::int as c from tx_probe where tx = ${tx}`.execute(trx);
        seenByTx.set(tx, mine.rows[0]!.c);
        if (tx % 10 === 0) throw new Error(`rollback ${tx}`);
      });

    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => run(i + 1)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    expect(failed).toBe(5);

    const counter = await sql<{ n: number }>`select n from tx_counter where id = 1`.execute(t.db);
    expect(counter.rows[0]!.n).toBe(45);
    const rows = await sql<{ tx: number; c: number }>`select tx, count(*)::int as c from tx_probe group by tx order by tx`.execute(t.db);
    const committed = Array.from({ length: 50 }, (_, i) => i + 1).filter((tx) => tx % 10 !== 0);
    expect(rows.rows.map((r) => r.tx)).toEqual(committed);
    expect(rows.rows.every((r) => r.c === 2)).toBe(true);
    // inside its transaction each one saw exactly its own two rows
    expect([...seenByTx.values()].every((c) => c === 2)).toBe(true);
  });

  it('50 parallel HTTP refreshes of one token: exactly one rotates it, the others (the same race) get an access token and no chain of their own', async () => {
    const user = await signIn(t.app, 'operator');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(50);
    expect(responses.filter((r) => r.json().data.refreshToken !== null)).toHaveLength(1);
    const session = await t.db.selectFrom('sessions').select(['revoked_at']).where('user_id', '=', user.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.revoked_at).toBeNull();
    const tokens = await t.db.selectFrom('refresh_tokens as rt').innerJoin('sessions as s', 's.id', 'rt.session_id').select('rt.token_hash').where('s.user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(2); // the original, spent, and the single rotation
  });

  // every attempt counts until its password is checked: this test of sessions raises the limit of one user from one address
  it('50 parallel sign-ins each get a complete session of their own', async () => {
    const before = await t.db.selectFrom('sessions').select(sql<number>`count(*)::int`.as('c')).executeTakeFirstOrThrow();
    const users = await Promise.all(Array.from({ length: 50 }, () => signIn(t.app, 'manager')));
    expect(new Set(users.map((u) => u.refreshToken)).size).toBe(50);
    const after = await t.db.selectFrom('sessions').select(sql<number>`count(*)::int`.as('c')).executeTakeFirstOrThrow();
    expect(after.c - before.c).toBe(50);
    const orphan = await sql<{ c: number }>`select count(*)::int as c from sessions s where not exists (select 1 from refresh_tokens r where r.session_id = s.id)`.execute(t.db);
    expect(orphan.rows[0]!.c).toBe(0);
  });
});

import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/auth/login-throttle.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { createTestApp, DEMO_PASSWORD, login, TEST_DATABASE_URL, type TestApp } from '../support/test-app.js';

const PER_ADDRESS = 10;
/** The advisory lock of one address, as auth/login-throttle.ts takes it. */
const LOCK_SPACE = 0x4c47;

/**
 * Many people signing in from one address (an office behind one NAT): correct sign-ins in flight
 * are no failures, a burst of wrong guesses is still held to the limit, and the burst does not
 * take the database away from everyone else.
 */
describe('sign-in throttle behind one address', () => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: { perUsername: 3, perUsernameAnyAddress: 50, perAddress: PER_ADDRESS, windowSeconds: 600 } });
    passwordHash = await hashPassword(DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  /** Users whose password is DEMO_PASSWORD, hashed once (argon2 is slow on purpose). */
  async function createUsers(prefix: string, count: number): Promise<string[]> {
    const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    await t.db
      .insertInto('users')
      .values(names.map((username) => ({ username, email: `${username}@circula.example`, first_name: 'Office', last_name: username, lang: 'it', password_hash: passwordHash, must_initialize: false, subject_id: null, last_login_at: null })))
      .execute();
    return names;
  }

  const signInAll = (names: string[], address: string, secret = DEMO_PASSWORD) => Promise.all(names.map((name) => login(t.app, name, secret, address)));
  const statusesOf = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  async function passwordsChecked(address: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from monitor_security_event where type = 'SIGN_IN_FAILED' and address = ${address}`.execute(t.db);
    return rows[0]!.n;
  }

  it('lets 60 users sign in at once from one address whose limit is 10 failures', async () => {
    const names = await createUsers('office', 60);
    const statuses = statusesOf(await signInAll(names, '10.50.0.1'));
    expect(statuses).toEqual(names.map(() => 200));
    // nothing is left counted against the address, nothing kept in this process
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from login_failures where address = '10.50.0.1'`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    expect(new LoginThrottle(t.db, t.config.loginRateLimit).idle).toBe(true);
  });

  it('does not count correct sign-ins in flight against wrong guesses below the limit', async () => {
    const names = await createUsers('mixed', 30);
    const typos = Array.from({ length: PER_ADDRESS - 1 }, (_, i) => `typo${i}`);
    const [right, wrong] = await Promise.all([signInAll(names, '10.53.0.1'), signInAll(typos, '10.53.0.1', 'wrong')]);
    expect(statusesOf(right)).toEqual(names.map(() => 200));
    expect(statusesOf(wrong)).toEqual(typos.map(() => 401));
  });

  it('checks no more wrong guesses from one address than its limit, however parallel, then answers 429', async () => {
    const address = '10.51.0.1';
    const guesses = Array.from({ length: 40 }, (_, i) => `guess${i}`);
    const statuses = statusesOf(await signInAll(guesses, address, 'wrong'));
    // the documented bound: no more than the limit checked (one 401 and one SIGN_IN_FAILED per password checked)
    expect(count(statuses, 401)).toBe(PER_ADDRESS);
    expect(await passwordsChecked(address)).toBe(PER_ADDRESS);
    expect(count(statuses, 429)).toBe(guesses.length - PER_ADDRESS);
    // the address is refused, even with a right password; another address is not
    const [manager] = await createUsers('after-burst', 1);
    expect((await login(t.app, manager!, DEMO_PASSWORD, address)).statusCode).toBe(429);
    expect((await login(t.app, manager!, DEMO_PASSWORD, '10.51.0.2')).statusCode).toBe(200);
  });

  it('holds a burst mixing right and wrong passwords to the limit of wrong ones checked', async () => {
    const address = '10.54.0.1';
    const names = await createUsers('burst', 20);
    const guesses = Array.from({ length: 30 }, (_, i) => `burst-guess${i}`);
    const [right, wrong] = await Promise.all([signInAll(names, address), signInAll(guesses, address, 'wrong')]);
    expect(count(statusesOf(wrong), 401)).toBeLessThanOrEqual(PER_ADDRESS);
    expect(await passwordsChecked(address)).toBeLessThanOrEqual(PER_ADDRESS);
    expect([...statusesOf(right), ...statusesOf(wrong)].every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
  });

  it('holds a parallel burst on one name to the per-name limit of one address', async () => {
    const [name] = await createUsers('target', 1);
    const statuses = statusesOf(await Promise.all(Array.from({ length: 20 }, () => login(t.app, name!, 'wrong', '10.55.0.1'))));
    expect(count(statuses, 401)).toBe(3);
    expect(count(statuses, 429)).toBe(17);
  });

  /**
   * Another process (WORKERS) is checking an attempt of the address and holds its lock: the
   * attempts of this process queue in memory behind one that waits on the lock, and the pool keeps
   * connections for everyone else. Before, each attempt held a connection while waiting, and a
   * burst larger than the pool stopped the application. PostgreSQL only: the embedded database is
   * one session handed out in turn, where an advisory lock never makes anyone wait.
   */
  it.runIf(TEST_DATABASE_URL)('keeps the database for other requests while a burst from one address waits on its lock', async () => {
    const address = '10.52.0.1';
    const names = await createUsers('queue', 2 * t.config.databasePoolSize);
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    let locked = true;
    const waiters = async () => {
      const { rows } = await other.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
          where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())
            and classid = $1::bigint::oid and objid = (hashtext($2)::bigint & 4294967295)::oid and objsubid = 2`,
        [LOCK_SPACE, `a:${address}`],
      );
      return rows[0]!.n;
    };
    const untilWaiters = async (n: number) => {
      while (locked && (await waiters()) < n) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    try {
      await other.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, `a:${address}`]);
      const burst = signInAll(names, address);
      await untilWaiters(1);
      // a request needing the database, against the burst filling the pool with lock waiters
      const answered = t.app.inject({ method: 'GET', url: '/api/conf/tables/tablevalue/all/LANGUAGE/APP' }).then((res) => res.statusCode);
      const poolFull = untilWaiters(t.config.databasePoolSize).then(() => 'pool full of lock waiters');
      const first = await Promise.race([answered, poolFull]);
      expect(first).toBe(200);
      // one attempt of this process waits on the lock, the others in memory
      expect(await waiters()).toBe(1);
      locked = false;
      await poolFull;
      await other.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, `a:${address}`]);
      expect(statusesOf(await burst)).toEqual(names.map(() => 200));
      expect(await answered).toBe(200);
    } finally {
      locked = false;
      await other.end();
    }
  });
});

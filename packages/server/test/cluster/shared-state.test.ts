import { availableParallelism } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseWorkers } from '../../src/config.js';
import { DatabaseRateLimitStore } from '../../src/http/per-user-rate-limit.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('WORKERS', () => {
  it('is 1 by default, a number, or one per core with auto', () => {
    expect(loadConfig({}, { dataDir: null, jwtSecret: new Uint8Array(32) }).workers).toBe(1);
    expect(parseWorkers(undefined)).toBe(1);
    expect(parseWorkers('')).toBe(1);
    expect(parseWorkers('3')).toBe(3);
    expect(parseWorkers('auto')).toBe(availableParallelism());
    expect(parseWorkers('AUTO')).toBe(availableParallelism());
    for (const bad of ['0', '-1', '1.5', 'two']) expect(() => parseWorkers(bad)).toThrow(/WORKERS/);
  });
});

/** The rate-limit counts every server process shares (http/per-user-rate-limit.ts). */
describe('the database rate-limit store', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  const incr = (store: DatabaseRateLimitStore, key: string, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs));

  it('counts parallel hits of two stores (two processes) once each, in one window', async () => {
    const a = new DatabaseRateLimitStore(t.db);
    const b = new DatabaseRateLimitStore(t.db);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => incr(i % 2 ? a : b, 'user:1maps-optimize')));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const r of results) expect(r.ttl).toBeGreaterThan(55_000);
    for (const r of results) expect(r.ttl).toBeLessThanOrEqual(60_000);
    // another key has its own count
    expect((await incr(a, 'user:2maps-optimize')).current).toBe(1);
  });

  it('never tells more time left than the window, when its transaction began before the window did', async () => {
    // a parallel process's insert of the same key, made after this transaction's now(), is the window
    const result = await t.db.transaction().execute(async (trx) => {
      await sql`select now()`.execute(trx);
      await sql`select pg_sleep(0.05)`.execute(trx);
      await sql`insert into rate_limit_counter (key, hits, reset_at) values ('user:9late', 1, clock_timestamp() + interval '60 seconds')`.execute(trx);
      return incr(new DatabaseRateLimitStore(trx), 'user:9late');
    });
    expect(result.current).toBe(2);
    expect(result.ttl).toBe(60_000);
  });

  it('starts a new window once the last one ended, and prunes ended windows', async () => {
    const store = new DatabaseRateLimitStore(t.db);
    expect((await incr(store, 'ip:10.1.1.1g', 60_000)).current).toBe(1);
    expect((await incr(store, 'ip:10.1.1.1g', 60_000)).current).toBe(2);
    await sql`update rate_limit_counter set reset_at = now() - interval '1 second' where key = 'ip:10.1.1.1g'`.execute(t.db);
    expect(await incr(store, 'ip:10.1.1.1g', 60_000)).toMatchObject({ current: 1 });
    await sql`update rate_limit_counter set reset_at = now() - interval '1 second' where key = 'user:2maps-optimize'`.execute(t.db);
    // a new store prunes at its first count
    await incr(new DatabaseRateLimitStore(t.db), 'user:3x');
    const { rows } = await sql<{ key: string }>`select key from rate_limit_counter where key = 'user:2maps-optimize'`.execute(t.db);
    expect(rows).toEqual([]);
  });

  it('keeps a route without a group apart from the others', async () => {
    const root = new DatabaseRateLimitStore(t.db);
    type ChildOptions = Parameters<DatabaseRateLimitStore['child']>[0];
    const one = root.child({ routeInfo: { method: 'POST', url: '/one' } } as unknown as ChildOptions) as DatabaseRateLimitStore;
    const two = root.child({ routeInfo: { method: 'POST', url: '/two' } } as unknown as ChildOptions) as DatabaseRateLimitStore;
    const grouped = root.child({ groupId: 'g', routeInfo: { method: 'POST', url: '/three' } } as unknown as ChildOptions) as DatabaseRateLimitStore;
    expect((await incr(one, 'user:9')).current).toBe(1);
    expect((await incr(two, 'user:9')).current).toBe(1);
    expect((await incr(one, 'user:9')).current).toBe(2);
    // a group's key already ends with its id (the plugin appends it): no route prefix
    expect((await incr(grouped, 'user:9g')).current).toBe(1);
    expect((await incr(root, 'user:9g')).current).toBe(2);
  });
});

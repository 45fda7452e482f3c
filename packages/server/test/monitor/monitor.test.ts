import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { purgeMonitor } from '../../src/monitor/queries.js';
import { withMonitorTables } from '../../src/monitor/tables.js';
import { CLIENT_ERRORS_PER_MINUTE } from '../../src/monitor/routes.js';
import { as, createTestApp, DEMO_PASSWORD, login, signIn, type TestApp } from '../support/test-app.js';

const json = { 'content-type': 'application/json' };
const clientError = (overrides: Record<string, unknown> = {}) => ({
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
  url: 'http://localhost/users',
  userAgent: 'test',
  at: new Date().toISOString(),
  ...overrides,
});

describe('monitor', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let manager: ReturnType<typeof as>;
  let operator: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t.app, (await signIn(t.app, 'admin')).token);
    manager = as(t.app, (await signIn(t.app, 'manager')).token);
    operator = as(t.app, (await signIn(t.app, 'operator')).token);
    // a demo database on a loaded 2-core machine takes close to a minute
  }, 240_000);
  afterAll(async () => t?.close());

  const securityEvents = async (type: string) =>
    ((await admin({ method: 'GET', url: `/api/monitor/security?type=${type}&size=200` })).json().data.items as { type: string; username: string | null; userId: number | null; address: string | null; detail: string | null }[]);

  it('records latency per route pattern, ids collapsed, and answers it by route with percentiles', async () => {
    const users = (await admin({ method: 'GET', url: '/api/security/users?size=5' })).json().data.items as { id: number }[];
    expect(users.length).toBeGreaterThanOrEqual(3);
    for (const user of users.slice(0, 3)) expect((await admin({ method: 'GET', url: `/api/security/users/${user.id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/security/users/999999' })).statusCode).toBe(404);

    const res = await manager({ method: 'GET', url: '/api/monitor/performance' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const route = data.routes.find((r: { route: string; method: string }) => r.route === '/api/security/users/:id' && r.method === 'GET');
    expect(route).toMatchObject({ count: 4, clientErrors: 1, serverErrors: 0, errorRate: 0 });
    expect(route.p50Ms).toBeGreaterThan(0);
    expect(route.p50Ms).toBeLessThanOrEqual(route.p95Ms);
    expect(route.p95Ms).toBeLessThanOrEqual(route.p99Ms);
    expect(route.p99Ms).toBeLessThanOrEqual(route.maxMs);
    // never a raw URL with an id
    expect(data.routes.some((r: { route: string }) => /\/\d+/.test(r.route))).toBe(false);
    expect(data.totals.count).toBeGreaterThanOrEqual(4);
    expect(data.throughput.reduce((sum: number, p: { count: number }) => sum + p.count, 0)).toBe(data.totals.count);

    // persisted: one row per minute, route and method, written by the flush
    const rows = await withMonitorTables(t.db).selectFrom('monitor_request').selectAll().where('route', '=', '/api/security/users/:id').execute();
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(4);
    expect(rows[0]!.buckets.reduce((sum, n) => sum + n, 0)).toBe(rows[0]!.count);
  });

  it('refuses the monitor to a user without MONITOR_R (403, checked by the server on every call)', async () => {
    for (const page of ['errors', 'performance', 'security', 'usability']) {
      const res = await operator({ method: 'GET', url: `/api/monitor/${page}` });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/monitor/performance' })).statusCode).toBe(401);
    expect((await manager({ method: 'GET', url: '/api/monitor/security' })).statusCode).toBe(200);
  });

  it('refuses a bad period with a translated 400', async () => {
    const bad = await admin({ method: 'GET', url: '/api/monitor/performance?from=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toBe('MONITOR_INVALID_FROM');
    const reversed = await admin({ method: 'GET', url: '/api/monitor/performance?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z' });
    expect(reversed.json().errorMessage).toBe('MONITOR_RANGE_REVERSED');
    const long = await admin({ method: 'GET', url: '/api/monitor/performance?from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z' });
    expect(long.json().errorMessage).toBe('MONITOR_RANGE_TOO_LONG');
  });

  it('keeps a 500 with its stack and request id; the client gets neither the stack nor the message', async () => {
    const mdb = withMonitorTables(t.db);
    // a real failure: the table the handler writes is gone for a moment
    await sql`alter table monitor_page_view rename to monitor_page_view_away`.execute(t.db);
    let res;
    try {
      res = await admin({ method: 'POST', url: '/api/monitor/usability', headers: json, payload: { views: [{ route: 'users', enteredAt: '2026-01-01T10:00:00Z', leftAt: '2026-01-01T10:01:00Z' }] } });
    } finally {
      await sql`alter table monitor_page_view_away rename to monitor_page_view`.execute(t.db);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errorCode: 'INTERNAL_ERROR', errorMessage: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('monitor_page_view');
    const requestId = res.headers['x-request-id'];
    expect(typeof requestId).toBe('string');

    await t.app.monitor.flush();
    const stored = await mdb.selectFrom('monitor_error').selectAll().where('request_id', '=', String(requestId)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ source: 'SERVER', route: '/api/monitor/usability', method: 'POST', status: 500 });
    expect(stored.message).toContain('monitor_page_view');
    expect(stored.stack).toContain('at ');

    // administrators see the stack, managers the error without it
    const forAdmin = (await admin({ method: 'GET', url: '/api/monitor/errors?source=SERVER' })).json().data;
    const seen = forAdmin.items.find((e: { requestId: string }) => e.requestId === requestId);
    expect(seen.stack).toContain('at ');
    expect(forAdmin.groups.some((g: { route: string }) => g.route === '/api/monitor/usability')).toBe(true);
    const forManager = (await manager({ method: 'GET', url: '/api/monitor/errors?source=SERVER' })).json().data;
    const seenByManager = forManager.items.find((e: { requestId: string }) => e.requestId === requestId);
    expect(seenByManager.message).toContain('monitor_page_view');
    expect(seenByManager).not.toHaveProperty('stack');
  });

  it('stores page views with the user id only', async () => {
    const res = await operator({
      method: 'POST',
      url: '/api/monitor/usability',
      headers: json,
      payload: { views: [{ route: 'users/:id', enteredAt: '2026-01-01T10:00:00Z', leftAt: '2026-01-01T10:00:30Z' }, { route: 'users/:id', enteredAt: '2026-01-01T10:01:00Z', leftAt: '2026-01-01T10:01:10Z' }] },
    });
    expect(res.statusCode).toBe(204);
    const data = (await admin({ method: 'GET', url: '/api/monitor/usability?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z' })).json().data;
    expect(data.pages).toEqual([{ route: 'users/:id', views: 2, users: 1, meanMs: 20_000, medianMs: 20_000 }]);
    expect(data.daily).toEqual([{ day: '2026-01-01', views: 2, users: 1 }]);
    // a URL with ids or a query is not a route pattern; a view that ends before it starts is refused
    const url = await operator({ method: 'POST', url: '/api/monitor/usability', headers: json, payload: { views: [{ route: '/users/12?tab=x', enteredAt: '2026-01-01T10:00:00Z', leftAt: '2026-01-01T10:00:30Z' }] } });
    expect(url.statusCode).toBe(400);
    const reversed = await operator({ method: 'POST', url: '/api/monitor/usability', headers: json, payload: { views: [{ route: 'users', enteredAt: '2026-01-01T10:00:30Z', leftAt: '2026-01-01T10:00:00Z' }] } });
    expect(reversed.json().errorMessage).toBe('MONITOR_INVALID_PAGE_VIEW');
    expect((await t.app.inject({ method: 'POST', url: '/api/monitor/usability', headers: json, payload: { views: [] } })).statusCode).toBe(401);
  });

  it('records security events: failed, throttled sign-ins, a 403, a revoked session, a privilege change', async () => {
    // failed
    expect((await login(t.app, 'verifier', 'wrong-password', '10.9.0.1')).statusCode).toBe(401);
    const failed = await securityEvents('SIGN_IN_FAILED');
    expect(failed).toContainEqual(expect.objectContaining({ username: 'verifier', address: '10.9.0.1' }));
    expect(failed.find((e) => e.username === 'verifier')!.userId).toEqual(expect.any(Number));
    // throttled: the per-name-and-address limit (5) reached
    for (let i = 0; i < 4; i++) await login(t.app, 'verifier', 'wrong-password', '10.9.0.1');
    expect((await login(t.app, 'verifier', DEMO_PASSWORD, '10.9.0.1')).statusCode).toBe(429);
    expect(await securityEvents('SIGN_IN_THROTTLED')).toContainEqual(expect.objectContaining({ username: 'verifier', address: '10.9.0.1' }));

    // denied: a record list the operator may not read
    const denied = await operator({ method: 'GET', url: '/api/security/groups' });
    expect(denied.statusCode).toBe(403);
    const denials = await securityEvents('ACCESS_DENIED');
    expect(denials).toContainEqual(expect.objectContaining({ username: 'operator', detail: expect.stringContaining('GET /api/security/groups') }));

    // revoked: an administrator ends the logistic user's session
    const logistic = await signIn(t.app, 'logistic');
    const sessions = (await admin({ method: 'GET', url: `/api/security/sessions?userId=${logistic.id}&active=true` })).json().data.items as { id: string }[];
    expect(sessions.length).toBeGreaterThan(0);
    expect((await admin({ method: 'PUT', url: `/api/security/sessions/${sessions[0]!.id}/revoke` })).statusCode).toBe(200);
    expect(await securityEvents('SESSION_REVOKED')).toContainEqual(expect.objectContaining({ username: 'admin', detail: `REVOKED_BY_ADMIN: session ${sessions[0]!.id}` }));

    // privilege change: the customer user gets a group (and their sessions end)
    const customer = (await admin({ method: 'GET', url: `/api/security/users?q=${encodeURIComponent(JSON.stringify({ query: 'customer' }))}` })).json().data.items[0];
    const changed = await admin({ method: 'PUT', url: `/api/security/users/${customer.id}`, headers: json, payload: { version: customer.version, groups: [...customer.groups.map((g: { code: string }) => g.code), 'OPERATORS'] } });
    expect(changed.statusCode).toBe(200);
    expect(await securityEvents('PRIVILEGE_CHANGED')).toContainEqual(expect.objectContaining({ username: 'admin', detail: expect.stringContaining('+OPERATORS') }));

    const all = (await admin({ method: 'GET', url: '/api/monitor/security' })).json().data;
    for (const type of ['SIGN_IN_FAILED', 'SIGN_IN_THROTTLED', 'ACCESS_DENIED', 'SESSION_REVOKED', 'PRIVILEGE_CHANGED']) {
      expect(all.counts.find((c: { type: string }) => c.type === type)?.count).toBeGreaterThan(0);
    }
  });

  it('validates browser error reports (400, 413) and stores them', async () => {
    const ok = await operator({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: clientError({ message: 'stored from the browser' }) });
    expect(ok.statusCode).toBe(204);
    const errors = (await admin({ method: 'GET', url: '/api/monitor/errors?source=CLIENT' })).json().data.items as { message: string; url: string; userId: number | null }[];
    expect(errors).toContainEqual(expect.objectContaining({ message: 'stored from the browser', url: 'http://localhost/users', userId: expect.any(Number) }));

    const missing = await operator({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: { stack: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('CONSTRAINT_VIOLATION');
    const badDate = await operator({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: clientError({ at: 'now' }) });
    expect(badDate.statusCode).toBe(400);
    const long = await operator({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: clientError({ message: 'x'.repeat(2001) }) });
    expect(long.statusCode).toBe(400);
    const huge = await operator({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: clientError({ stack: 'y'.repeat(40_000) }) });
    expect(huge.statusCode).toBe(413);
  });

  it('limits browser error reports per address (429), before sign-in too', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: clientError(), remoteAddress: '10.7.7.7' });
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i++) expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'TOO_MANY_REQUESTS' });
    // another address is not limited
    expect((await t.app.inject({ method: 'POST', url: '/api/monitor/client-errors', headers: json, payload: clientError(), remoteAddress: '10.7.7.8' })).statusCode).toBe(204);
  });

  it('answers /metrics in Prometheus text to loopback clients only (no METRICS_TOKEN)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of ['circula_http_request_duration_seconds_bucket', 'circula_http_requests_total', 'circula_sign_in_failures_total', 'circula_security_events_total', 'circula_process_cpu_user_seconds_total', 'circula_nodejs_heap_size_used_bytes']) {
      expect(res.body).toContain(name);
    }
    expect(res.body).toMatch(/circula_http_request_duration_seconds_count\{method="GET",route="\/api\/security\/users\/:id",status_class="2xx"\} \d+/);
    expect(res.body).toMatch(/circula_sign_in_failures_total\{reason="bad_credentials"\} [1-9]/);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    // X-Forwarded-For does not make a remote client local
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
  });
});

describe('monitor /metrics with METRICS_TOKEN, slow queries, retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: 'scrape-secret', slowQueryMs: 300, loginRateLimit: { perUsername: 5, perUsernameAnyAddress: 3, perAddress: 30, windowSeconds: 900 } });
  }, 240_000);
  afterAll(async () => t?.close());

  it('needs the bearer token, even from loopback', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer scrape-secret' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('circula_http_requests_total');
  });

  it('records queries slower than SLOW_QUERY_MS with their SQL text, never their parameters', async () => {
    await sql`select pg_sleep(${0.4}), ${'secret-parameter'}::text as p`.execute(t.db);
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const slow = (await admin({ method: 'GET', url: '/api/monitor/performance' })).json().data.slowQueries as { sql: string; maxMs: number }[];
    const sleep = slow.find((q) => q.sql.includes('pg_sleep'));
    expect(sleep).toBeDefined();
    expect(sleep!.maxMs).toBeGreaterThanOrEqual(300);
    expect(JSON.stringify(slow)).not.toContain('secret-parameter');
  });

  it('records a lockout: a name refused from every address after failures from many', async () => {
    for (const address of ['10.5.0.1', '10.5.0.2', '10.5.0.3']) expect((await login(t.app, 'owner', 'wrong-password', address)).statusCode).toBe(401);
    expect((await login(t.app, 'owner', DEMO_PASSWORD, '10.5.0.4')).statusCode).toBe(429);
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    const events = (await admin({ method: 'GET', url: '/api/monitor/security' })).json().data.items as { type: string; username: string; address: string }[];
    expect(events.filter((e) => e.username === 'owner').map((e) => [e.type, e.address])).toEqual([
      ['LOCKOUT', '10.5.0.4'],
      ['SIGN_IN_FAILED', '10.5.0.3'],
      ['SIGN_IN_FAILED', '10.5.0.2'],
      ['SIGN_IN_FAILED', '10.5.0.1'],
    ]);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(metrics.body).toMatch(/circula_sign_in_failures_total\{reason="lockout"\} [1-9]/);
  });

  it('purges what is older than the retention date (purgeMonitor)', async () => {
    const mdb = withMonitorTables(t.db);
    await mdb.insertInto('monitor_security_event').values([{ type: 'SIGN_IN_FAILED', username: 'old', at: new Date('2020-01-01T00:00:00Z') }, { type: 'SIGN_IN_FAILED', username: 'recent' }]).execute();
    await mdb.insertInto('monitor_page_view').values({ user_id: null, route: 'dashboard', entered_at: new Date('2020-01-01T00:00:00Z'), left_at: new Date('2020-01-01T00:01:00Z'), duration_ms: 60_000 }).execute();
    const deleted = await purgeMonitor(t.db, new Date('2021-01-01T00:00:00Z'));
    expect(deleted).toBe(2);
    const left = await mdb.selectFrom('monitor_security_event').select('username').where('username', 'in', ['old', 'recent']).execute();
    expect(left).toEqual([{ username: 'recent' }]);
  });
});

import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app.js';

/**
 * Every route the application publishes (its OpenAPI description lists them all, public and
 * signed-in), called with hostile path parameters, query strings and bodies, signed in as the
 * administrator and not signed in: the answer is never a 5xx. The record engine has its own,
 * deeper suite (records/hostile-input.test.ts); this one covers the rest of the surface.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
interface Route {
  method: Method;
  path: string;
  params: string[];
  query: string[];
  body: string[];
}

/** Values that broke routes before (issue 13): out-of-range dates, loose ids, NUL, lone surrogates, huge numbers. */
const NASTY = [
  '', ' ', '0', '-1', '1e3', '0x1', '+1', '1.0', '9007199254740993', '9'.repeat(40), 'NaN', 'null', 'true', '[]', '{}',
  '0000-01-01', '10000-01-01', '+275760-09-13', '2026-02-30', '2026-02-30T00:00:00Z', '\u0000', 'a\u0000b', '\ud800', 'x\udfff',
  "'; drop table users; --", '../../etc/passwd', '%00', '%', '__proto__', 'constructor', '🗑️', 'ä'.repeat(300),
];
const text = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.integer().map(String));
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, fc.integer()), { maxLength: 4 }),
  fc.object({ maxDepth: 2 }),
);

/** Only what could change who the test is signed in as is left out: the admin's own session and password. */
const SKIPPED = new Set(['POST /api/auth/logout']);

function routesOf(spec: { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper) || SKIPPED.has(`${upper} ${path}`)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      routes.push({
        method: upper,
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return routes;
}

const call = (route: Route) =>
  fc.record({
    params: fc.tuple(...route.params.map(() => fc.oneof(text, fc.nat().map(String)))),
    query: fc.dictionary(fc.oneof(fc.constantFrom(...route.query, 'q', 'page', 'size', 'sort'), fc.string({ maxLength: 8 })), text, { maxKeys: 4 }),
    body: fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom(...route.body, 'version', 'id'), fc.string({ maxLength: 8 })), value, { maxKeys: 6 }),
      fc.anything({ maxDepth: 3 }),
      fc.constantFrom('{"a":'.repeat(200) + '1' + '}'.repeat(200), 'not json', ''),
    ),
    contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'),
  });

function request(route: Route, input: { params: string[]; query: Record<string, string>; body: unknown; contentType: string }, token: string | null): InjectOptions {
  let url = route.path;
  route.params.forEach((name, i) => {
    url = url.replace(`{${name}}`, encodeURIComponent(input.params[i] ?? ''));
  });
  const query = new URLSearchParams(input.query).toString();
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const payload = typeof input.body === 'string' ? input.body : (JSON.stringify(input.body) ?? 'null');
  return {
    method: route.method,
    url: query ? `${url}?${query}` : url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(withBody ? { 'content-type': input.contentType } : {}) },
    ...(withBody ? { payload } : {}),
  };
}

describe('no 5xx from any route (property-based)', () => {
  let t: TestApp;
  let routes: Route[];
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    routes = routesOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    token = (await signIn(t.app, 'admin')).token;
  }, 60_000);
  afterAll(() => t.close());

  it('covers the whole published surface', () => {
    // a sanity floor, so that a broken route list cannot make the property pass on nothing
    expect(routes.length).toBeGreaterThan(300);
    expect(routes.some((r) => r.path === '/api/auth/login')).toBe(true);
    expect(routes.some((r) => r.path.startsWith('/api/security/users'))).toBe(true);
  });

  it('answers hostile input on every route, signed in and not, with less than 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(call(route), fc.boolean(), async (input, signedIn) => {
          const res = await t.app.inject(request(route, input, signedIn ? token : null));
          if (res.statusCode === 401 && signedIn) token = (await signIn(t.app, 'admin')).token;
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(input).slice(0, 300)}`);
          return res.statusCode < 500;
        }),
        { numRuns: 25, seed: Number(process.env.FUZZ_SEED ?? 20261124), endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

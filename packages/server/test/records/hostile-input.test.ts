import fc from 'fast-check';
import { FILTER_OPS } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';
import { createProbeTable, probe, probeCatalogue } from './probe-entity.js';

const E = '/api/test/probes';
const METACHARS = ["'", '"', '\\', '%', '_', ';', '--', '/*', '*/', '$1', '\0', '\n', '?', ':', '::', '[', ']', '{', '}', '(', ')', 'ä', '€', '🗑️', ' '];

const fieldNames = [...Object.keys(probe.fields), 'id', 'code', 'status', 'createdAt', 'search_text', 'password_hash', 'nope', '__proto__', 'constructor', "name'--"];
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-01-01', '2026-02-30', '1e309', 'NaN', '-0', '9'.repeat(40)),
  fc.object({ maxDepth: 2 }),
);
const filter = fc.record({ field: fc.constantFrom(...fieldNames), op: fc.oneof(fc.constantFrom(...FILTER_OPS), fc.string()), value: anyValue }, { requiredKeys: ['field', 'op'] });
const qValue = fc.oneof(
  fc.string(),
  fc.json(),
  fc.record({ query: fc.oneof(fc.string(), fc.stringMatching(/^[%_\\'";-]{1,10}$/)), filters: fc.array(filter, { maxLength: 4 }), sort: fc.array(fc.record({ field: fc.constantFrom(...fieldNames), dir: fc.oneof(fc.constantFrom('asc', 'desc'), fc.string()) }), { maxLength: 3 }) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
);

describe('hostile input (property-based)', () => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  let existing: { id: number; version: number };

  const counts = async () => {
    const { rows } = await sql<{ records: number; history: number }>`
      select (select count(*)::int from probe) as records, (select count(*)::int from record_history) as history`.execute(t.db);
    return rows[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { catalogue: probeCatalogue, setup: createProbeTable });
    call = as(t.app, (await signIn(t.app, 'operator')).token);
    const res = await call({ method: 'POST', url: E, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Esistente' }) });
    existing = res.json().data;
  });
  afterAll(() => t.close());

  it('never answers a search with a 5xx, whatever q, sort, page and size say', async () => {
    await fc.assert(
      fc.asyncProperty(qValue, fc.option(fc.string()), fc.option(fc.oneof(fc.integer(), fc.string())), async (q, sort, size) => {
        const params = new URLSearchParams({ q });
        if (sort !== null) params.set('sort', sort);
        if (size !== null) params.set('size', String(size));
        const res = await call({ method: 'GET', url: `${E}?${params}` });
        expect([200, 400], `${res.statusCode} ${res.body} for ${params}`).toContain(res.statusCode);
      }),
      { numRuns: 300 },
    );
  });

  it('never answers a write with a 5xx, and a refused write changes nothing', async () => {
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fieldNames, 'version', 'parentId', 'authWrite', 'authWriteMap'), anyValue, { maxKeys: 6 }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('POST', 'PUT'), async (payload, method) => {
        const before = await counts();
        const current = (await call({ method: 'GET', url: `${E}/${existing.id}` })).json().data;
        const res = await call({
          method,
          url: method === 'POST' ? E : `${E}/${existing.id}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(await counts()).toEqual(before);
          expect((await call({ method: 'GET', url: `${E}/${existing.id}` })).json().data).toEqual(current);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never answers a 5xx for hostile ids and status names in the path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.integer(), fc.constantFrom('0', '-1', '1e3', '9007199254740993', '1;drop', '%00')), fc.string(), async (id, status) => {
        for (const [method, url] of [
          ['GET', `${E}/${encodeURIComponent(String(id))}`],
          ['GET', `${E}/${encodeURIComponent(String(id))}/history`],
          ['PUT', `${E}/${encodeURIComponent(String(id))}/delete`],
          ['PUT', `${E}/${existing.id}?newStatus=${encodeURIComponent(status)}`],
        ] as const) {
          const res = await call({ method, url, ...(method === 'PUT' && url.includes('newStatus') ? { headers: { 'content-type': 'application/json' }, payload: '{"version":-1}' } : {}) });
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('stores SQL metacharacters literally and finds them with eq, contains and free text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...METACHARS), { minLength: 1, maxLength: 8 }).map((parts) => `x${parts.join('')}y`), async (name) => {
        const created = await call({ method: 'POST', url: E, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name }) });
        if (name.includes('\0')) {
          // PostgreSQL text cannot hold NUL: refused cleanly, never a 500
          expect(created.statusCode).toBeLessThan(500);
          return;
        }
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json().data.id;
        const find = async (q: unknown) => {
          const res = await call({ method: 'GET', url: `${E}?size=1000&q=${encodeURIComponent(JSON.stringify(q))}` });
          expect(res.statusCode, res.body).toBe(200);
          return (res.json().data.items as { id: number; name: string }[]).filter((i) => i.id === id);
        };
        expect(await find({ filters: [{ field: 'name', op: 'eq', value: name }] })).toEqual([expect.objectContaining({ name })]);
        expect(await find({ filters: [{ field: 'name', op: 'contains', value: name.slice(1, -1) }] })).toHaveLength(1);
        const words = name.trim().split(/\s+/);
        if (words.every((w) => w.length > 0)) expect(await find({ query: name })).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../configuration/support.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';

const SUBJECTS = '/api/subjects/subjects';

describe('HTTP hardening (issue 13)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
    admin = as(t.app, (await signIn(t.app, 'admin')).token);
    id = (await admin({ method: 'GET', url: `${SUBJECTS}?size=1` })).json().data.items[0].id;
  });
  afterAll(() => t.close());

  it('reads an id only in its canonical decimal form', async () => {
    expect((await admin({ method: 'GET', url: `${SUBJECTS}/${id}` })).statusCode).toBe(200);
    const spellings = [`0x${id.toString(16)}`, `+${id}`, `${id}.0`, `%20${id}`, `${id}%20`, `0${id}`, `${id}e0`, '1e3', '0', '-1', '9007199254740993', '١'];
    for (const spelling of spellings) {
      const res = await admin({ method: 'GET', url: `${SUBJECTS}/${spelling}` });
      expect([spelling, res.statusCode]).toEqual([spelling, 400]);
      expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
    }
    for (const url of [`${SUBJECTS}/+${id}/history`, `${SUBJECTS}/0x1/delete`]) {
      const res = await admin({ method: url.endsWith('delete') ? 'PUT' : 'GET', url });
      expect(res.statusCode).toBe(400);
    }
  });

  it('sends Strict-Transport-Security only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/environments/environment.json' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    const https = await t.app.inject({ method: 'GET', url: '/assets/environments/environment.json', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("never puts Fastify's internal codes in errorMessage", async () => {
    const cases = [
      { request: { method: 'POST' as const, url: SUBJECTS, headers: { 'content-type': 'application/json' }, payload: '{"name": ' }, status: 400, message: 'BAD_REQUEST' },
      { request: { method: 'POST' as const, url: SUBJECTS, headers: { 'content-type': 'application/x-circula' }, payload: 'x' }, status: 415, message: 'UNSUPPORTED_MEDIA_TYPE' },
      {
        request: { method: 'POST' as const, url: SUBJECTS, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) },
        status: 413,
        message: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const { request, status, message } of cases) {
      const res = await admin(request);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ errorCode: 'BAD_REQUEST', errorMessage: message });
    }
  });

  it('answers out-of-range dates in a filter or a record with 400, never a database error', async () => {
    const years = ['0000-01-01', '10000-01-01', '+275760-09-13', '-271821-04-20', '2026-02-30'];
    for (const value of years) {
      for (const field of ['adrExpiry', 'createdAt']) {
        const filter = { filters: [{ field, op: 'gte', value: field === 'createdAt' && /^\d{4}-/.test(value) ? `${value}T00:00:00Z` : value }] };
        const res = await admin({ method: 'GET', url: `/api/vehicles/vehicles?q=${q(filter)}` });
        expect([field, value, res.statusCode]).toEqual([field, value, 400]);
      }
      const write = await admin({
        method: 'POST',
        url: '/api/vehicles/vehicles',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ plate: 'AB123CD', vehicleType: 'TRUCK', adr: true, adrExpiry: value }),
      });
      expect([value, write.statusCode]).toEqual([value, 400]);
    }
  });

  it('refuses input nested too deep, NUL and lone surrogates with 400 on public and signed-in routes', async () => {
    const settings = `/api/conf/user/settings/${(await signIn(t.app, 'admin')).id}/x/`;
    const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
    const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const bodies = [
      { payload: deepArray, field: '0.0.0.0.0.0.0.0.0.0', message: 'TOO_DEEP' },
      { payload: deepObject, field: 'a.a.a.a.a.a.a.a.a.a', message: 'TOO_DEEP' },
      { payload: '{"name":"a\\u0000b"}', field: 'name', message: 'INVALID_CHARACTERS' },
      { payload: '{"name":"\\ud800x"}', field: 'name', message: 'INVALID_CHARACTERS' },
      { payload: '{"a\\udc00":"x"}', field: '', message: 'INVALID_CHARACTERS' },
    ];
    for (const url of [SUBJECTS, settings]) {
      for (const { payload, field, message } of bodies) {
        const res = await admin({ method: url === SUBJECTS ? 'POST' : 'PUT', url, headers: { 'content-type': 'application/json' }, payload });
        expect([url, payload.slice(0, 12), res.statusCode]).toEqual([url, payload.slice(0, 12), 400]);
        expect(res.json()).toEqual({ errorCode: 'CONSTRAINT_VIOLATION', errorMessage: 'CONSTRAINT_VIOLATION', errors: [{ field, message }] });
      }
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const publicCalls = [
      { method: 'POST' as const, url: '/api/auth/login', headers: form, payload: 'username=ad%00min&secret=x', field: 'username' },
      { method: 'GET' as const, url: `/api/webaccess/recover-password?u=${encodeURIComponent('a\u0000b')}`, field: 'u' },
      { method: 'GET' as const, url: '/api/webaccess/registration?u=%00', field: 'u' },
      { method: 'POST' as const, url: '/api/webaccess/recover-password-link', headers: { 'content-type': 'application/json' }, payload: '{"username":"\\ud800","lang":"it"}', field: 'username' },
    ];
    for (const { field, ...request } of publicCalls) {
      const res = await t.app.inject(request);
      expect([request.url, res.statusCode]).toEqual([request.url, 400]);
      expect(res.json().errors).toEqual([{ field, message: 'INVALID_CHARACTERS' }]);
    }
  });

  it("needs the rights of every view a record belongs to, whatever endpoint writes it", async () => {
    const operator = as(t.app, (await signIn(t.app, 'operator')).token);
    const body = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });
    // the operator reads collaborators but may not write them
    const collaborator = (await admin({ method: 'POST', url: '/api/subjects/collaborators', ...body({ name: 'Collaboratrice Prova', subjectType: 'PERSON', firstName: 'Ada', lastName: 'Prova' }) })).json().data;
    expect(collaborator?.id, 'collaborator created').toBeTypeOf('number');
    const update = await operator({ method: 'PUT', url: `${SUBJECTS}/${collaborator.id}`, ...body({ version: collaborator.version, name: 'Presa' }) });
    expect(update.statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: `${SUBJECTS}/${collaborator.id}` })).json().data).toMatchObject({ name: 'Collaboratrice Prova', version: collaborator.version });
    const before = (await admin({ method: 'GET', url: `${SUBJECTS}?q=${q({ query: 'Infiltrato' })}` })).json().data.total;
    const create = await operator({ method: 'POST', url: SUBJECTS, ...body({ name: 'Infiltrato', subjectType: 'PERSON', firstName: 'In', lastName: 'Filtrato', roles: ['COLLABORATOR'] }) });
    expect(create.statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: `${SUBJECTS}?q=${q({ query: 'Infiltrato' })}` })).json().data.total).toBe(before);
    // nor make a subject a collaborator, nor delete one
    const plain = (await operator({ method: 'POST', url: SUBJECTS, ...body({ name: 'Semplice Prova', subjectType: 'PERSON', firstName: 'Se', lastName: 'Mplice' }) })).json().data;
    expect(plain?.id, 'plain subject created by the operator').toBeTypeOf('number');
    const promote = await operator({ method: 'PUT', url: `${SUBJECTS}/${plain.id}`, ...body({ version: plain.version, roles: ['COLLABORATOR'] }) });
    expect(promote.statusCode).toBe(403);
    expect((await operator({ method: 'PUT', url: `${SUBJECTS}/${plain.id}`, ...body({ version: plain.version, roles: ['CUSTOMER'] }) })).statusCode).toBe(200);
  });
});

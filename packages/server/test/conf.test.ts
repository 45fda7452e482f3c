import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PASSWORD_RULE_KEY } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signIn, type TestApp } from './support/test-app.js';

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });

describe('configuration services', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'circula-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Circula</title><div id="root"></div>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    t = await createTestApp({ webDist });
  });
  afterAll(() => t.close());

  it('serves the runtime settings without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/environments/environment.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ apiBaseUrl: '', loginPath: '/login', loggedInPath: '/dashboard', defaultLanguage: 'it', signUpEnabled: false, passwordRuleKey: PASSWORD_RULE_KEY });
  });

  it('serves the password rule before sign-in, with its translated message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/conf/sysregistry?keyEquals=${PASSWORD_RULE_KEY}` });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data.items;
    expect(entry.key).toBe(PASSWORD_RULE_KEY);
    expect(new RegExp(entry.theValue).test('Circula!2026')).toBe(true);
    expect(new RegExp(entry.theValue).test('circula2026')).toBe(false);
    expect(entry.translation.it).toMatch(/password/i);
    expect(entry.translation.en).toMatch(/password/i);
  });

  it('keeps the other registry keys for signed-in readers with SYSREGISTRY_R', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/conf/sysregistry?keyEquals=PASSWORD_MAX_AGE_DAYS' })).statusCode).toBe(401);
    const operator = await signIn(t.app, 'operator');
    expect((await as(t.app, operator.token)({ method: 'GET', url: '/api/conf/sysregistry?keyEquals=PASSWORD_MAX_AGE_DAYS' })).statusCode).toBe(403);
    const admin = await signIn(t.app, 'admin');
    const res = await as(t.app, admin.token)({ method: 'GET', url: '/api/conf/sysregistry' });
    expect(res.json().data.items.map((i: { key: string }) => i.key)).toEqual(expect.arrayContaining(['PASSWORD_MAX_AGE_DAYS', PASSWORD_RULE_KEY]));
  });

  describe('user settings', () => {
    it('stores and reads back JSON preferences of one user', async () => {
      const user = await signIn(t.app, 'operator');
      const call = as(t.app, user.token);
      const value = { order: ['subjects', 'waste'], visibility: { subjects: true, waste: false } };
      const put = await call({ method: 'PUT', url: `/api/conf/user/settings/${user.id}/globalSearch/`, payload: value });
      expect(put.statusCode).toBe(200);
      await call({ method: 'PUT', url: `/api/conf/user/settings/${user.id}/profileTab/`, ...json(2) });
      const res = await call({ method: 'GET', url: `/api/conf/user/settings/findByUserId/${user.id}` });
      expect(res.json().data.preferences).toEqual({ globalSearch: value, profileTab: 2 });
    });

    it("refuses to read or write another user's preferences", async () => {
      const user = await signIn(t.app, 'operator');
      const other = await signIn(t.app, 'customer');
      const call = as(t.app, user.token);
      expect((await call({ method: 'GET', url: `/api/conf/user/settings/findByUserId/${other.id}` })).statusCode).toBe(403);
      expect((await call({ method: 'PUT', url: `/api/conf/user/settings/${other.id}/x/`, ...json(1) })).statusCode).toBe(403);
    });

    it("lets an administrator manage anybody's preferences, and answers 404 for a missing user", async () => {
      const admin = await signIn(t.app, 'admin');
      const other = await signIn(t.app, 'customer');
      const call = as(t.app, admin.token);
      expect((await call({ method: 'PUT', url: `/api/conf/user/settings/${other.id}/lang/`, payload: { lang: 'en' } })).statusCode).toBe(200);
      expect((await call({ method: 'PUT', url: '/api/conf/user/settings/999999/lang/', payload: { lang: 'en' } })).statusCode).toBe(404);
    });

    it('rejects a malformed key with a 400 and writes nothing', async () => {
      const user = await signIn(t.app, 'operator');
      const res = await as(t.app, user.token)({ method: 'PUT', url: `/api/conf/user/settings/${user.id}/bad%20key!/`, ...json(1) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
      const rows = await t.db.selectFrom('user_settings').select('key').where('user_id', '=', user.id).execute();
      expect(rows.map((r) => r.key)).not.toContain('bad key!');
    });
  });

  describe('GET /api/entityconf/visible', () => {
    const routesOf = async (username: string) => {
      const user = await signIn(t.app, username);
      const res = await as(t.app, user.token)({ method: 'GET', url: '/api/entityconf/visible' });
      expect(res.statusCode).toBe(200);
      return res.json().data as { route: string; canCreate: boolean; canDelete: boolean; globalSearch: { isVisible: boolean }; type: string }[];
    };

    it('lists every area for the administrator', async () => {
      const routes = (await routesOf('admin')).map((e) => e.route);
      expect(routes).toEqual(expect.arrayContaining(['dashboard', 'rdr', 'users', 'groups', 'sysregistry', 'monitor-errors']));
    });

    it('lists only what an owner may read', async () => {
      const confs = await routesOf('owner');
      const routes = confs.map((e) => e.route);
      expect(routes).toEqual(expect.arrayContaining(['dashboard', 'rdr', 'requester', 'warehouses-pdp']));
      expect(routes).not.toContain('users');
      expect(routes).not.toContain('groups');
      // owners read the transport documents of their loads (they sign their FIRs as producers), never change a transport
      const firs = confs.find((e) => e.route === 'transaction-documents')!;
      expect([firs.canCreate, firs.canDelete]).toEqual([false, false]);
      expect(confs.find((e) => e.route === 'transport')!.canCreate).toBe(false);
      // owners file pickup requests (RDR_W), never delete them; transport requests they only read
      const rdr = confs.find((e) => e.route === 'rdr')!;
      expect(rdr.canCreate).toBe(true);
      expect(rdr.canDelete).toBe(false);
      expect(confs.find((e) => e.route === 'rdt')!.canCreate).toBe(false);
      const pdp = confs.find((e) => e.route === 'warehouses-pdp')!;
      expect(pdp.canCreate).toBe(true);
      expect(pdp.canDelete).toBe(false);
    });

    it('keeps admin-only areas from managers', async () => {
      const routes = (await routesOf('manager')).map((e) => e.route);
      expect(routes).toContain('users');
      expect(routes).not.toContain('groups');
      expect(routes).not.toContain('sysregistry');
    });

    it('offers only configuration-type areas to the global search', async () => {
      const confs = await routesOf('admin');
      expect(confs.filter((e) => e.globalSearch.isVisible).every((e) => e.type === 'configuration')).toBe(true);
    });
  });

  describe('web app and headers', () => {
    it('serves index.html for client-side routes and a JSON 404 for unknown API paths', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/rdr/12/edit' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<div id="root">');
      const admin = await signIn(t.app, 'admin');
      const missing = await as(t.app, admin.token)({ method: 'GET', url: '/api/nothing-here' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ errorCode: 'NOT_FOUND', errorMessage: 'NOT_FOUND' });
    });

    it('caches hashed assets for a year and index.html never', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const index = await t.app.inject({ method: 'GET', url: '/' });
      expect(index.headers['cache-control']).toBe('no-cache');
    });

    it('sends the security headers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/login' });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // plain HTTP: no Strict-Transport-Security (RFC 6797 §7.2)
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('answers a malformed JSON body with a 400 envelope, never a stack trace', async () => {
      const admin = await signIn(t.app, 'admin');
      const res = await as(t.app, admin.token)({
        method: 'PUT',
        url: `/api/conf/user/settings/${admin.id}/x/`,
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('BAD_REQUEST');
      expect(res.body).not.toContain('at ');
    });

    it('publishes the OpenAPI description of the contract', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/refresh', '/api/entityconf/visible']));
    });

    it('shows the answers of the shapes the web shares with the server (packages/model/src/api)', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const data = (path: string, method = 'get') => doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
      expect(data('/api/mail/outbox').properties.items.items.required).toEqual(expect.arrayContaining(['to', 'subject', 'template', 'status', 'sentAt']));
      expect(data('/api/privacy/agreements').items.properties.agreement.required).toEqual(expect.arrayContaining(['mandatory', 'title', 'attachments']));
      expect(data('/api/bu/unit/{id}').required).toEqual(expect.arrayContaining(['id', 'subject', 'subjectName']));
      expect(data('/api/subjects/subjects/{id}/history').properties.items.items.required).toEqual(['version', 'at', 'by', 'action', 'changes']);
      expect(data('/api/entityconf/visible').items.required).toEqual(expect.arrayContaining(['route', 'endpoint', 'canCreate', 'statuses', 'menu', 'fields']));
      expect(data('/api/webaccess/registration').required).toEqual(['email', 'uuid', 'type']);
      expect(data('/api/webaccess/registration', 'post').properties).toHaveProperty('token');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../support/test-app.js';
import { caller, expectViolation, refreshStatus, STRONG_PASSWORD, uniqueName, whoamiStatus, type Call } from './support.js';

const USERS = '/api/security/users';

describe('security API: force password change and own language', () => {
  let t: TestApp;
  let admin: Call;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await caller(t.app, 'admin');
    admin = signedIn.call;
    adminId = signedIn.user.id;
  });
  afterAll(() => t.close());

  const createUser = async (groups = ['OPERATORS']) => {
    const username = uniqueName('fp');
    const res = await admin({
      method: 'POST',
      url: USERS,
      payload: { username, email: `${username}@example.org`, firstName: 'Fo', lastName: 'Rced', groups, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; username: string; version: number };
  };

  describe('PUT /api/security/users/:id/force-password-change', () => {
    it('expires the password, ends every session and bumps the version; the password still works for change-password', async () => {
      const user = await createUser();
      const session = await caller(t.app, user.username, STRONG_PASSWORD);
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}/force-password-change`, payload: { version: user.version } });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ id: user.id, passwordTemporary: true, version: user.version + 1 });
      expect(data).not.toHaveProperty('temporaryPassword');
      expect(await whoamiStatus(t.app, session.user.token)).toBe(401);
      expect(await refreshStatus(t.app, session.user.refreshToken)).toBe(401);
      const next = await login(t.app, user.username, STRONG_PASSWORD);
      expect(next.statusCode).toBe(403);
      expect(next.json().reason).toBe('JPPasswordExpiredException');
    });

    it('answers 409 for a stale version and changes nothing', async () => {
      const user = await createUser();
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}/force-password-change`, payload: { version: user.version + 3 } });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('CONFLICT');
      expect((await login(t.app, user.username, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('validates the body and the id; 404 for an unknown user', async () => {
      const user = await createUser();
      expectViolation(await admin({ method: 'PUT', url: `${USERS}/${user.id}/force-password-change`, payload: {} }), { version: expect.any(String) });
      expect((await admin({ method: 'PUT', url: `${USERS}/abc/force-password-change`, payload: { version: 0 } })).statusCode).toBe(400);
      expect((await admin({ method: 'PUT', url: `${USERS}/999999/force-password-change`, payload: { version: 0 } })).statusCode).toBe(404);
    });

    it('a manager may force operators but not an administrator; an operator may force nobody', async () => {
      const { call: manager } = await caller(t.app, 'manager');
      const user = await createUser();
      expect((await manager({ method: 'PUT', url: `${USERS}/${user.id}/force-password-change`, payload: { version: user.version } })).statusCode).toBe(200);
      const adminVersion = (await admin({ method: 'GET', url: `${USERS}/${adminId}` })).json().data.version as number;
      const denied = await manager({ method: 'PUT', url: `${USERS}/${adminId}/force-password-change`, payload: { version: adminVersion } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().errorMessage).toBe('CANT_MANAGE_PRIVILEGED_USER');
      const { call: operator } = await caller(t.app, 'operator');
      const other = await createUser();
      expect((await operator({ method: 'PUT', url: `${USERS}/${other.id}/force-password-change`, payload: { version: other.version } })).statusCode).toBe(403);
      expect((await login(t.app, other.username, STRONG_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('GET /api/security/users/assignable-groups', () => {
    it('answers every group to an administrator, only groups within their rights to a manager, 403 to an operator', async () => {
      const all = await admin({ method: 'GET', url: `${USERS}/assignable-groups` });
      expect(all.statusCode).toBe(200);
      const adminCodes = (all.json().data.items as { code: string }[]).map((g) => g.code);
      expect(adminCodes).toEqual(expect.arrayContaining(['ADMINISTRATORS', 'MANAGERS', 'OPERATORS']));
      expect(adminCodes).toEqual([...adminCodes].sort());
      const { call: manager } = await caller(t.app, 'manager');
      const mine = await manager({ method: 'GET', url: `${USERS}/assignable-groups` });
      expect(mine.statusCode).toBe(200);
      const managerCodes = (mine.json().data.items as { code: string; name: string }[]).map((g) => g.code);
      expect(managerCodes).toEqual(expect.arrayContaining(['MANAGERS', 'OPERATORS']));
      expect(managerCodes).not.toContain('ADMINISTRATORS');
      // what the picker offers the server accepts
      const username = uniqueName('ag');
      const created = await manager({
        method: 'POST',
        url: USERS,
        payload: { username, email: `${username}@example.org`, firstName: 'A', lastName: 'G', groups: managerCodes, password: STRONG_PASSWORD },
      });
      expect(created.statusCode).toBe(201);
      const { call: operator } = await caller(t.app, 'operator');
      expect((await operator({ method: 'GET', url: `${USERS}/assignable-groups` })).statusCode).toBe(403);
    });
  });

  describe('PUT /api/auth/language', () => {
    it('saves the caller’s own language, which whoami and the next sign-in answer', async () => {
      const user = await createUser();
      const { call } = await caller(t.app, user.username, STRONG_PASSWORD);
      const res = await call({ method: 'PUT', url: '/api/auth/language', payload: { lang: 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ lang: 'en' });
      expect((await call({ method: 'GET', url: '/api/auth/whoami' })).json().data.lang).toBe('en');
      expect((await login(t.app, user.username, STRONG_PASSWORD)).json().data.lang).toBe('en');
      expect((await admin({ method: 'GET', url: `${USERS}/${user.id}` })).json().data).toMatchObject({ lang: 'en', version: user.version + 1 });
    });

    it('refuses a language the application does not speak, and answers 401 without a bearer', async () => {
      const user = await createUser();
      const { call } = await caller(t.app, user.username, STRONG_PASSWORD);
      for (const lang of ['xx', 'EN', '', 3]) {
        expectViolation(await call({ method: 'PUT', url: '/api/auth/language', payload: { lang } }), { lang: expect.any(String) });
      }
      expect((await call({ method: 'GET', url: '/api/auth/whoami' })).json().data.lang).toBe('it');
      expect((await t.app.inject({ method: 'PUT', url: '/api/auth/language', payload: { lang: 'en' } })).statusCode).toBe(401);
    });
  });
});

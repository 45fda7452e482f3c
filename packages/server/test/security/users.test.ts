import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO_PASSWORD, form, login, type TestApp } from '../support/test-app.js';
import { caller, expectViolation, refreshStatus, STRONG_PASSWORD, uniqueName, whoamiStatus, type Call } from './support.js';

const USERS = '/api/security/users';

describe('security API: users', () => {
  let t: TestApp;
  let admin: Call;
  let adminId: number;
  let adminVersion: () => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await caller(t.app, 'admin');
    admin = signedIn.call;
    adminId = signedIn.user.id;
    adminVersion = async () => (await admin({ method: 'GET', url: `${USERS}/${adminId}` })).json().data.version;
  });
  afterAll(() => t.close());

  const create = (call: Call, payload: Record<string, unknown>) => call({ method: 'POST', url: USERS, payload });
  const newUser = (overrides: Record<string, unknown> = {}) => {
    const username = uniqueName('user');
    return { username, email: `${username}@example.org`, firstName: 'Anna', lastName: 'Test', lang: 'it', groups: ['OPERATORS'], ...overrides };
  };
  /** Creates an operator with a known password; returns its id and current version. */
  const createOperator = async (overrides: Record<string, unknown> = {}) => {
    const res = await create(admin, newUser({ password: STRONG_PASSWORD, ...overrides }));
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; username: string; version: number };
  };

  describe('POST (create)', () => {
    it('without a password: a temporary expired one is answered once, sign-in needs change-password first', async () => {
      const payload = newUser();
      const res = await create(admin, payload);
      expect(res.statusCode).toBe(201);
      const user = res.json().data;
      expect(user).toMatchObject({
        username: payload.username,
        email: payload.email,
        firstName: 'Anna',
        lastName: 'Test',
        fullname: 'Anna Test',
        lang: 'it',
        enabled: true,
        passwordTemporary: true,
        mustInitialize: false,
        lastLoginAt: null,
        groups: [{ code: 'OPERATORS', name: 'Operatori' }],
        version: 1,
      });
      expect(user.roles).toEqual(['ACCESS_BACKOFFICE', 'ROLE_USER']);
      expect(user.authorities).toContain('RDR_W');
      expect(user).not.toHaveProperty('password_hash');
      expect(user).not.toHaveProperty('passwordHash');
      expect(user.temporaryPassword).toEqual(expect.any(String));
      expect(user.temporaryPassword.length).toBeGreaterThanOrEqual(12);

      const first = await login(t.app, payload.username, user.temporaryPassword);
      expect(first.statusCode).toBe(403);
      expect(first.json()).toMatchObject({ errorCode: 'FORBIDDEN', reason: 'JPPasswordExpiredException' });

      const change = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        ...form({ username: payload.username, oldPassword: user.temporaryPassword, newPassword: STRONG_PASSWORD }),
      });
      expect(change.statusCode).toBe(200);
      const after = await login(t.app, payload.username, STRONG_PASSWORD);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.roles).toEqual(['ACCESS_BACKOFFICE', 'ROLE_USER']);

      // the temporary password is never shown again
      const read = await admin({ method: 'GET', url: `${USERS}/${user.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).not.toHaveProperty('temporaryPassword');
      expect(read.json().data.passwordTemporary).toBe(false);
      expect(read.json().data.lastLoginAt).not.toBeNull();
    });

    it('with a password that follows the registry rule: the user signs in at once', async () => {
      const payload = newUser({ password: STRONG_PASSWORD });
      const res = await create(admin, payload);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).not.toHaveProperty('temporaryPassword');
      expect(res.json().data.passwordTemporary).toBe(false);
      expect((await login(t.app, payload.username, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a password that breaks the rule with INVALID_PASSWORD', async () => {
      const payload = newUser({ password: 'short' });
      const res = await create(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('INVALID_PASSWORD');
      expect(await t.db.selectFrom('users').select('id').where('username', '=', payload.username).executeTakeFirst()).toBeUndefined();
    });

    it('refuses a username that exists in another case', async () => {
      const res = await create(admin, newUser({ username: 'MaNaGeR' }));
      expectViolation(res, { username: 'ALREADY_EXISTS' });
    });

    it('answers one CONSTRAINT_VIOLATION entry per bad field', async () => {
      const res = await create(admin, { username: 'has space', email: 'not-an-email', lastName: 'x'.repeat(101), groups: 'OPERATORS' });
      expectViolation(res, {
        username: 'INVALID_FORMAT',
        email: 'INVALID_FORMAT',
        firstName: 'REQUIRED',
        lastName: 'TOO_LONG',
        groups: expect.any(String),
      });
    });

    it('refuses NUL and control characters as invalid input, not a server error', async () => {
      // NUL cannot be stored at all: refused for every route before validation (http/input-guard.ts)
      expectViolation(await create(admin, newUser({ firstName: 'Ann\u0000a', lastName: 'Te\u0000st' })), { firstName: 'INVALID_CHARACTERS', lastName: 'INVALID_CHARACTERS' });
      expectViolation(await create(admin, newUser({ firstName: 'Ann\u0007a', lastName: 'Te\u0007st' })), { firstName: 'INVALID_FORMAT', lastName: 'INVALID_FORMAT' });
    });

    it('refuses an unknown group', async () => {
      expectViolation(await create(admin, newUser({ groups: ['OPERATORS', 'NO_SUCH_GROUP'] })), { groups: 'UNKNOWN_GROUP' });
    });

    it('refuses a body that is not an object', async () => {
      const res = await admin({ method: 'POST', url: USERS, payload: '[1,2]', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('CONSTRAINT_VIOLATION');
    });
  });

  describe('GET (search and one)', () => {
    const search = (params: Record<string, string>) => admin({ method: 'GET', url: `${USERS}?${new URLSearchParams(params)}` });

    it('lists users in the list envelope, sorted by username by default', async () => {
      const res = await search({ size: '3' });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ page: 0, size: 3 });
      expect(data.items).toHaveLength(3);
      expect(data.total).toBeGreaterThanOrEqual(9);
      const names = data.items.map((u: { username: string }) => u.username);
      expect(names).toEqual([...names].sort());
      expect(names[0]).toBe('admin');
    });

    it('finds users by free text over username, names and email, case-insensitively', async () => {
      const byLastName = (await search({ q: JSON.stringify({ query: 'ROSSI' }) })).json().data;
      expect(byLastName.items.map((u: { username: string }) => u.username)).toEqual(['manager']);
      const byEmail = (await search({ q: JSON.stringify({ query: 'verifier@circula' }) })).json().data;
      expect(byEmail.items.map((u: { username: string }) => u.username)).toEqual(['verifier']);
      const twoWords = (await search({ q: JSON.stringify({ query: 'maria rossi' }) })).json().data;
      expect(twoWords.total).toBe(1);
    });

    it('searches as the record engine does: words at the start of a word, accents and case aside, any record filter', async () => {
      const lastName = `Nicolò${uniqueName('x').replace(/[^a-z]/gi, '')}`;
      const created = await createOperator({ lastName, firstName: 'Élodie', groups: ['LOGISTICS'] });
      const usernames = async (q: Record<string, unknown>) =>
        ((await search({ q: JSON.stringify(q), size: '100' })).json().data.items as { username: string }[]).map((u) => u.username);
      expect(await usernames({ query: 'elodie nicolo' })).toEqual([created.username]);
      // the middle of a word is not the start of one
      expect(await usernames({ query: lastName.slice(2, 8) })).not.toContain(created.username);
      // the compiler's operators on the list's columns
      expect(await usernames({ filters: [{ field: 'lastName', op: 'startsWith', value: 'nicolò' }] })).toContain(created.username);
      expect(await usernames({ filters: [{ field: 'groups', op: 'in', value: ['LOGISTICS', 'NO_SUCH_GROUP'] }] })).toContain(created.username);
      expect(await usernames({ filters: [{ field: 'groups', op: 'contains', value: 'OPERATORS' }] })).not.toContain(created.username);
      // ill-typed values and operators are 400, as on records
      expect((await search({ q: JSON.stringify({ filters: [{ field: 'enabled', op: 'startsWith', value: 'x' }] }) })).statusCode).toBe(400);
      expect((await search({ q: JSON.stringify({ filters: [{ field: 'createdAt', op: 'gt', value: 'yesterday' }] }) })).json()).toMatchObject({ errorMessage: 'INVALID_FILTER_VALUE' });
    });

    it('takes % and _ literally', async () => {
      expect((await search({ q: JSON.stringify({ query: '%' }) })).json().data.total).toBe(0);
      expect((await search({ q: JSON.stringify({ query: '_' }) })).json().data.total).toBe(0);
      expect((await search({ q: JSON.stringify({ query: '\\' }) })).json().data.total).toBe(0);
    });

    it('binds hostile text as a value', async () => {
      const res = await search({ q: JSON.stringify({ query: "'; drop table users; --" }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total).toBe(0);
      expect((await search({})).json().data.total).toBeGreaterThan(0);
    });

    it('sorts by lastName, createdAt and lastLoginAt', async () => {
      const desc = (await search({ sort: 'lastName,desc', size: '100' })).json().data.items as { lastName: string }[];
      const lastNames = desc.map((u) => u.lastName.toLowerCase());
      expect(lastNames).toEqual([...lastNames].sort().reverse());
      expect((await search({ sort: 'createdAt,asc' })).statusCode).toBe(200);
      const byLogin = (await search({ sort: 'lastLoginAt,desc', size: '1' })).json().data.items;
      expect(byLogin[0].lastLoginAt).not.toBeNull();
    });

    it('filters by group and by enabled', async () => {
      const managers = (await search({ q: JSON.stringify({ filters: [{ field: 'groups', op: 'eq', value: 'MANAGERS' }] }) })).json().data;
      expect(managers.items.map((u: { username: string }) => u.username)).toEqual(['manager']);
      const enabled = (await search({ q: JSON.stringify({ filters: [{ field: 'enabled', op: 'eq', value: true }] }) })).json().data;
      expect(enabled.total).toBeGreaterThan(0);
    });

    it('pages', async () => {
      const all = (await search({ size: '1000' })).json().data;
      const second = (await search({ size: '2', page: '1' })).json().data;
      expect(second).toMatchObject({ page: 1, size: 2, total: all.total });
      expect(second.items.map((u: { id: number }) => u.id)).toEqual(all.items.slice(2, 4).map((u: { id: number }) => u.id));
    });

    it('answers 400 for hostile or malformed parameters, never 500', async () => {
      const hostile: Record<string, string>[] = [
        { q: 'not json' },
        { q: '"just a string"' },
        { q: JSON.stringify({ query: 'a\u0000b' }) },
        { q: JSON.stringify({ query: 42 }) },
        { q: JSON.stringify({ filters: [{ field: 'password_hash', op: 'eq', value: 'x' }] }) },
        { q: JSON.stringify({ filters: [{ field: 'groups', op: 'eq', value: { $ne: 1 } }] }) },
        { sort: 'password_hash,asc' },
        { sort: 'username;drop table users' },
        { sort: 'username,sideways' },
        { size: '1001' },
        { size: '0' },
        { page: '-1' },
        { page: 'abc' },
      ];
      for (const params of hostile) {
        const res = await search(params);
        expect(res.statusCode, JSON.stringify(params)).toBe(400);
        expect(['BAD_REQUEST', 'CONSTRAINT_VIOLATION']).toContain(res.json().errorCode);
      }
    });

    it('answers one user by id; 404 for an unknown one, 400 for a malformed one', async () => {
      const res = await admin({ method: 'GET', url: `${USERS}/${adminId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: adminId, username: 'admin', groups: [{ code: 'ADMINISTRATORS' }] });
      expect(res.json().data.roles).toContain('ROLE_ADMIN');
      expect(Object.keys(res.json().data).sort()).toEqual(
        [
          'authorities', 'createdAt', 'email', 'enabled', 'firstName', 'fullname', 'groups', 'id', 'lang', 'lastLoginAt', 'lastName',
          'mustInitialize', 'passwordChangedAt', 'passwordTemporary', 'roles', 'updatedAt', 'username', 'version',
        ].sort(),
      );
      expect((await admin({ method: 'GET', url: `${USERS}/999999` })).statusCode).toBe(404);
      for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', "1'%20or%20'1'='1"]) {
        const bad = await admin({ method: 'GET', url: `${USERS}/${id}` });
        expect(bad.statusCode, id).toBe(400);
      }
    });
  });

  describe('PUT (update)', () => {
    it('changes the given fields, keeps the others, bumps the version', async () => {
      const user = await createOperator();
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { version: user.version, firstName: 'Bruna', lang: 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ firstName: 'Bruna', lastName: 'Test', lang: 'en', fullname: 'Bruna Test', version: user.version + 1 });
    });

    it('accepts the groups of its own answer sent back as objects', async () => {
      const user = await createOperator();
      const read = (await admin({ method: 'GET', url: `${USERS}/${user.id}` })).json().data;
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { ...read, lastName: 'Again' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ lastName: 'Again', groups: [{ code: 'OPERATORS' }], username: user.username });
    });

    it('answers 409 CONFLICT for a stale version', async () => {
      const user = await createOperator();
      expect((await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { version: user.version, lastName: 'One' } })).statusCode).toBe(200);
      const stale = await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { version: user.version, lastName: 'Two' } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ errorCode: 'CONFLICT', errorMessage: 'CONFLICT' });
      expect((await admin({ method: 'GET', url: `${USERS}/${user.id}` })).json().data.lastName).toBe('One');
    });

    it('requires the version and validates the fields', async () => {
      const user = await createOperator();
      expectViolation(await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { email: 'nope', enabled: 'yes' } }), {
        version: 'REQUIRED',
        email: 'INVALID_FORMAT',
        enabled: 'INVALID_TYPE',
      });
      expect((await admin({ method: 'PUT', url: `${USERS}/999999`, payload: { version: 1 } })).statusCode).toBe(404);
    });

    it('disabling a user ends all their sessions', async () => {
      const user = await createOperator();
      const session = await caller(t.app, user.username, STRONG_PASSWORD);
      expect(await whoamiStatus(t.app, session.user.token)).toBe(200);
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { version: user.version, enabled: false } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.enabled).toBe(false);
      expect(await whoamiStatus(t.app, session.user.token)).toBe(401);
      expect(await refreshStatus(t.app, session.user.refreshToken)).toBe(401);
      const row = await t.db.selectFrom('sessions').select('revoked_reason').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.revoked_reason).toBe('USER_DISABLED');
      const again = await login(t.app, user.username, STRONG_PASSWORD);
      expect(again.statusCode).toBe(403);
      expect(again.json().reason).toBe('UserDisabledException');
    });

    it('changing the groups of a user ends all their sessions; other edits do not', async () => {
      const user = await createOperator();
      const session = await caller(t.app, user.username, STRONG_PASSWORD);
      const rename = await admin({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { version: user.version, firstName: 'Carla', groups: ['OPERATORS'] } });
      expect(rename.statusCode).toBe(200);
      expect(await whoamiStatus(t.app, session.user.token)).toBe(200);
      const res = await admin({
        method: 'PUT',
        url: `${USERS}/${user.id}`,
        payload: { version: rename.json().data.version, groups: ['OPERATORS', 'LOGISTICS'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.groups.map((g: { code: string }) => g.code)).toEqual(['LOGISTICS', 'OPERATORS']);
      expect(res.json().data.roles).toContain('ROLE_LOGISTIC');
      expect(await whoamiStatus(t.app, session.user.token)).toBe(401);
      const row = await t.db.selectFrom('sessions').select('revoked_reason').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.revoked_reason).toBe('GROUPS_CHANGED');
      const back = await caller(t.app, user.username, STRONG_PASSWORD);
      expect(back.user.roles).toContain('ROLE_LOGISTIC');
    });

    it('an administrator cannot disable themself nor leave ADMINISTRATORS', async () => {
      const version = await adminVersion();
      expectViolation(await admin({ method: 'PUT', url: `${USERS}/${adminId}`, payload: { version, enabled: false } }), {
        enabled: 'CANT_DISABLE_SELF',
      });
      expectViolation(await admin({ method: 'PUT', url: `${USERS}/${adminId}`, payload: { version, groups: ['MANAGERS'] } }), {
        groups: 'CANT_LEAVE_ADMINISTRATORS',
      });
      expectViolation(await admin({ method: 'PUT', url: `${USERS}/${adminId}`, payload: { version, groups: [], enabled: false } }), {
        enabled: 'CANT_DISABLE_SELF',
        groups: 'CANT_LEAVE_ADMINISTRATORS',
      });
      // nothing changed, the session still works
      expect(await adminVersion()).toBe(version);
      expect((await admin({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
    });

    it('one administrator may disable another', async () => {
      const other = await createOperator({ groups: ['ADMINISTRATORS'] });
      const res = await admin({ method: 'PUT', url: `${USERS}/${other.id}`, payload: { version: other.version, enabled: false } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('PUT /:id/reset-password', () => {
    /**
     * The temporary password of the newest TEMPORARY_PASSWORD message to an address, as delivered (no
     * SMTP here: the outbox row's copy for its recipient; the administrator's outbox shows it masked).
     */
    const mailedPassword = async (email: string) => {
      const page = (await admin({ method: 'GET', url: `/api/mail/outbox?to=${encodeURIComponent(email)}&template=TEMPORARY_PASSWORD` })).json().data;
      const { rows } = await sql<{ secret_text: string }>`
        select secret_text from mail_outbox where to_address = ${email} and template = 'TEMPORARY_PASSWORD' order by id desc limit 1`.execute(t.db);
      const text = rows[0]?.secret_text;
      const password = text ? /:\n(\S+)\n/.exec(text.replace(/\r\n/g, '\n'))?.[1] : undefined;
      if (password) expect(page.items[0]?.text).not.toContain(password);
      return { total: page.total as number, password, message: page.items[0] };
    };

    it('mails a new temporary expired password to the user, answers without it and ends every session', async () => {
      const user = await createOperator();
      const email = `${user.username}@example.org`;
      const session = await caller(t.app, user.username, STRONG_PASSWORD);
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).not.toHaveProperty('temporaryPassword');
      expect(res.body).not.toMatch(/password"\s*:\s*"/i);
      expect(data.passwordTemporary).toBe(true);
      expect(data.version).toBe(user.version + 1);
      expect(await whoamiStatus(t.app, session.user.token)).toBe(401);
      expect(await refreshStatus(t.app, session.user.refreshToken)).toBe(401);
      expect((await login(t.app, user.username, STRONG_PASSWORD)).statusCode).toBe(401);

      const mailed = await mailedPassword(email);
      expect(mailed.total).toBe(1);
      expect(mailed.message).toMatchObject({ to: email, subject: 'Circula: la tua password temporanea', lang: 'it', status: 'QUEUED', createdBy: 'admin' });
      expect(mailed.password).toEqual(expect.any(String));
      expect(mailed.password!.length).toBeGreaterThanOrEqual(12);
      const expired = await login(t.app, user.username, mailed.password!);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().reason).toBe('JPPasswordExpiredException');
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        ...form({ username: user.username, oldPassword: mailed.password!, newPassword: `${STRONG_PASSWORD}x` }),
      });
      expect(changed.statusCode).toBe(200);
      expect((await login(t.app, user.username, `${STRONG_PASSWORD}x`)).statusCode).toBe(200);
      expect((await admin({ method: 'PUT', url: `${USERS}/999999/reset-password` })).statusCode).toBe(404);
    });

    it('mails in the language of the user', async () => {
      const user = await createOperator({ lang: 'en' });
      expect((await admin({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` })).statusCode).toBe(200);
      const mailed = await mailedPassword(`${user.username}@example.org`);
      expect(mailed.message).toMatchObject({ subject: 'Circula: your temporary password', lang: 'en' });
      expect(mailed.message.text).toContain('the temporary password of the user');
      expect((await login(t.app, user.username, mailed.password!)).json().reason).toBe('JPPasswordExpiredException');
    });

    it('answers 400 USER_HAS_NO_EMAIL, and changes nothing, for a user without an email', async () => {
      const user = await createOperator();
      await t.db.updateTable('users').set({ email: null }).where('id', '=', user.id).execute();
      const session = await caller(t.app, user.username, STRONG_PASSWORD);
      const res = await admin({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorCode: 'USER_HAS_NO_EMAIL', errorMessage: 'USER_HAS_NO_EMAIL' });
      expect((await login(t.app, user.username, STRONG_PASSWORD)).statusCode).toBe(200);
      expect(await whoamiStatus(t.app, session.user.token)).toBe(200);
      expect((await admin({ method: 'GET', url: `${USERS}/${user.id}` })).json().data.version).toBe(user.version);
    });
  });

  describe('permissions', () => {
    it('a manager manages users: lists, creates, edits, resets', async () => {
      const { call: manager } = await caller(t.app, 'manager');
      expect((await manager({ method: 'GET', url: USERS })).statusCode).toBe(200);
      const created = await create(manager, newUser({ groups: ['OPERATORS'] }));
      expect(created.statusCode).toBe(201);
      const user = created.json().data;
      const edited = await manager({ method: 'PUT', url: `${USERS}/${user.id}`, payload: { version: user.version, groups: ['OPERATORS', 'CUSTOMERS'] } });
      expect(edited.statusCode).toBe(200);
      expect((await manager({ method: 'PUT', url: `${USERS}/${user.id}/reset-password` })).statusCode).toBe(200);
    });

    it('a manager cannot hand out rights they do not hold, nor touch an administrator', async () => {
      const { call: manager } = await caller(t.app, 'manager');
      const escalate = await create(manager, newUser({ groups: ['ADMINISTRATORS'] }));
      expect(escalate.statusCode).toBe(403);
      expect(escalate.json().errorMessage).toBe('CANT_GRANT_AUTHORITIES');
      const operator = await createOperator();
      const promote = await manager({ method: 'PUT', url: `${USERS}/${operator.id}`, payload: { version: operator.version, groups: ['ADMINISTRATORS'] } });
      expect(promote.statusCode).toBe(403);
      const reset = await manager({ method: 'PUT', url: `${USERS}/${adminId}/reset-password` });
      expect(reset.statusCode).toBe(403);
      expect(reset.json().errorMessage).toBe('CANT_MANAGE_PRIVILEGED_USER');
      const disable = await manager({ method: 'PUT', url: `${USERS}/${adminId}`, payload: { version: await adminVersion(), enabled: false } });
      expect(disable.statusCode).toBe(403);
      expect((await admin({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
    });

    it('an operator gets 403 on users', async () => {
      const { call: operator } = await caller(t.app, 'operator');
      for (const request of [
        { method: 'GET' as const, url: USERS },
        { method: 'GET' as const, url: `${USERS}/${adminId}` },
        { method: 'POST' as const, url: USERS, payload: newUser() },
        { method: 'PUT' as const, url: `${USERS}/${adminId}`, payload: { version: 1, firstName: 'X' } },
        { method: 'PUT' as const, url: `${USERS}/${adminId}/reset-password` },
      ]) {
        const res = await operator(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(res.json().errorCode).toBe('FORBIDDEN');
      }
    });

    it('answers 401 without a bearer token', async () => {
      expect((await t.app.inject({ method: 'GET', url: USERS })).statusCode).toBe(401);
      expect((await as(t.app, 'forged')({ method: 'POST', url: USERS, payload: newUser() })).statusCode).toBe(401);
    });

    it('documents the security routes in the OpenAPI page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json().paths);
      for (const path of [USERS, '/api/security/users/{id}/reset-password', '/api/security/groups/{id}/delete', '/api/security/authorities', '/api/security/sessions/{id}/revoke', '/api/auth/sessions']) {
        expect(paths).toContain(path);
      }
    });

    it('never leaks the password hash in any answer', async () => {
      const res = await admin({ method: 'GET', url: `${USERS}?size=1000` });
      const hashes = await t.db.selectFrom('users').select('password_hash').execute();
      for (const { password_hash } of hashes) expect(res.body).not.toContain(password_hash);
      expect(res.body).not.toContain(DEMO_PASSWORD);
    });
  });
});

import { PASSWORD_RULE_KEY } from '@circula/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DEMO_PASSWORD, form, login, signIn, type TestApp } from './support/test-app.js';

const NEW_PASSWORD = 'Nuova#Password9';

describe('authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /api/auth/login', () => {
    it('signs a demo user in with the user shape of API.md', async () => {
      const res = await login(t.app, 'manager');
      expect(res.statusCode).toBe(200);
      const user = res.json().data;
      expect(user).toMatchObject({ username: 'manager', fullname: 'Maria Rossi', lang: 'it', subjects: [] });
      expect(typeof user.id).toBe('number');
      expect(user.token).toMatch(/^ey/);
      expect(user.refreshToken).toEqual(expect.any(String));
      expect(Date.parse(user.tokenExpiresAt)).toBeGreaterThan(Date.now());
      expect(user.roles).toEqual(['ACCESS_BACKOFFICE', 'ROLE_MANAGER']);
      expect(user.authorities).toContain('RDR_R');
      expect(user.authorities).not.toContain('GROUP_R');
      expect(res.cookies.find((c) => c.name === 'circula_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    });

    it('trims the username and ignores its case', async () => {
      const res = await login(t.app, '  OPERATOR  ');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.username).toBe('operator');
    });

    it('answers a wrong password and an unknown user identically', async () => {
      const wrong = await login(t.app, 'operator', 'nope', '10.0.0.1');
      const unknown = await login(t.app, 'nobody-here', 'nope', '10.0.0.1');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ errorCode: 'BAD_CREDENTIALS', errorMessage: 'BAD_CREDENTIALS' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('rejects a missing username or secret with CONSTRAINT_VIOLATION', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...form({ username: '  ' }) });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errorCode).toBe('CONSTRAINT_VIOLATION');
      expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['secret', 'username']);
    });

    it('refuses an expired password with JPPasswordExpiredException', async () => {
      const res = await login(t.app, 'expired');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', reason: 'JPPasswordExpiredException' });
    });

    it('treats a temporary password as expired', async () => {
      await t.db.updateTable('users').set({ password_temporary: true }).where('username', '=', 'verifier').execute();
      try {
        const res = await login(t.app, 'verifier');
        expect(res.json().reason).toBe('JPPasswordExpiredException');
      } finally {
        await t.db.updateTable('users').set({ password_temporary: false }).where('username', '=', 'verifier').execute();
      }
    });

    it('refuses a user who must set a password first with JPUserInitializedException', async () => {
      await t.db.updateTable('users').set({ must_initialize: true }).where('username', '=', 'logistic').execute();
      try {
        const res = await login(t.app, 'logistic');
        expect(res.statusCode).toBe(403);
        expect(res.json().reason).toBe('JPUserInitializedException');
      } finally {
        await t.db.updateTable('users').set({ must_initialize: false }).where('username', '=', 'logistic').execute();
      }
    });

    it('refuses a disabled user with UserDisabledException', async () => {
      await t.db.updateTable('users').set({ enabled: false }).where('username', '=', 'customer').execute();
      try {
        const res = await login(t.app, 'customer');
        expect(res.statusCode).toBe(403);
        expect(res.json().reason).toBe('UserDisabledException');
      } finally {
        await t.db.updateTable('users').set({ enabled: true }).where('username', '=', 'customer').execute();
      }
    });

    it('never tells a disabled or expired account apart from a wrong password when the password is wrong', async () => {
      const res = await login(t.app, 'expired', 'wrong-password', '10.0.0.9');
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('BAD_CREDENTIALS');
    });
  });

  describe('GET /api/auth/whoami', () => {
    it('returns the signed-in user for a valid bearer token', async () => {
      const user = await signIn(t.app, 'owner');
      const res = await as(t.app, user.token)({ method: 'GET', url: '/api/auth/whoami' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: user.id, username: 'owner', token: user.token, refreshToken: null });
      expect(res.json().data.roles).toContain('ROLE_OWNER');
    });

    it('answers 401 UNAUTHORIZED without a token or with a forged one', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/whoami' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ errorCode: 'UNAUTHORIZED', errorMessage: 'UNAUTHORIZED' });
      const user = await signIn(t.app, 'owner');
      const forged = user.token.slice(0, -4) + (user.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      const bad = await as(t.app, forged)({ method: 'GET', url: '/api/auth/whoami' });
      expect(bad.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('rotates the refresh token: the new one works, the old one stops working', async () => {
      const user = await signIn(t.app, 'operator');
      const first = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
      expect(first.statusCode).toBe(200);
      const rotated = first.json().data;
      expect(rotated.refreshToken).not.toBe(user.refreshToken);
      expect(rotated.token).toMatch(/^ey/);
      const second = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: rotated.refreshToken } });
      expect(second.statusCode).toBe(200);
    });

    it('revokes the whole session when a spent refresh token is presented again', async () => {
      const user = await signIn(t.app, 'operator');
      const rotated = (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } })).json().data;
      // past the grace of a concurrent refresh (see the next test)
      await sql`update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null`.execute(t.db);
      const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
      expect(reuse.statusCode).toBe(401);
      // the thief's replay also ends the legitimate holder's session
      const legit = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: rotated.refreshToken } });
      expect(legit.statusCode).toBe(401);
      const whoami = await as(t.app, rotated.token)({ method: 'GET', url: '/api/auth/whoami' });
      expect(whoami.statusCode).toBe(401);
      const session = await t.db.selectFrom('sessions').select('revoked_reason').where('user_id', '=', user.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(session.revoked_reason).toBe('REFRESH_TOKEN_REUSE');
    });

    it('lets two tabs refresh with the same token at once: the second gets an access token and the session one chain', async () => {
      const user = await signIn(t.app, 'operator');
      const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      const [a, b] = await Promise.all([refresh(user.refreshToken!), refresh(user.refreshToken!)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const [chain, spare] = a.json().data.refreshToken ? [a.json().data, b.json().data] : [b.json().data, a.json().data];
      expect(spare.refreshToken).toBeNull();
      expect((await as(t.app, spare.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
      // the chain goes on
      const next = await refresh(chain.refreshToken);
      expect(next.statusCode).toBe(200);
      // the first token is no longer the latest rotation: presenting it now is reuse, even within the grace
      const late = await refresh(user.refreshToken!);
      expect(late.statusCode).toBe(401);
      expect(late.json().errorMessage).toBe('REFRESH_TOKEN_REUSED');
    });

    it('reads the refresh token from the httpOnly cookie', async () => {
      const res = await login(t.app, 'operator');
      const cookie = res.cookies.find((c) => c.name === 'circula_refresh')!;
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { circula_refresh: cookie.value } });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.cookies.find((c) => c.name === 'circula_refresh')?.value).toBe(refreshed.json().data.refreshToken);
    });

    it('answers 401 for an unknown refresh token or none', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x'.repeat(43) } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} })).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session: its access and refresh tokens stop working', async () => {
      const user = await signIn(t.app, 'operator');
      const res = await as(t.app, user.token)({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(200);
      expect((await as(t.app, user.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } })).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/change-password', () => {
    const change = (fields: Record<string, string>, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        ...form(fields),
        ...(token ? { headers: { ...form(fields).headers, authorization: `Bearer ${token}` } } : {}),
      });

    it('answers BAD_CREDENTIALS for a wrong current password', async () => {
      const res = await change({ username: 'manager', oldPassword: 'wrong-password', newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('BAD_CREDENTIALS');
    });

    it('answers PASSWORDS_ARE_EQUALS when the new password is the current one', async () => {
      const res = await change({ username: 'manager', oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('PASSWORDS_ARE_EQUALS');
    });

    it('answers INVALID_PASSWORD when the new password breaks the registry rule', async () => {
      const res = await change({ username: 'manager', oldPassword: DEMO_PASSWORD, newPassword: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('INVALID_PASSWORD');
      expect((await login(t.app, 'manager')).statusCode).toBe(200);
    });

    it('follows the rule stored in the system registry', async () => {
      const original = await t.db.selectFrom('sys_registry').select('the_value').where('key', '=', PASSWORD_RULE_KEY).executeTakeFirstOrThrow();
      await t.db.updateTable('sys_registry').set({ the_value: '^\\d{12}$' }).where('key', '=', PASSWORD_RULE_KEY).execute();
      try {
        const rejected = await change({ username: 'manager', oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
        expect(rejected.json().errorCode).toBe('INVALID_PASSWORD');
      } finally {
        await t.db.updateTable('sys_registry').set({ the_value: original.the_value }).where('key', '=', PASSWORD_RULE_KEY).execute();
      }
    });

    it('lets a user with an expired password change it without a session, then sign in', async () => {
      const res = await change({ username: 'expired', oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect((await login(t.app, 'expired', DEMO_PASSWORD)).statusCode).toBe(401);
      const after = await login(t.app, 'expired', NEW_PASSWORD);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.roles).toEqual(['ACCESS_BACKOFFICE']);
    });

    it('ends every session of the user after a change', async () => {
      const user = await signIn(t.app, 'verifier');
      const res = await change({ username: 'verifier', oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, user.token);
      expect(res.statusCode).toBe(200);
      expect((await as(t.app, user.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
      expect((await login(t.app, 'verifier', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it("refuses to change another user's password with one's own session", async () => {
      const user = await signIn(t.app, 'operator');
      const res = await change({ username: 'owner', oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, user.token);
      expect(res.statusCode).toBe(403);
      expect((await login(t.app, 'owner')).statusCode).toBe(200);
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: { perUsername: 3, perUsernameAnyAddress: 3, perAddress: 6, windowSeconds: 600 } });
  });
  afterAll(() => t.close());

  it('blocks a username after repeated failures, even with the right password, with 429 TOO_MANY_REQUESTS', async () => {
    for (let i = 0; i < 3; i++) expect((await login(t.app, 'owner', 'bad', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(t.app, 'owner', DEMO_PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errorCode: 'TOO_MANY_REQUESTS', errorMessage: 'TOO_MANY_REQUESTS' });
    // other users are unaffected
    expect((await login(t.app, 'customer', DEMO_PASSWORD, '10.1.0.99')).statusCode).toBe(200);
  });

  it('blocks an address that tries many usernames, unknown ones included', async () => {
    const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    for (const name of names) expect((await login(t.app, name, 'bad', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(t.app, 'manager', DEMO_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(t.app, 'manager', DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the username counter', async () => {
    for (let i = 0; i < 2; i++) await login(t.app, 'logistic', 'bad', '10.3.0.1');
    expect((await login(t.app, 'logistic', DEMO_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(t.app, 'logistic', 'bad', '10.3.0.3');
    expect((await login(t.app, 'logistic', DEMO_PASSWORD, '10.3.0.4')).statusCode).toBe(200);
  });

  it('throttles change-password attempts with the same counters', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/change-password', remoteAddress: '10.4.0.1', ...form({ username: 'verifier', oldPassword: 'bad', newPassword: NEW_PASSWORD }) });
    }
    expect((await login(t.app, 'verifier', DEMO_PASSWORD, '10.4.0.2')).statusCode).toBe(429);
  });
});

describe('login rate limit under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: { perUsername: 3, perUsernameAnyAddress: 5, perAddress: 20, windowSeconds: 600 } });
  });
  afterAll(() => t.close());

  it('counts every attempt before the password is checked: a parallel burst gets no more guesses than the limit', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => login(t.app, 'operator', 'bad', '10.20.0.1')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    // and the burst spread over addresses is held by the per-username limit
    const spread = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t.app, 'manager', 'bad', `10.21.0.${i}`)));
    expect(spread.filter((r) => r.statusCode === 401)).toHaveLength(5);
  });

  it('locks one address out of one username, not the owner signing in from elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await login(t.app, 'logistic', 'bad', '10.22.0.1')).statusCode).toBe(401);
    expect((await login(t.app, 'logistic', DEMO_PASSWORD, '10.22.0.1')).statusCode).toBe(429);
    expect((await login(t.app, 'logistic', DEMO_PASSWORD, '10.22.0.2')).statusCode).toBe(200);
  });

  it('keeps the owner able to sign in from an address they used before while guesses come from many others', async () => {
    expect((await login(t.app, 'verifier', DEMO_PASSWORD, '10.23.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'verifier', 'bad', `10.24.0.${i}`)).statusCode).toBe(401);
    // a new address is refused, the owner's usual one is not
    expect((await login(t.app, 'verifier', DEMO_PASSWORD, '10.25.0.1')).statusCode).toBe(429);
    expect((await login(t.app, 'verifier', DEMO_PASSWORD, '10.23.0.1')).statusCode).toBe(200);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcProvider, signInAtProvider, type TestProvider } from '../support/oidc-provider.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Single sign-on (issue 20): the full authorization code + PKCE flow against a real OpenID
 * Connect provider on loopback, ending in a session of the local kind.
 */
describe('single sign-on with OpenID Connect', () => {
  let provider: TestProvider;
  let t: TestApp;
  const CLIENT_ID = 'circula';
  const REDIRECT = 'http://localhost:3000/api/auth/oidc/callback';

  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: 'circula-test-secret',
      redirectUris: [REDIRECT],
      accounts: [
        { sub: 'acc-manager', email: 'MANAGER@circula.example' },
        { sub: 'acc-stranger', email: 'nobody@elsewhere.example' },
        { sub: 'acc-unverified', email: 'owner@circula.example', emailVerified: false },
        { sub: 'acc-logistic', email: 'logistic@circula.example' },
        { sub: 'acc-verifier', email: 'verifier@circula.example', groups: ['circula-ops', 'unmapped'] },
      ],
    });
    t = await createTestApp({
      oidc: {
        issuer: provider.issuer,
        clientId: CLIENT_ID,
        clientSecret: 'circula-test-secret',
        groupsClaim: 'groups',
        groupMap: { 'circula-ops': 'OPERATORS', 'circula-fir': 'FIR_VERIFIERS' },
        label: 'Accedi con SSO',
      },
    });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  // each test from an address of its own: the failures one test provokes count against its address only
  let client = 0;
  let address = '';
  beforeEach(() => {
    client += 1;
    address = `10.0.${client}.1`;
  });

  const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;

  /** Starts a flow at the application: the provider's URL and the flow cookie. */
  async function start() {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', remoteAddress: address });
    expect(res.statusCode).toBe(302);
    const binding = cookieOf(res, 'circula_oidc');
    expect(binding).toBeTruthy();
    return { location: new URL(res.headers.location as string), binding: binding! };
  }

  const callback = (returned: URL, binding: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback${returned.search}`,
      remoteAddress: address,
      ...(binding ? { cookies: { circula_oidc: binding } } : {}),
    });

  const exchange = (code: string, binding: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code }, cookies: { circula_oidc: binding }, remoteAddress: address });

  const handoffCode = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/sso-callback#code=/);
    return decodeURIComponent(location.split('#code=')[1]!);
  };

  const sessionsOf = async (username: string) =>
    Number(
      (
        await t.db
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('u.username', '=', username)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('announces itself in environment.json', async () => {
    const env = (await t.app.inject({ method: 'GET', url: '/assets/environments/environment.json' })).json();
    expect(env.sso).toEqual({ enabled: true, label: 'Accedi con SSO' });
  });

  it('signs in the user matched by verified email through code + PKCE, into a normal session', async () => {
    const { location, binding } = await start();
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT);

    const before = await sessionsOf('manager');
    const returned = await signInAtProvider(location.href, 'acc-manager', REDIRECT);
    expect(returned.searchParams.get('code')).toBeTruthy();
    const done = await callback(returned, binding);
    const code = handoffCode(done);
    // no token in any URL
    expect(done.headers.location).not.toMatch(/eyJ/);

    const res = await exchange(code, binding);
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({ username: 'manager' });
    expect(user.token).toBeTruthy();
    expect(user.refreshToken).toBeTruthy();
    expect(cookieOf(res, 'circula_refresh')).toBe(user.refreshToken);
    expect(await sessionsOf('manager')).toBe(before + 1);

    // the same mechanism as a local sign-in: the access token works, the refresh token rotates, logout ends it
    const whoami = await t.app.inject({ method: 'GET', url: '/api/auth/whoami', headers: { authorization: `Bearer ${user.token}` } });
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json().data.username).toBe('manager');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: user.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${refreshed.json().data.token}` } });
    expect(logout.statusCode).toBe(200);

    // the user is now linked to the provider's subject
    const linked = await t.db.selectFrom('users').select(['oidc_issuer', 'oidc_subject']).where('username', '=', 'manager').executeTakeFirstOrThrow();
    expect(linked).toEqual({ oidc_issuer: provider.issuer, oidc_subject: 'acc-manager' });

    // the one-time code works once
    const again = await exchange(code, binding);
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe('SSO_CODE_INVALID');
  });

  it('matches a linked subject even after the email changed at the provider', async () => {
    provider.accounts.set('acc-manager', { sub: 'acc-manager', email: 'maria.rossi@new-domain.example' });
    const { location, binding } = await start();
    const code = handoffCode(await callback(await signInAtProvider(location.href, 'acc-manager', REDIRECT), binding));
    const res = await exchange(code, binding);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe('manager');
  });

  it('refuses an unknown email and an unverified one, creating no user and no session', async () => {
    const users = Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    for (const [account, owner] of [['acc-stranger', null], ['acc-unverified', 'owner']] as const) {
      const sessions = owner ? await sessionsOf(owner) : 0;
      const { location, binding } = await start();
      const res = await callback(await signInAtProvider(location.href, account, REDIRECT), binding);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?sso=SSO_UNKNOWN_USER');
      if (owner) expect(await sessionsOf(owner)).toBe(sessions);
    }
    expect(Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(users);
    const events = await t.db
      .withTables<{ monitor_security_event: { type: string; detail: string | null } }>()
      .selectFrom('monitor_security_event')
      .select(['type', 'detail'])
      .where('detail', 'like', 'SSO %')
      .execute();
    expect(events.some((e) => e.type === 'SIGN_IN_FAILED' && e.detail!.includes('nobody@elsewhere.example'))).toBe(true);
  });

  it('refuses a disabled user', async () => {
    await t.db.updateTable('users').set({ enabled: false }).where('username', '=', 'logistic').execute();
    try {
      const { location, binding } = await start();
      const res = await callback(await signInAtProvider(location.href, 'acc-logistic', REDIRECT), binding);
      expect(res.headers.location).toBe('/login?sso=SSO_USER_DISABLED');
      expect(await sessionsOf('logistic')).toBe(0);
    } finally {
      await t.db.updateTable('users').set({ enabled: true }).where('username', '=', 'logistic').execute();
    }
  });

  it('refuses a bad, reused or foreign state', async () => {
    const { location, binding } = await start();
    const returned = await signInAtProvider(location.href, 'acc-manager', REDIRECT);
    const forged = new URL(returned);
    forged.searchParams.set('state', 'forged-state');
    expect((await callback(forged, binding)).headers.location).toBe('/login?sso=SSO_INVALID_STATE');
    // another browser's flow cookie: the state is not theirs (and is spent by the attempt)
    const other = await start();
    expect((await callback(returned, other.binding)).headers.location).toBe('/login?sso=SSO_INVALID_STATE');
    expect((await callback(returned, binding)).headers.location).toBe('/login?sso=SSO_INVALID_STATE');

    // a state works once
    const second = await start();
    const back = await signInAtProvider(second.location.href, 'acc-manager', REDIRECT);
    handoffCode(await callback(back, second.binding));
    expect((await callback(back, second.binding)).headers.location).toBe('/login?sso=SSO_INVALID_STATE');
    // without the flow cookie
    const third = await start();
    expect((await callback(await signInAtProvider(third.location.href, 'acc-manager', REDIRECT), undefined)).headers.location).toBe('/login?sso=SSO_INVALID_STATE');
  });

  it('enforces PKCE and the nonce', async () => {
    // the verifier kept for the flow is not the one the challenge was made from: the provider refuses the code
    const pkce = await start();
    const pkceBack = await signInAtProvider(pkce.location.href, 'acc-manager', REDIRECT);
    await t.db.updateTable('oidc_flows').set({ code_verifier: 'x'.repeat(43) }).execute();
    expect((await callback(pkceBack, pkce.binding)).headers.location).toBe('/login?sso=SSO_FAILED');

    // the nonce in the ID token is not the flow's: refused
    const nonce = await start();
    const nonceBack = await signInAtProvider(nonce.location.href, 'acc-manager', REDIRECT);
    await t.db.updateTable('oidc_flows').set({ nonce: 'another-nonce' }).execute();
    expect((await callback(nonceBack, nonce.binding)).headers.location).toBe('/login?sso=SSO_FAILED');
  });

  it('maps the groups claim onto the groups of OIDC_GROUP_MAP only, and records the change', async () => {
    const groupsOf = async () =>
      (
        await t.db
          .selectFrom('user_groups as ug')
          .innerJoin('groups as g', 'g.id', 'ug.group_id')
          .innerJoin('users as u', 'u.id', 'ug.user_id')
          .select('g.code')
          .where('u.username', '=', 'verifier')
          .orderBy('g.code')
          .execute()
      ).map((r) => r.code);
    // the verifier is in FIR_VERIFIERS (mapped) and gets BACKOFFICE (not mapped) to see it left alone
    const verifierId = Number((await t.db.selectFrom('users').select('id').where('username', '=', 'verifier').executeTakeFirstOrThrow()).id);
    const backoffice = Number((await t.db.selectFrom('groups').select('id').where('code', '=', 'BACKOFFICE').executeTakeFirstOrThrow()).id);
    await t.db.insertInto('user_groups').values({ user_id: verifierId, group_id: backoffice }).execute();
    expect(await groupsOf()).toEqual(['BACKOFFICE', 'FIR_VERIFIERS']);

    const { location, binding } = await start();
    const code = handoffCode(await callback(await signInAtProvider(location.href, 'acc-verifier', REDIRECT), binding));
    expect(await groupsOf()).toEqual(['BACKOFFICE', 'OPERATORS']);
    const res = await exchange(code, binding);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authorities).toContain('ROLE_USER');
    const event = await t.db
      .withTables<{ monitor_security_event: { type: string; detail: string | null } }>()
      .selectFrom('monitor_security_event')
      .select('detail')
      .where('type', '=', 'PRIVILEGE_CHANGED')
      .where('detail', 'like', '%single sign-on%')
      .executeTakeFirst();
    expect(event?.detail).toBe('user verifier: groups +OPERATORS -FIR_VERIFIERS (single sign-on claim)');
  });

  it('counts failed attempts in the sign-in throttle', async () => {
    const locations: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?state=nope&code=nope', remoteAddress: address, cookies: { circula_oidc: 'x' } });
      locations.push(res.headers.location as string);
    }
    expect(locations.slice(0, 5)).toEqual(Array(5).fill('/login?sso=SSO_INVALID_STATE'));
    expect(locations[5]).toBe('/login?sso=SSO_TOO_MANY_ATTEMPTS');
  });
});

describe('single sign-on switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 240_000);
  afterAll(async () => t?.close());

  it('hides the button and refuses the flow', async () => {
    const env = (await t.app.inject({ method: 'GET', url: '/assets/environments/environment.json' })).json();
    expect(env.sso.enabled).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.headers.location).toBe('/login?sso=SSO_DISABLED');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code: 'x' } })).statusCode).toBe(404);
  });
});

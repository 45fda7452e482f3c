import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';

/** Personal API tokens (issue 20, route `token`): shown once, stored hashed, the owner's live rights. */
describe('personal API tokens', () => {
  let t: TestApp;
  let managerJwt: string;
  let managerId: number;

  const inDays = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const bearer = (token: string) => as(t.app, token);
  const create = async (body: Record<string, unknown>, jwt = managerJwt) => bearer(jwt)({ method: 'POST', url: '/api/auth/tokens', payload: body });

  beforeAll(async () => {
    // every request asks the database: a change shows at the very next request
    t = await createTestApp({ sessionCacheSeconds: 0 });
    const manager = await signIn(t.app, 'manager');
    managerJwt = manager.token;
    managerId = manager.id;
  }, 240_000);
  afterAll(async () => t.close());

  it('answers the token once and keeps only the hash of its secret', async () => {
    const res = await create({ name: 'ERP', expiresAt: inDays(30) });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created.token).toMatch(/^circ_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({ name: 'ERP', scope: 'FULL', status: 'ACTIVE', lastUsedAt: null });

    const row = await t.db.selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const secret = (created.token as string).split('_').slice(2).join('_');
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await bearer(managerJwt)({ method: 'GET', url: '/api/auth/tokens' });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((x: { id: number }) => x.id === created.id);
    expect(listed).toMatchObject({ name: 'ERP', prefix: created.prefix, status: 'ACTIVE' });
    expect(listed.token).toBeUndefined();
    expect(JSON.stringify(list.json())).not.toContain(secret);
  });

  it('acts with the owner\'s rights, read live', async () => {
    const { token } = (await create({ name: 'live rights', expiresAt: inDays(10) })).json().data;
    const who = await bearer(token)({ method: 'GET', url: '/api/auth/whoami' });
    expect(who.statusCode).toBe(200);
    expect(who.json().data).toMatchObject({ id: managerId, username: 'manager' });
    expect(who.json().data.authorities).toContain('USER_R');
    expect((await bearer(token)({ method: 'GET', url: '/api/security/users' })).statusCode).toBe(200);
    // a user without USER_R: the operator's token is refused there
    const operator = await signIn(t.app, 'operator');
    await t.db.insertInto('group_authorities').values({ group_id: await groupId('OPERATORS'), authority_code: 'TOKEN_W' }).execute();
    await t.db.insertInto('group_authorities').values({ group_id: await groupId('OPERATORS'), authority_code: 'TOKEN_R' }).execute();
    const opToken = (await create({ name: 'op', expiresAt: inDays(5) }, operator.token)).json().data.token as string;
    expect((await bearer(opToken)({ method: 'GET', url: '/api/security/users' })).statusCode).toBe(403);

    // the right taken from the manager's group is taken from the token at the next request
    const managers = await groupId('MANAGERS');
    await t.db.deleteFrom('group_authorities').where('group_id', '=', managers).where('authority_code', '=', 'USER_R').execute();
    expect((await bearer(token)({ method: 'GET', url: '/api/security/users' })).statusCode).toBe(403);
    await t.db.insertInto('group_authorities').values({ group_id: managers, authority_code: 'USER_R' }).execute();
    expect((await bearer(token)({ method: 'GET', url: '/api/security/users' })).statusCode).toBe(200);

    const used = await t.db.selectFrom('api_tokens').select('last_used_at').where('prefix', '=', token.split('_')[1]).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });

  const groupId = async (code: string) => Number((await t.db.selectFrom('groups').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);

  it('refuses a revoked, an expired, a wrong or a disabled user\'s token with 401', async () => {
    const { token, id } = (await create({ name: 'to revoke', expiresAt: inDays(3) })).json().data;
    expect((await bearer(token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
    const revoked = await bearer(managerJwt)({ method: 'DELETE', url: `/api/auth/tokens/${id}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('REVOKED');
    expect((await bearer(token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);

    const expiring = (await create({ name: 'expiring', expiresAt: inDays(3) })).json().data;
    await t.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expiring.id).execute();
    expect((await bearer(expiring.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
    const listed = (await bearer(managerJwt)({ method: 'GET', url: '/api/auth/tokens' })).json().data;
    expect(listed.find((x: { id: number }) => x.id === expiring.id).status).toBe('EXPIRED');

    // right prefix, wrong secret
    const good = (await create({ name: 'good', expiresAt: inDays(3) })).json().data;
    const forged = `${good.prefix}_${'A'.repeat(43)}`;
    expect((await bearer(forged)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
    expect((await bearer('circ_000000000000_' + 'B'.repeat(43))({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
    expect((await bearer(good.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);

    // the owner disabled: the token stops; enabled again, it works again
    const owner = await signIn(t.app, 'logistic');
    await t.db.insertInto('group_authorities').values({ group_id: await groupId('LOGISTICS'), authority_code: 'TOKEN_W' }).execute();
    const own = (await create({ name: 'logistic', expiresAt: inDays(3) }, owner.token)).json().data;
    expect((await bearer(own.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', owner.id).execute();
    expect((await bearer(own.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(401);
    await t.db.updateTable('users').set({ enabled: true }).where('id', '=', owner.id).execute();
    expect((await bearer(own.token)({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
  });

  it('cannot mint, list or revoke tokens, change the password or log out', async () => {
    const { token, id } = (await create({ name: 'no escalation', expiresAt: inDays(3) })).json().data;
    const use = bearer(token);
    const mint = await use({ method: 'POST', url: '/api/auth/tokens', payload: { name: 'child', expiresAt: inDays(3) } });
    expect(mint.statusCode).toBe(403);
    expect(mint.json().errorMessage).toBe('NOT_ALLOWED_WITH_API_TOKEN');
    expect((await use({ method: 'GET', url: '/api/auth/tokens' })).statusCode).toBe(403);
    expect((await use({ method: 'DELETE', url: `/api/auth/tokens/${id}` })).statusCode).toBe(403);
    const change = await use({ method: 'POST', url: '/api/auth/change-password', payload: { username: 'manager', oldPassword: 'Circula!2026', newPassword: 'Another!2027x' } });
    expect(change.statusCode).toBe(403);
    expect((await use({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(403);
    const count = await t.db.selectFrom('api_tokens').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', 'child').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    // the token still works: the refusals changed nothing
    expect((await use({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
  });

  it('a read-only token reads and changes nothing', async () => {
    const { token } = (await create({ name: 'reader', expiresAt: inDays(3), scope: 'READ_ONLY' })).json().data;
    expect((await bearer(token)({ method: 'GET', url: '/api/security/users' })).statusCode).toBe(200);
    const write = await bearer(token)({ method: 'POST', url: '/api/security/groups', payload: { code: 'X', name: 'X', authorities: [] } });
    expect(write.statusCode).toBe(403);
    expect(write.json().errorMessage).toBe('API_TOKEN_READ_ONLY');
  });

  it('refuses a bad expiry (past, beyond a year, not a date) and needs TOKEN_W', async () => {
    for (const [expiresAt, message] of [
      [inDays(-1), 'API_TOKEN_EXPIRY_PAST'],
      [inDays(400), 'API_TOKEN_EXPIRY_TOO_FAR'],
      ['2026-02-30', 'INVALID_DATE'],
    ] as const) {
      const res = await create({ name: 'bad', expiresAt });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'expiresAt', message }]);
    }
    expect((await create({ name: '', expiresAt: inDays(3) })).statusCode).toBe(400);
    const customer = await signIn(t.app, 'customer');
    expect((await create({ name: 'c', expiresAt: inDays(3) }, customer.token)).statusCode).toBe(403);
    const bad = await t.db.selectFrom('api_tokens').select('id').where('name', 'in', ['bad', 'c']).execute();
    expect(bad).toHaveLength(0);
  });

  it('revokes only one\'s own tokens', async () => {
    const { id } = (await create({ name: 'mine', expiresAt: inDays(3) })).json().data;
    const owner = await signIn(t.app, 'owner');
    expect((await bearer(owner.token)({ method: 'DELETE', url: `/api/auth/tokens/${id}` })).statusCode).toBe(404);
    const row = await t.db.selectFrom('api_tokens').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});

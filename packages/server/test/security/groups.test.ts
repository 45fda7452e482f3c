import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { caller, expectViolation, STRONG_PASSWORD, uniqueName, whoamiStatus, type Call } from './support.js';

const GROUPS = '/api/security/groups';
const AUTHORITIES = '/api/security/authorities';
const USERS = '/api/security/users';

interface Group {
  id: number;
  code: string;
  name: string;
  authorities: string[];
  memberCount: number;
  version: number;
}

describe('security API: groups and authorities', () => {
  let t: TestApp;
  let admin: Call;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await caller(t.app, 'admin')).call;
  });
  afterAll(() => t.close());

  const groupByCode = async (code: string): Promise<Group> => {
    const res = await admin({ method: 'GET', url: `${GROUPS}?size=1000` });
    return (res.json().data.items as Group[]).find((g) => g.code === code)!;
  };
  const createGroup = async (authorities: string[], code = uniqueName('G').toUpperCase()) => {
    const res = await admin({ method: 'POST', url: GROUPS, payload: { code, name: `Group ${code}`, authorities } });
    expect(res.statusCode).toBe(201);
    return res.json().data as Group;
  };
  /** A user in the given groups, signed in. */
  const member = async (groups: string[]) => {
    const username = uniqueName('m');
    const res = await admin({
      method: 'POST',
      url: USERS,
      payload: { username, email: `${username}@example.org`, firstName: 'M', lastName: 'Ember', groups, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data.id as number, version: res.json().data.version as number, username, ...(await caller(t.app, username, STRONG_PASSWORD)) };
  };

  describe('groups', () => {
    it('lists groups with their authorities and member count', async () => {
      const res = await admin({ method: 'GET', url: GROUPS });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ page: 0, size: 20 });
      expect(data.total).toBeGreaterThanOrEqual(9);
      const codes = data.items.map((g: Group) => g.code);
      expect(codes).toEqual([...codes].sort());
      const admins = data.items.find((g: Group) => g.code === 'ADMINISTRATORS');
      expect(admins).toMatchObject({ name: 'Amministratori', memberCount: 1 });
      expect(admins.authorities.slice(0, 2)).toEqual(['ACCESS_BACKOFFICE', 'ROLE_ADMIN']);
      expect(admins.authorities).toContain('GROUP_D');
      const managers = data.items.find((g: Group) => g.code === 'MANAGERS');
      expect(managers.authorities).toContain('USER_W');
      expect(managers.authorities).not.toContain('GROUP_R');
    });

    it('finds groups by free text and answers one by id', async () => {
      const res = await admin({ method: 'GET', url: `${GROUPS}?q=${encodeURIComponent(JSON.stringify({ query: 'logist' }))}` });
      expect(res.json().data.items.map((g: Group) => g.code)).toEqual(['LOGISTICS']);
      const id = res.json().data.items[0].id;
      const one = await admin({ method: 'GET', url: `${GROUPS}/${id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ id, code: 'LOGISTICS', name: 'Logistica' });
      expect((await admin({ method: 'GET', url: `${GROUPS}/424242` })).statusCode).toBe(404);
      expect((await admin({ method: 'GET', url: `${GROUPS}/x` })).statusCode).toBe(400);
      expect((await admin({ method: 'GET', url: `${GROUPS}?q=${encodeURIComponent('{"query":')}` })).statusCode).toBe(400);
      expect((await admin({ method: 'GET', url: `${GROUPS}?sort=code;delete` })).statusCode).toBe(400);
    });

    it('creates a group with existing authorities (code upper-cased)', async () => {
      const code = uniqueName('auditors');
      const res = await admin({ method: 'POST', url: GROUPS, payload: { code, name: 'Auditors', authorities: ['USER_R', 'ROLE_USER', 'USER_R'] } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ code: code.toUpperCase(), name: 'Auditors', authorities: ['ROLE_USER', 'USER_R'], memberCount: 0 });
      const dup = await admin({ method: 'POST', url: GROUPS, payload: { code: code.toLowerCase(), name: 'Again', authorities: [] } });
      expectViolation(dup, { code: 'ALREADY_EXISTS' });
    });

    it('refuses unknown authorities and malformed input with CONSTRAINT_VIOLATION', async () => {
      expectViolation(await admin({ method: 'POST', url: GROUPS, payload: { code: 'NEWGROUP', name: 'N', authorities: ['USER_R', 'NOPE_X'] } }), {
        authorities: 'UNKNOWN_AUTHORITY',
      });
      expectViolation(await admin({ method: 'POST', url: GROUPS, payload: { code: 'bad code!', name: '', authorities: "USER_R" } }), {
        code: 'INVALID_FORMAT',
        name: 'TOO_SHORT',
        authorities: expect.any(String),
      });
      expectViolation(await admin({ method: 'POST', url: GROUPS, payload: { code: 'X'.repeat(33), name: 'N' } }), { code: 'TOO_LONG' });
      expect(await groupByCode('NEWGROUP')).toBeUndefined();
    });

    it('replaces the authorities of a group and ends its members’ sessions', async () => {
      const group = await createGroup(['ROLE_USER', 'RDR_R']);
      const m = await member([group.code]);
      const outsider = await member(['OPERATORS']);
      // a rename leaves the rights, and the sessions, alone
      const renamed = await admin({ method: 'PUT', url: `${GROUPS}/${group.id}`, payload: { version: group.version, name: 'Renamed' } });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toMatchObject({ name: 'Renamed', authorities: ['ROLE_USER', 'RDR_R'], memberCount: 1 });
      expect(await whoamiStatus(t.app, m.user.token)).toBe(200);

      const res = await admin({ method: 'PUT', url: `${GROUPS}/${group.id}`, payload: { version: renamed.json().data.version, authorities: ['ROLE_USER', 'RDR_R', 'RDR_W'] } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.authorities).toEqual(['ROLE_USER', 'RDR_R', 'RDR_W']);
      expect(await whoamiStatus(t.app, m.user.token)).toBe(401);
      expect(await whoamiStatus(t.app, outsider.user.token)).toBe(200);
      const row = await t.db.selectFrom('sessions').select('revoked_reason').where('user_id', '=', m.id).executeTakeFirstOrThrow();
      expect(row.revoked_reason).toBe('GROUP_AUTHORITIES_CHANGED');
      const again = await caller(t.app, m.username, STRONG_PASSWORD);
      expect(again.user.authorities).toContain('RDR_W');

      expectViolation(await admin({ method: 'PUT', url: `${GROUPS}/${group.id}`, payload: { version: res.json().data.version, authorities: ['BOGUS'] } }), {
        authorities: 'UNKNOWN_AUTHORITY',
      });
      expect((await admin({ method: 'PUT', url: `${GROUPS}/999999`, payload: { version: 1, name: 'x' } })).statusCode).toBe(404);
    });

    it('refuses an edit made on a stale version with 409 and changes nothing', async () => {
      const group = await createGroup(['ROLE_USER']);
      const first = await admin({ method: 'PUT', url: `${GROUPS}/${group.id}`, payload: { version: group.version, name: 'Prima modifica' } });
      expect(first.json().data.version).toBe(group.version + 1);
      const stale = await admin({ method: 'PUT', url: `${GROUPS}/${group.id}`, payload: { version: group.version, authorities: ['ROLE_USER', 'RDR_R'] } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().errorCode).toBe('CONFLICT');
      expect((await admin({ method: 'GET', url: `${GROUPS}/${group.id}` })).json().data).toMatchObject({ name: 'Prima modifica', authorities: ['ROLE_USER'] });
      expectViolation(await admin({ method: 'PUT', url: `${GROUPS}/${group.id}`, payload: { name: 'Senza versione' } }), { version: 'REQUIRED' });
    });

    it('ADMINISTRATORS keeps ROLE_ADMIN and cannot be deleted', async () => {
      const admins = await groupByCode('ADMINISTRATORS');
      const res = await admin({ method: 'PUT', url: `${GROUPS}/${admins.id}`, payload: { version: admins.version, authorities: admins.authorities.filter((a) => a !== 'ROLE_ADMIN') } });
      expectViolation(res, { authorities: 'ADMINISTRATORS_KEEP_ROLE_ADMIN' });
      const del = await admin({ method: 'PUT', url: `${GROUPS}/${admins.id}/delete` });
      expect(del.statusCode).toBe(409);
      expect(del.json()).toEqual({ errorCode: 'CONFLICT', errorMessage: 'CANT_DELETE_ADMINISTRATORS' });
      expect((await groupByCode('ADMINISTRATORS')).authorities).toContain('ROLE_ADMIN');
      expect((await admin({ method: 'GET', url: '/api/auth/whoami' })).statusCode).toBe(200);
    });

    it('deletes a group only when it has no members', async () => {
      const group = await createGroup(['ROLE_USER']);
      const m = await member([group.code, 'OPERATORS']);
      const refused = await admin({ method: 'PUT', url: `${GROUPS}/${group.id}/delete` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errorCode: 'CONFLICT', errorMessage: 'GROUP_HAS_MEMBERS' });
      expect((await admin({ method: 'PUT', url: `${USERS}/${m.id}`, payload: { version: m.version, groups: ['OPERATORS'] } })).statusCode).toBe(200);
      const deleted = await admin({ method: 'PUT', url: `${GROUPS}/${group.id}/delete` });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data).toMatchObject({ id: group.id, code: group.code, memberCount: 0 });
      expect((await admin({ method: 'GET', url: `${GROUPS}/${group.id}` })).statusCode).toBe(404);
      expect((await admin({ method: 'PUT', url: `${GROUPS}/${group.id}/delete` })).statusCode).toBe(404);
    });

    it('a group writer who is not an administrator cannot grant what they do not hold', async () => {
      const delegates = await createGroup(['ROLE_USER', 'GROUP_R', 'GROUP_W', 'RDR_R']);
      const d = await member([delegates.code]);
      const ok = await d.call({ method: 'POST', url: GROUPS, payload: { code: uniqueName('DG'), name: 'Readers', authorities: ['ROLE_USER', 'RDR_R'] } });
      expect(ok.statusCode).toBe(201);
      for (const authorities of [['ROLE_ADMIN'], ['RDR_W']]) {
        const res = await d.call({ method: 'POST', url: GROUPS, payload: { code: uniqueName('DG'), name: 'Escalate', authorities } });
        expect(res.statusCode, authorities.join()).toBe(403);
      }
      const plain = await createGroup(['ROLE_USER']);
      const widen = await d.call({ method: 'PUT', url: `${GROUPS}/${plain.id}`, payload: { version: plain.version, authorities: ['ROLE_USER', 'GROUP_R'] } });
      expect(widen.statusCode).toBe(200);
      const writers = await createGroup(['ROLE_USER', 'RDR_W']);
      const strip = await d.call({ method: 'PUT', url: `${GROUPS}/${writers.id}`, payload: { version: writers.version, authorities: ['ROLE_USER'] } });
      expect(strip.statusCode).toBe(403);
      // no GROUP_D: no delete
      expect((await d.call({ method: 'PUT', url: `${GROUPS}/${ok.json().data.id}/delete` })).statusCode).toBe(403);
    });
  });

  describe('authorities', () => {
    it('lists every authority with its description, role flag and the groups that grant it', async () => {
      const res = await admin({ method: 'GET', url: `${AUTHORITIES}?unpaged=true` });
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items as { code: string; description: string; isRole: boolean; groups: { code: string }[] }[];
      expect(items.length).toBe(res.json().data.total);
      expect(items.length).toBeGreaterThan(100);
      expect(items[0]!.isRole).toBe(true);
      const userW = items.find((a) => a.code === 'USER_W')!;
      expect(userW).toMatchObject({ description: 'Users: write', isRole: false });
      expect(userW.groups.map((g) => g.code)).toEqual(expect.arrayContaining(['ADMINISTRATORS', 'MANAGERS']));
      expect(items.find((a) => a.code === 'ROLE_ADMIN')!.groups.map((g) => g.code)).toEqual(['ADMINISTRATORS']);
    });

    it('searches and filters', async () => {
      const q = encodeURIComponent(JSON.stringify({ query: 'session', filters: [{ field: 'isRole', op: 'eq', value: false }] }));
      const res = await admin({ method: 'GET', url: `${AUTHORITIES}?q=${q}&sort=code,asc` });
      expect(res.json().data.items.map((a: { code: string }) => a.code)).toEqual(['SESSION_D', 'SESSION_R', 'SESSION_W']);
      expect((await admin({ method: 'GET', url: `${AUTHORITIES}?sort=groups,asc` })).statusCode).toBe(400);
      expect((await admin({ method: 'GET', url: `${AUTHORITIES}?q=${encodeURIComponent('{"filters":[{"field":"code","op":"eq","value":"x"}]}')}` })).statusCode).toBe(400);
    });

    it('is read-only', async () => {
      expect((await admin({ method: 'POST', url: AUTHORITIES, payload: { code: 'X_R', description: 'x' } })).statusCode).toBe(404);
    });
  });

  describe('permissions', () => {
    it('a manager gets 403 on groups and authorities', async () => {
      const { call: manager } = await caller(t.app, 'manager');
      const operators = await groupByCode('OPERATORS');
      for (const request of [
        { method: 'GET' as const, url: GROUPS },
        { method: 'GET' as const, url: `${GROUPS}/${operators.id}` },
        { method: 'POST' as const, url: GROUPS, payload: { code: 'MGR', name: 'M', authorities: [] } },
        { method: 'PUT' as const, url: `${GROUPS}/${operators.id}`, payload: { version: operators.version, name: 'Hijacked' } },
        { method: 'PUT' as const, url: `${GROUPS}/${operators.id}/delete` },
        { method: 'GET' as const, url: AUTHORITIES },
      ]) {
        const res = await manager(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      }
      expect((await groupByCode('OPERATORS')).name).toBe('Operatori');
    });
  });
});

describe('base groups after deletion', () => {
  it('does not bring a deleted base group back at the next start', async () => {
    const { createTestApp: create, signIn: sign, as: asUser, TEST_DATABASE_URL: pgUrl } = await import('../support/test-app.js');
    const { sql: rawSql } = await import('kysely');
    const { prepareDatabase } = await import('../../src/startup.js');
    const t = await create();
    try {
      const admin = asUser(t.app, (await sign(t.app, 'admin')).token);
      const groups = (await admin({ method: 'GET', url: '/api/security/groups?size=100' })).json().data.items as { id: number; code: string; memberCount?: number }[];
      const backoffice = groups.find((g) => g.code === 'BACKOFFICE')!;
      // BACKOFFICE has the demo user "expired": empty it first
      const expired = (await admin({ method: 'GET', url: `/api/security/users?q=${encodeURIComponent(JSON.stringify({ query: 'expired' }))}` })).json().data.items[0];
      expect((await admin({ method: 'PUT', url: `/api/security/users/${expired.id}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ version: expired.version, groups: ['OPERATORS'] }) })).statusCode).toBe(200);
      expect((await admin({ method: 'PUT', url: `/api/security/groups/${backoffice.id}/delete` })).statusCode).toBe(200);
      const schema = pgUrl ? (await rawSql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s : undefined;
      await prepareDatabase(t.db, t.config, { info: () => undefined, warn: () => undefined }, schema ? { schema } : {});
      const after = (await admin({ method: 'GET', url: '/api/security/groups?size=100' })).json().data.items as { code: string }[];
      expect(after.map((g) => g.code)).not.toContain('BACKOFFICE');
    } finally {
      await t.close();
    }
  });
});

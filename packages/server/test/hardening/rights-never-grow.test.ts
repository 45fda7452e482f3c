import { isRole } from '@circula/model';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type Call } from '../configuration/support.js';
import { STRONG_PASSWORD } from '../security/support.js';
import { as, createTestApp, signIn, type TestApp } from '../support/test-app.js';

/**
 * Issue 13, "rights never grow": no user reaches a user, a group or a session of someone with more
 * rights than their own — more rights being ROLE_ADMIN, or any feature authority the caller lacks —
 * by any route, and nobody's own rights grow. Generated over every demo role (plus a delegate who
 * holds every security authority but not ROLE_ADMIN) × every route that acts on a user, a group or
 * a session: each call is refused and the whole security state is unchanged.
 */

const CALLERS = ['manager', 'operator', 'owner', 'verifier', 'logistic', 'customer', 'onboard', 'delegate'];
/** A refusal: forbidden, unknown to the caller, or (a version the caller could not know) invalid. */
const REFUSED = [400, 403, 404];
const SECURITY_AUTHORITIES = ['USER_R', 'USER_W', 'USER_D', 'GROUP_R', 'GROUP_W', 'GROUP_D', 'SESSION_R', 'SESSION_D', 'AUTHORITY_R'];

interface Person {
  id: number;
  username: string;
  authorities: string[];
  session: string;
  call: Call;
}

interface Group {
  id: number;
  code: string;
  authorities: string[];
}

/** True when `rights` hold something `mine` does not: ROLE_ADMIN, or a feature authority (other roles describe a kind of user, not rights). */
const beyond = (mine: string[], rights: string[]) => rights.some((a) => (a === 'ROLE_ADMIN' || !isRole(a)) && !mine.includes(a));

type Route = (caller: Person, ctx: { user?: Person; group?: Group; version: (userId: number) => Promise<number>; groupVersion: (id: number) => Promise<number> }) => Promise<LightMyRequestResponse>;

/** Routes that act on another user. */
const USER_ROUTES: Record<string, Route> = {
  'change the user': async (c, { user, version }) =>
    c.call({ method: 'PUT', url: `/api/security/users/${user!.id}`, ...json({ version: await version(user!.id), email: `preso-${user!.id}@example.org`, firstName: 'Preso' }) }),
  'disable the user': async (c, { user, version }) => c.call({ method: 'PUT', url: `/api/security/users/${user!.id}`, ...json({ version: await version(user!.id), enabled: false }) }),
  'take the user out of their groups': async (c, { user, version }) =>
    c.call({ method: 'PUT', url: `/api/security/users/${user!.id}`, ...json({ version: await version(user!.id), groups: [] }) }),
  "reset the user's password": (c, { user }) => c.call({ method: 'PUT', url: `/api/security/users/${user!.id}/reset-password` }),
  'force a password change': async (c, { user, version }) =>
    c.call({ method: 'PUT', url: `/api/security/users/${user!.id}/force-password-change`, ...json({ version: await version(user!.id) }) }),
  'end a session (administration)': (c, { user }) => c.call({ method: 'PUT', url: `/api/security/sessions/${user!.session}/revoke` }),
  'end a session (own sessions)': (c, { user }) => c.call({ method: 'PUT', url: `/api/auth/sessions/${user!.session}/revoke` }),
  "write the user's settings": (c, { user }) => c.call({ method: 'PUT', url: `/api/conf/user/settings/${user!.id}/theme/`, ...json({ dark: true }) }),
  "accept privacy notices for the user": (c, { user }) => c.call({ method: 'PUT', url: `/api/subjects/subjects/accept-privacies/${user!.id}` }),
};

/** Routes that act on a group. */
const GROUP_ROUTES: Record<string, Route> = {
  'rename the group': async (c, { group, groupVersion }) =>
    c.call({ method: 'PUT', url: `/api/security/groups/${group!.id}`, ...json({ version: await groupVersion(group!.id), name: 'Preso' }) }),
  'take a right of its own from the group': async (c, { group, groupVersion }) =>
    c.call({
      method: 'PUT',
      url: `/api/security/groups/${group!.id}`,
      ...json({ version: await groupVersion(group!.id), authorities: group!.authorities.filter((a) => !c.authorities.includes(a) || isRole(a)) }),
    }),
  'delete the group': (c, { group }) => c.call({ method: 'PUT', url: `/api/security/groups/${group!.id}/delete` }),
  'join the group': async (c, { group, version }) => {
    const own = (await sql<{ code: string }>`select g.code from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = ${c.id}`.execute(tApp().db)).rows.map((r) => r.code);
    return c.call({ method: 'PUT', url: `/api/security/users/${c.id}`, ...json({ version: await version(c.id), groups: [...own, group!.code] }) });
  },
  'create a user in the group': (c, { group }) =>
    c.call({
      method: 'POST',
      url: '/api/security/users',
      ...json({ username: `alter${c.id}x${group!.id}`, email: `alter${c.id}x${group!.id}@example.org`, firstName: 'Alter', lastName: 'Ego', groups: [group!.code], password: STRONG_PASSWORD }),
    }),
  'create a group with its rights': (c, { group }) =>
    c.call({ method: 'POST', url: '/api/security/groups', ...json({ code: `COPY_${c.id}_${group!.id}`, name: 'Copia', authorities: group!.authorities }) }),
};

let current: TestApp;
const tApp = () => current;

describe('rights never grow', () => {
  let t: TestApp;
  const people = new Map<string, Person>();
  let groups: Group[] = [];

  /** Everything that says who may do what, and who is signed in. */
  const securityState = async () => ({
    users: (await sql`select id, username, email, first_name, enabled, password_hash, password_temporary, version, subject_id from users order by id`.execute(t.db)).rows,
    memberships: (await sql`select user_id, group_id from user_groups order by user_id, group_id`.execute(t.db)).rows,
    groups: (await sql`select id, code, name, version from groups order by id`.execute(t.db)).rows,
    grants: (await sql`select group_id, authority_code from group_authorities order by group_id, authority_code`.execute(t.db)).rows,
    sessions: (await sql`select id, revoked_at from sessions order by id`.execute(t.db)).rows,
    settings: (await sql`select user_id, key, value from user_settings order by user_id, key`.execute(t.db)).rows,
    privacy: (await sql`select count(*)::int as n from privacy_acceptance`.execute(t.db)).rows,
  });
  const version = async (userId: number) => Number((await sql<{ version: number }>`select version from users where id = ${userId}`.execute(t.db)).rows[0]!.version);
  const groupVersion = async (id: number) => Number((await sql<{ version: number }>`select version from groups where id = ${id}`.execute(t.db)).rows[0]!.version);
  const authoritiesOf = async (userId: number) =>
    (await sql<{ a: string }>`select distinct ga.authority_code as a from user_groups ug join group_authorities ga on ga.group_id = ug.group_id where ug.user_id = ${userId} order by 1`.execute(t.db)).rows.map((r) => r.a);

  beforeAll(async () => {
    t = current = await createTestApp();
    const admin = as(t.app, (await signIn(t.app, 'admin')).token);
    // a delegate holding every security authority but not ROLE_ADMIN, and a group above everyone but the administrators that nobody belongs to
    for (const [code, authorities] of [
      ['SECURITY_DELEGATES', ['ACCESS_BACKOFFICE', ...SECURITY_AUTHORITIES]],
      ['SPARE_ADMINISTRATORS', ['ROLE_ADMIN', 'ACCESS_BACKOFFICE']],
    ] as const) {
      const res = await admin({ method: 'POST', url: '/api/security/groups', ...json({ code, name: code, authorities }) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const delegate = await admin({
      method: 'POST',
      url: '/api/security/users',
      ...json({ username: 'delegate', email: 'delegate@example.org', firstName: 'De', lastName: 'Legate', groups: ['SECURITY_DELEGATES'], password: STRONG_PASSWORD }),
    });
    expect(delegate.statusCode, delegate.body).toBe(201);
    for (const username of ['admin', ...CALLERS]) {
      const user = await signIn(t.app, username, username === 'delegate' ? STRONG_PASSWORD : undefined);
      const session = (await sql<{ id: string }>`select id from sessions where user_id = ${user.id} and revoked_at is null order by created_at desc limit 1`.execute(t.db)).rows[0]!.id;
      people.set(username, { id: user.id, username, authorities: await authoritiesOf(user.id), session, call: as(t.app, user.token) });
    }
    const rows = (await sql<{ id: number; code: string }>`select id, code from groups order by id`.execute(t.db)).rows;
    groups = await Promise.all(
      rows.map(async (g) => ({
        id: Number(g.id),
        code: g.code,
        authorities: (await sql<{ a: string }>`select authority_code as a from group_authorities where group_id = ${g.id} order by 1`.execute(t.db)).rows.map((r) => r.a),
      })),
    );
  });
  afterAll(() => t.close());

  for (const username of CALLERS) {
    describe(username, () => {
      for (const [name, route] of Object.entries(USER_ROUTES)) {
        it(`cannot ${name} of anyone with more rights`, async () => {
          const caller = people.get(username)!;
          const above = [...people.values()].filter((p) => p.id !== caller.id && beyond(caller.authorities, p.authorities));
          expect(above.length, 'someone has more rights').toBeGreaterThan(0);
          const before = await securityState();
          for (const user of above) {
            const res = await route(caller, { user, version, groupVersion });
            expect(REFUSED, `${user.username}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          }
          expect(await securityState()).toEqual(before);
        });
      }
      for (const [name, route] of Object.entries(GROUP_ROUTES)) {
        it(`cannot ${name} when the group has more rights`, async () => {
          const caller = people.get(username)!;
          const above = groups.filter((g) => beyond(caller.authorities, g.authorities));
          expect(above.map((g) => g.code)).toContain('ADMINISTRATORS');
          const before = await securityState();
          for (const group of above) {
            const res = await route(caller, { group, version, groupVersion });
            expect(REFUSED, `${group.code}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          }
          expect(await securityState()).toEqual(before);
          expect(await authoritiesOf(caller.id)).toEqual(caller.authorities);
        });
      }
    });
  }

  it('the delegate still manages those below: the rule refuses only what is above', async () => {
    const delegate = people.get('delegate')!;
    // the user in registration holds no right the delegate lacks
    const onboard = people.get('onboard')!;
    const res = await delegate.call({ method: 'PUT', url: `/api/security/sessions/${onboard.session}/revoke` });
    expect(res.statusCode, res.body).toBe(200);
    const group = groups.find((g) => g.code === 'ONBOARDING')!;
    const renamed = await delegate.call({ method: 'PUT', url: `/api/security/groups/${group.id}`, ...json({ version: await groupVersion(group.id), name: 'Sola lettura' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

import { AUTHORITY_PREFIXES, authority, type AuthorityPrefix, type SecurityAuthorization, type SecurityProfile } from '@circula/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { caller, STRONG_PASSWORD, uniqueName, type Call } from './support.js';

const PROFILES = '/api/security/profiles';
const AUTHORIZATIONS = '/api/security/authorizations';
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The read-only views of the security model (spec §2 "profiles" and "authorizations"). */
describe('security API: profiles and authorizations', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let operator: Call;
  let username: string;
  let userId: number;
  let groupA: string;
  let groupB: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await caller(t.app, 'admin')).call;
    manager = (await caller(t.app, 'manager')).call;
    operator = (await caller(t.app, 'operator')).call;
    // a user in two groups whose grants overlap (RDR) and differ (INVOICE read, VEHICLE write)
    groupA = uniqueName('PA').toUpperCase();
    groupB = uniqueName('PB').toUpperCase();
    for (const [code, authorities] of [
      [groupA, ['ACCESS_BACKOFFICE', 'RDR_R', 'RDR_W', 'INVOICE_R']],
      [groupB, ['ROLE_USER', 'RDR_R', 'VEHICLE_R', 'VEHICLE_W', 'VEHICLE_D']],
    ] as const) {
      const res = await admin({ method: 'POST', url: '/api/security/groups', payload: { code, name: `Gruppo ${code}`, authorities } });
      expect(res.statusCode, res.body).toBe(201);
    }
    username = uniqueName('due');
    const res = await admin({
      method: 'POST',
      url: '/api/security/users',
      payload: { username, email: `${username}@example.org`, firstName: 'Doppio', lastName: 'Gruppo', groups: [groupA, groupB], password: STRONG_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    userId = res.json().data.id;
  }, 240_000);
  afterAll(() => t.close());

  it("answers a user's groups and effective rights: the union of the groups' authorities", async () => {
    const res = await manager({ method: 'GET', url: `${PROFILES}?q=${q({ query: username })}` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { items: SecurityProfile[]; total: number };
    expect(data.total).toBe(1);
    const profile = data.items[0]!;
    expect(profile).toMatchObject({ userId, username, firstName: 'Doppio', admin: false, roles: ['ACCESS_BACKOFFICE', 'ROLE_USER'] });
    expect(profile.groups.map((g) => g.code).sort()).toEqual([groupA, groupB].sort());
    expect(profile.rights).toEqual([
      { prefix: 'RDR', description: AUTHORITY_PREFIXES.RDR, read: true, write: true, delete: false },
      { prefix: 'INVOICE', description: AUTHORITY_PREFIXES.INVOICE, read: true, write: false, delete: false },
      { prefix: 'VEHICLE', description: AUTHORITY_PREFIXES.VEHICLE, read: true, write: true, delete: true },
    ]);
    // the same rights the server grants at sign-in (the principal's authorities)
    const me = await caller(t.app, username, STRONG_PASSWORD);
    const who = await me.call({ method: 'GET', url: '/api/auth/whoami' });
    const held = new Set<string>(who.json().data.authorities as string[]);
    expect(held.has('RDR_W')).toBe(true);
    const expected = (Object.keys(AUTHORITY_PREFIXES) as AuthorityPrefix[])
      .map((prefix) => ({ prefix, read: held.has(authority(prefix, 'R')), write: held.has(authority(prefix, 'W')), delete: held.has(authority(prefix, 'D')) }))
      .filter((r) => r.read || r.write || r.delete);
    expect(profile.rights.map(({ prefix, read, write, delete: d }) => ({ prefix, read, write, delete: d }))).toEqual(expected);
  });

  it('gives an administrator every right, and pages on the server', async () => {
    const res = await admin({ method: 'GET', url: `${PROFILES}?size=2&page=0` });
    const data = res.json().data as { items: SecurityProfile[]; total: number; size: number };
    expect(data.items.length).toBe(2);
    expect(data.size).toBe(2);
    expect(data.total).toBeGreaterThan(5);
    const adminProfile = ((await admin({ method: 'GET', url: `${PROFILES}?q=${q({ query: 'admin' })}` })).json().data.items as SecurityProfile[]).find((p) => p.username === 'admin')!;
    expect(adminProfile.admin).toBe(true);
    expect(adminProfile.rights.length).toBe(Object.keys(AUTHORITY_PREFIXES).length);
    expect(adminProfile.rights.every((r) => r.read && r.write && r.delete)).toBe(true);
  });

  it('answers who holds an authority: the groups granting it and their users', async () => {
    const res = await admin({ method: 'GET', url: `${AUTHORIZATIONS}?size=500` });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as SecurityAuthorization[];
    const vehicleWrite = items.find((a) => a.code === 'VEHICLE_W')!;
    expect(vehicleWrite.groups.map((g) => g.code)).toContain(groupB);
    expect(vehicleWrite.groups.map((g) => g.code)).not.toContain(groupA);
    expect(vehicleWrite.users.map((u) => u.username)).toContain(username);
    expect(vehicleWrite.areas).toContain('vehicles');
    const invoiceRead = items.find((a) => a.code === 'INVOICE_R')!;
    expect(invoiceRead.users.map((u) => u.username)).toContain(username);
    expect(invoiceRead.areas).toEqual(expect.arrayContaining(['invoices', 'supplier-invoices']));
    // counted from the tables: the users of every group that grants it
    const { rows } = await t.db
      .selectFrom('group_authorities as ga')
      .innerJoin('user_groups as ug', 'ug.group_id', 'ga.group_id')
      .select((eb) => eb.fn.count<number>('ug.user_id').distinct().as('n'))
      .where('ga.authority_code', '=', 'INVOICE_R')
      .execute()
      .then((r) => ({ rows: r }));
    expect(invoiceRead.userCount).toBe(Number(rows[0]!.n));
    expect(items.find((a) => a.code === 'ROLE_ADMIN')).toMatchObject({ isRole: true, areas: [] });
    // searched as the authorities list
    const found = (await admin({ method: 'GET', url: `${AUTHORIZATIONS}?q=${q({ query: 'VEHICLE_W' })}` })).json().data;
    expect(found.items.map((a: SecurityAuthorization) => a.code)).toEqual(['VEHICLE_W']);
  });

  it('refuses both views to users without the area authority (403)', async () => {
    expect((await operator({ method: 'GET', url: PROFILES })).statusCode).toBe(403);
    expect((await operator({ method: 'GET', url: AUTHORIZATIONS })).statusCode).toBe(403);
    // authorizations are the administrators' (AUTHORITY is admin-only); profiles are also the managers'
    expect((await manager({ method: 'GET', url: AUTHORIZATIONS })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: PROFILES })).statusCode).toBe(200);
  });
});

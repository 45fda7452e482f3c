import { AREAS, AUTHORITY_PREFIXES, AUTHORIZATION_MAX_USERS, authority, isRole, type AuthorityPrefix, type Page, type ProfileRight, type SecurityAuthorization, type SecurityProfile } from '@circula/model';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { assertCan } from '../records/policy.js';
import { compileListSearch, paging, parseQuery } from '../records/search.js';
import { AUTHORITY_LIST, parseUserQuery, USER_LIST } from './lists.js';

export interface SecurityViewParams {
  q?: string;
  page?: number;
  size?: number;
  sort?: string;
}

/** The areas of spec §2 "profiles" (user profiles: read by who reads users) and "authorizations" (who holds an authority: read by who reads authorities). */
const PROFILES = { authority: 'USER' } as const;
const AUTHORIZATIONS = { authority: 'AUTHORITY' } as const;

const PREFIXES = Object.entries(AUTHORITY_PREFIXES) as [AuthorityPrefix, string][];

/**
 * A user's effective rights from the authorities of their groups: what `can` (records/policy.ts)
 * lets them do on each feature. ROLE_ADMIN passes everything, so an administrator holds every right.
 */
export function effectiveRights(authorities: readonly string[]): ProfileRight[] {
  const held = new Set(authorities);
  const admin = held.has('ROLE_ADMIN');
  return PREFIXES.map(([prefix, description]) => ({
    prefix,
    description,
    read: admin || held.has(authority(prefix, 'R')),
    write: admin || held.has(authority(prefix, 'W')),
    delete: admin || held.has(authority(prefix, 'D')),
  })).filter((r) => r.read || r.write || r.delete);
}

/** The route areas an authority opens: those gated by its feature prefix (`RDR_R` → rdr). */
export function areasOf(code: string): string[] {
  const prefix = code.replace(/_[RWD]$/, '');
  if (prefix === code) return [];
  return AREAS.filter((a) => a.authority === prefix).map((a) => a.route);
}

/**
 * Read-only views of the security model (spec §2 "profiles" and "authorizations"): no second
 * source, only the users, groups and their authorities the security administration keeps
 * (tables users, user_groups, groups, group_authorities, authorities), paged by the server.
 */
export class SecurityViewService {
  constructor(private readonly db: Db) {}

  /** Users with their groups, roles and effective rights; searched and sorted as the users list. */
  async profiles(principal: Principal, params: SecurityViewParams): Promise<Page<SecurityProfile>> {
    assertCan(principal, PROFILES, 'R');
    const { where, orderBy } = compileListSearch(USER_LIST, parseUserQuery(params.q), params.sort);
    const { page, size } = paging(params);
    let base = this.db.selectFrom('users as u');
    for (const condition of where) base = base.where(condition);
    const [users, count] = await Promise.all([
      base.select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.enabled']).orderBy(orderBy).limit(size).offset(page * size).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const ids = users.map((u) => u.id);
    const [memberships, grants] = ids.length
      ? await Promise.all([
          this.db
            .selectFrom('user_groups as ug')
            .innerJoin('groups as g', 'g.id', 'ug.group_id')
            .select(['ug.user_id', 'g.code', 'g.name'])
            .where('ug.user_id', 'in', ids)
            .orderBy('g.code')
            .execute(),
          this.db
            .selectFrom('user_groups as ug')
            .innerJoin('group_authorities as ga', 'ga.group_id', 'ug.group_id')
            .select(['ug.user_id', 'ga.authority_code'])
            .where('ug.user_id', 'in', ids)
            .distinct()
            .execute(),
        ])
      : [[], []];
    const items = users.map((u): SecurityProfile => {
      const authorities = grants.filter((g) => g.user_id === u.id).map((g) => g.authority_code);
      return {
        userId: Number(u.id),
        username: u.username,
        firstName: u.first_name,
        lastName: u.last_name,
        enabled: u.enabled,
        groups: memberships.filter((m) => m.user_id === u.id).map((m) => ({ code: m.code, name: m.name })),
        roles: authorities.filter(isRole).sort(),
        admin: authorities.includes('ROLE_ADMIN'),
        rights: effectiveRights(authorities),
      };
    });
    return { items, total: Number(count.total), page, size };
  }

  /** Authorities with the groups granting them and the users of those groups; searched and sorted as the authorities list. */
  async authorizations(principal: Principal, params: SecurityViewParams): Promise<Page<SecurityAuthorization>> {
    assertCan(principal, AUTHORIZATIONS, 'R');
    const { where, orderBy } = compileListSearch(AUTHORITY_LIST, parseQuery(params.q), params.sort);
    const { page, size } = paging(params);
    let base = this.db.selectFrom('authorities as a');
    for (const condition of where) base = base.where(condition);
    const [rows, count] = await Promise.all([
      base.select(['a.code', 'a.description', 'a.is_role']).orderBy(orderBy).orderBy('a.code').limit(size).offset(page * size).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const codes = rows.map((r) => r.code);
    const [groups, users] = codes.length
      ? await Promise.all([
          this.db
            .selectFrom('group_authorities as ga')
            .innerJoin('groups as g', 'g.id', 'ga.group_id')
            .select(['ga.authority_code', 'g.code', 'g.name'])
            .where('ga.authority_code', 'in', codes)
            .orderBy('g.code')
            .execute(),
          this.db
            .selectFrom('group_authorities as ga')
            .innerJoin('user_groups as ug', 'ug.group_id', 'ga.group_id')
            .innerJoin('users as u', 'u.id', 'ug.user_id')
            .select(['ga.authority_code', 'u.id', 'u.username'])
            .where('ga.authority_code', 'in', codes)
            .distinct()
            .orderBy('u.username')
            .execute(),
        ])
      : [[], []];
    const items = rows.map((r): SecurityAuthorization => {
      const holders = users.filter((u) => u.authority_code === r.code);
      return {
        code: r.code,
        description: r.description,
        isRole: r.is_role,
        areas: r.is_role ? [] : areasOf(r.code),
        groups: groups.filter((g) => g.authority_code === r.code).map((g) => ({ code: g.code, name: g.name })),
        users: holders.slice(0, AUTHORIZATION_MAX_USERS).map((u) => ({ id: Number(u.id), username: u.username })),
        userCount: holders.length,
      };
    });
    return { items, total: Number(count.total), page, size };
  }
}

import { type CreateGroupInput, type Page, type SecurityGroup, type UpdateGroupInput } from '@circula/model';
import { sql } from 'kysely';
import type { PrincipalCache } from '../auth/principal-cache.js';
import { orderAuthorities, type Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { conflict, constraintViolation, isUniqueViolation, notFound } from '../http/errors.js';
import { assertCan } from '../records/policy.js';
import {
  ADMINISTRATORS,
  AREA,
  assertWithinCaller,
  revokeUserSessions,
  toIso,
  type Executor,
} from './common.js';
import { GROUP_LIST } from './lists.js';
import { compileListSearch, paging, parseQuery } from '../records/search.js';
import { securityEvent } from '../monitor/events.js';

export interface GroupSearchParams {
  q?: string;
  page?: number;
  size?: number;
  sort?: string;
  unpaged?: boolean;
}

const codeTaken = () => constraintViolation([{ field: 'code', message: 'ALREADY_EXISTS' }]);

export class GroupAdminService {
  constructor(
    private readonly db: Db,
    private readonly principals: PrincipalCache,
  ) {}

  async search(principal: Principal, params: GroupSearchParams): Promise<Page<SecurityGroup>> {
    assertCan(principal, AREA.groups, 'R');
    const { where, orderBy } = compileListSearch(GROUP_LIST, parseQuery(params.q), params.sort);
    const { page, size } = paging(params);

    let base = this.db.selectFrom('groups as g');
    for (const condition of where) base = base.where(condition);
    const ids = await base.select('g.id').orderBy(orderBy).limit(size).offset(page * size).execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { items: await loadGroups(this.db, ids.map((r) => r.id)), total: Number(count.total), page, size };
  }

  async get(principal: Principal, id: number): Promise<SecurityGroup> {
    assertCan(principal, AREA.groups, 'R');
    const [group] = await loadGroups(this.db, [id]);
    if (!group) throw notFound();
    return group;
  }

  async create(principal: Principal, input: CreateGroupInput): Promise<SecurityGroup> {
    assertCan(principal, AREA.groups, 'W');
    const code = input.code.toUpperCase();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const authorities = await resolveAuthorities(trx, input.authorities);
        assertWithinCaller(principal, authorities, 'CANT_GRANT_AUTHORITIES');
        const taken = await trx.selectFrom('groups').select('id').where('code', '=', code).executeTakeFirst();
        if (taken) throw codeTaken();
        const created = await trx.insertInto('groups').values({ code, name: input.name }).returning('id').executeTakeFirstOrThrow();
        if (authorities.length) {
          await trx.insertInto('group_authorities').values(authorities.map((a) => ({ group_id: created.id, authority_code: a }))).execute();
        }
        return (await loadGroups(trx, [created.id]))[0]!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  /**
   * Renames a group and/or replaces its authorities. When the authorities change, every member's
   * sessions end: their signed-in clients hold the old rights and must sign in again.
   */
  async update(principal: Principal, id: number, input: UpdateGroupInput): Promise<SecurityGroup> {
    assertCan(principal, AREA.groups, 'W');
    const updated = await this.db.transaction().execute(async (trx) => {
      const group = await trx.selectFrom('groups').select(['id', 'code', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!group) throw notFound();
      await assertGroupWithinCaller(trx, principal, id);
      if (group.version !== input.version) throw conflict();
      await trx
        .updateTable('groups')
        .set((eb) => ({ version: eb('version', '+', 1), ...(input.name !== undefined ? { name: input.name } : {}) }))
        .where('id', '=', id)
        .execute();
      if (input.authorities !== undefined) {
        const next = await resolveAuthorities(trx, input.authorities);
        if (group.code === ADMINISTRATORS && !next.includes('ROLE_ADMIN')) {
          throw constraintViolation([{ field: 'authorities', message: 'ADMINISTRATORS_KEEP_ROLE_ADMIN' }]);
        }
        const current = (await trx.selectFrom('group_authorities').select('authority_code').where('group_id', '=', id).execute()).map(
          (r) => r.authority_code,
        );
        const added = next.filter((a) => !current.includes(a));
        const removed = current.filter((a) => !next.includes(a));
        // taking away a right one does not hold is as much beyond the caller as granting it
        assertWithinCaller(principal, [...added, ...removed], 'CANT_GRANT_AUTHORITIES');
        if (removed.length) {
          await trx.deleteFrom('group_authorities').where('group_id', '=', id).where('authority_code', 'in', removed).execute();
        }
        if (added.length) {
          await trx.insertInto('group_authorities').values(added.map((a) => ({ group_id: id, authority_code: a }))).execute();
        }
        if (added.length || removed.length) {
          const members = await trx.selectFrom('user_groups').select('user_id').where('group_id', '=', id).execute();
          await securityEvent(trx, {
            type: 'PRIVILEGE_CHANGED',
            userId: principal.userId,
            username: principal.username,
            detail: `group ${group.code}: authorities${added.length ? ` +${added.join(', ')}` : ''}${removed.length ? ` -${removed.join(', ')}` : ''}`,
          });
          await revokeUserSessions(trx, members.map((m) => m.user_id), 'GROUP_AUTHORITIES_CHANGED', principal);
        }
      }
      return (await loadGroups(trx, [id]))[0]!;
    });
    this.principals.invalidate();
    return updated;
  }

  /** Deletes a group without members (groups have no soft delete); ADMINISTRATORS stays. */
  async remove(principal: Principal, id: number): Promise<SecurityGroup> {
    assertCan(principal, AREA.groups, 'D');
    return this.db.transaction().execute(async (trx) => {
      // the row lock also holds back a concurrent membership insert (its foreign-key check)
      const group = await trx.selectFrom('groups').select(['id', 'code']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!group) throw notFound();
      await assertGroupWithinCaller(trx, principal, id);
      if (group.code === ADMINISTRATORS) throw conflict('CANT_DELETE_ADMINISTRATORS');
      const [before] = await loadGroups(trx, [id]);
      if (before!.memberCount > 0) throw conflict('GROUP_HAS_MEMBERS');
      await trx.deleteFrom('groups').where('id', '=', id).execute();
      return before!;
    });
  }
}

/**
 * Rights never grow: a group granting more than the caller holds (ROLE_ADMIN, a feature authority
 * the caller lacks) is changed or deleted only by someone who holds it all.
 */
async function assertGroupWithinCaller(executor: Executor, principal: Principal, groupId: number): Promise<void> {
  const rows = await executor.selectFrom('group_authorities').select('authority_code').where('group_id', '=', groupId).execute();
  assertWithinCaller(principal, rows.map((r) => r.authority_code), 'CANT_MANAGE_PRIVILEGED_GROUP');
}

/** Authority codes → the existing ones, deduplicated; an unknown code is a CONSTRAINT_VIOLATION on `authorities`. */
async function resolveAuthorities(executor: Executor, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return [];
  const found = await executor.selectFrom('authorities').select('code').where('code', 'in', wanted).execute();
  if (found.length !== wanted.length) throw constraintViolation([{ field: 'authorities', message: 'UNKNOWN_AUTHORITY' }]);
  return found.map((f) => f.code);
}

export async function loadGroups(executor: Executor, ids: number[]): Promise<SecurityGroup[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .selectFrom('groups as g')
    .select([
      'g.id',
      'g.code',
      'g.name',
      'g.version',
      'g.created_at',
      sql<string[]>`array(select ga.authority_code from group_authorities ga where ga.group_id = g.id)`.as('authorities'),
      sql<number>`(select count(*) from user_groups ug where ug.group_id = g.id)`.as('memberCount'),
    ])
    .where('g.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        code: row.code,
        name: row.name,
        authorities: orderAuthorities(row.authorities),
        memberCount: Number(row.memberCount),
        version: row.version,
        createdAt: toIso(row.created_at),
      },
    ];
  });
}

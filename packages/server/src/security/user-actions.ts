import { sql } from 'kysely';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { conflict, notFound } from '../http/errors.js';
import { assertCan } from '../records/policy.js';
import { AREA, assertWithinCaller, beyondCaller, revokeUserSessions } from './common.js';
import type { SecurityUser } from '@circula/model';
import { loadUsers } from './users.js';

/**
 * The smaller user actions of the administration pages and of the profile page, next to the
 * user CRUD of users.ts: forcing a password change, and a user's own language.
 */
export class UserActionService {
  constructor(
    private readonly db: Db,
    private readonly principals: PrincipalCache,
  ) {}

  /**
   * Marks the user's password as expired (the next sign-in goes through change-password) and ends
   * their sessions, so the change applies now. Needs USER_W and the same reach as any other edit
   * of that user; `version` as the editor saw it (a stale one is a 409).
   */
  async forcePasswordChange(principal: Principal, id: number, version: number): Promise<SecurityUser> {
    assertCan(principal, AREA.users, 'W');
    const user = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound();
      const groups = await trx
        .selectFrom('user_groups as ug')
        .innerJoin('group_authorities as ga', 'ga.group_id', 'ug.group_id')
        .select('ga.authority_code')
        .distinct()
        .where('ug.user_id', '=', id)
        .execute();
      assertWithinCaller(principal, groups.map((g) => g.authority_code), 'CANT_MANAGE_PRIVILEGED_USER');
      if (row.version !== version) throw conflict();
      await trx
        .updateTable('users')
        .set({ password_temporary: true, version: sql`version + 1`, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await revokeUserSessions(trx, [id], 'PASSWORD_CHANGE_FORCED');
      return (await loadUsers(trx, [id]))[0]!;
    });
    this.principals.invalidate();
    return user;
  }

  /**
   * The groups the caller may give a user (USER_W): every group for an administrator, for anyone
   * else those granting nothing beyond the caller's own rights. The user form's picker; the groups
   * list itself stays an administrators' page.
   */
  async assignableGroups(principal: Principal): Promise<{ items: { code: string; name: string }[] }> {
    assertCan(principal, AREA.users, 'W');
    const rows = await this.db
      .selectFrom('groups as g')
      .select(['g.code', 'g.name', sql<string[]>`array(select ga.authority_code from group_authorities ga where ga.group_id = g.id)`.as('authorities')])
      .orderBy('g.code')
      .execute();
    return { items: rows.filter((g) => beyondCaller(principal, g.authorities).length === 0).map((g) => ({ code: g.code, name: g.name })) };
  }

  /** The caller's own language (the profile page); no authority needed. */
  async setOwnLanguage(principal: Principal, lang: string): Promise<{ lang: string }> {
    const updated = await this.db
      .updateTable('users')
      .set({ lang, version: sql`version + 1`, updated_at: new Date() })
      .where('id', '=', principal.userId)
      .returning('lang')
      .executeTakeFirst();
    if (!updated) throw notFound();
    // the cached principal carries the language: the next request sees the new one
    this.principals.invalidate();
    return { lang: updated.lang ?? lang };
  }
}

import { isRole, type CreateUserInput, type Page, type SecurityUser, type UpdateUserInput, type UserWithPassword } from '@circula/model';
import { sql } from 'kysely';
import type { AuthService } from '../auth/auth-service.js';
import { hashPassword } from '../auth/passwords.js';
import { fullName, orderAuthorities, type Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { UserRow } from '../db/schema.js';
import { AppError, conflict, constraintViolation, isUniqueViolation, notFound } from '../http/errors.js';
import type { MailService } from '../domain/mail/service.js';
import { assertCan } from '../records/policy.js';
import {
  ADMINISTRATORS,
  AREA,
  assertWithinCaller,
  generateTemporaryPassword,
  revokeUserSessions,
  toIso,
  type Executor,
} from './common.js';
import { parseUserQuery, USER_LIST } from './lists.js';
import { compileListSearch, paging } from '../records/search.js';
import { securityEvent } from '../monitor/events.js';

export interface UserSearchParams {
  q?: string;
  page?: number;
  size?: number;
  sort?: string;
  unpaged?: boolean;
}

const DEFAULT_LANG = 'it';

export class UserAdminService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {}

  async search(principal: Principal, params: UserSearchParams): Promise<Page<SecurityUser>> {
    assertCan(principal, AREA.users, 'R');
    const { where, orderBy } = compileListSearch(USER_LIST, parseUserQuery(params.q), params.sort);
    const { page, size } = paging(params);

    let base = this.db.selectFrom('users as u');
    for (const condition of where) base = base.where(condition);
    const [ids, count] = await Promise.all([
      base.select('u.id').orderBy(orderBy).limit(size).offset(page * size).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: await loadUsers(this.db, ids.map((r) => r.id)), total: Number(count.total), page, size };
  }

  async get(principal: Principal, id: number): Promise<SecurityUser> {
    assertCan(principal, AREA.users, 'R');
    const [user] = await loadUsers(this.db, [id]);
    if (!user) throw notFound();
    return user;
  }

  async create(principal: Principal, input: CreateUserInput): Promise<UserWithPassword> {
    assertCan(principal, AREA.users, 'W');
    // without a password the user gets a one-time one, in the answer, once, for the administrator to
    // hand over (reset-password mails a new one instead)
    const temporaryPassword = input.password === undefined ? generateTemporaryPassword() : undefined;
    if (input.password !== undefined) await this.auth.assertPasswordRule(input.password);
    const passwordHash = await hashPassword(input.password ?? temporaryPassword!);
    try {
      const user = await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
          .executeTakeFirst();
        if (taken) throw usernameTaken();
        const groups = await resolveGroups(trx, input.groups);
        assertWithinCaller(principal, await groupAuthorities(trx, groups.map((g) => g.id)), 'CANT_GRANT_AUTHORITIES');
        const created = await trx
          .insertInto('users')
          .values({
            username: input.username,
            email: input.email,
            first_name: input.firstName,
            last_name: input.lastName,
            lang: input.lang ?? DEFAULT_LANG,
            password_hash: passwordHash,
            password_temporary: temporaryPassword !== undefined,
            subject_id: null,
            last_login_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (groups.length) {
          await trx.insertInto('user_groups').values(groups.map((g) => ({ user_id: created.id, group_id: g.id }))).execute();
          await securityEvent(trx, { type: 'PRIVILEGE_CHANGED', userId: principal.userId, username: principal.username, detail: `user ${input.username} created: groups +${groups.map((g) => g.code).join(', ')}` });
        }
        return (await loadUsers(trx, [created.id]))[0]!;
      });
      return temporaryPassword === undefined ? user : { ...user, temporaryPassword };
    } catch (error) {
      // two administrators creating the same username at once: the unique index decides
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  async update(principal: Principal, id: number, input: UpdateUserInput): Promise<SecurityUser> {
    assertCan(principal, AREA.users, 'W');
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await lockUser(trx, id);
      const current = await userGroups(trx, id);
      assertWithinCaller(principal, await groupAuthorities(trx, current.map((g) => g.id)), 'CANT_MANAGE_PRIVILEGED_USER');
      if (row.version !== input.version) throw conflict();

      const errors: { field: string; message: string }[] = [];
      const self = id === principal.userId;
      if (self && input.enabled === false) errors.push({ field: 'enabled', message: 'CANT_DISABLE_SELF' });
      const next = input.groups ? await resolveGroups(trx, input.groups) : null;
      if (self && next && current.some((g) => g.code === ADMINISTRATORS) && !next.some((g) => g.code === ADMINISTRATORS)) {
        errors.push({ field: 'groups', message: 'CANT_LEAVE_ADMINISTRATORS' });
      }
      if (errors.length) throw constraintViolation(errors);

      const currentIds = new Set(current.map((g) => g.id));
      const nextIds = next ? new Set(next.map((g) => g.id)) : currentIds;
      const added = [...nextIds].filter((g) => !currentIds.has(g));
      const removed = [...currentIds].filter((g) => !nextIds.has(g));
      if (added.length) assertWithinCaller(principal, await groupAuthorities(trx, added), 'CANT_GRANT_AUTHORITIES');

      await trx
        .updateTable('users')
        .set({
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.firstName !== undefined ? { first_name: input.firstName } : {}),
          ...(input.lastName !== undefined ? { last_name: input.lastName } : {}),
          ...(input.lang !== undefined ? { lang: input.lang } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          version: sql`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      if (removed.length) await trx.deleteFrom('user_groups').where('user_id', '=', id).where('group_id', 'in', removed).execute();
      if (added.length) await trx.insertInto('user_groups').values(added.map((g) => ({ user_id: id, group_id: g }))).execute();

      if (added.length || removed.length) {
        const codes = (ids: number[]) => [...current, ...(next ?? [])].filter((g) => ids.includes(g.id)).map((g) => g.code).join(', ');
        await securityEvent(trx, {
          type: 'PRIVILEGE_CHANGED',
          userId: principal.userId,
          username: principal.username,
          detail: `user ${row.username}: groups${added.length ? ` +${codes(added)}` : ''}${removed.length ? ` -${codes(removed)}` : ''}`,
        });
      }
      if (row.enabled && input.enabled === false) await revokeUserSessions(trx, [id], 'USER_DISABLED', principal);
      else if (added.length || removed.length) await revokeUserSessions(trx, [id], 'GROUPS_CHANGED', principal);
      return (await loadUsers(trx, [id]))[0]!;
    });
    // committed: signed-in requests of this user see the change (language, ended sessions) at once
    this.auth.principals.invalidate();
    return updated;
  }

  /**
   * A new one-time password, already expired, mailed to the user (TEMPORARY_PASSWORD template) and
   * never shown to the administrator; every session of the user ends. A user without an email
   * cannot receive it: 400 USER_HAS_NO_EMAIL, nothing changed. The password is changed before the
   * message goes out: when the SMTP server refuses it the answer is 502 MAIL_NOT_SENT (the failure
   * is recorded) and the administrator resets again.
   */
  async resetPassword(principal: Principal, id: number): Promise<SecurityUser> {
    assertCan(principal, AREA.users, 'W');
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    const { user, row } = await this.db.transaction().execute(async (trx) => {
      const locked = await lockUser(trx, id);
      const current = await userGroups(trx, id);
      assertWithinCaller(principal, await groupAuthorities(trx, current.map((g) => g.id)), 'CANT_MANAGE_PRIVILEGED_USER');
      if (!locked.email?.trim()) throw new AppError(400, 'USER_HAS_NO_EMAIL');
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          password_temporary: true,
          password_changed_at: new Date(),
          version: sql`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await revokeUserSessions(trx, [id], 'PASSWORD_RESET', principal);
      return { user: (await loadUsers(trx, [id]))[0]!, row: locked };
    });
    this.auth.principals.invalidate();
    const sent = await this.mail.sendTemporaryPassword(row, temporaryPassword, { createdBy: principal.username });
    if (sent.status === 'FAILED') throw new AppError(502, 'MAIL_NOT_SENT');
    return user;
  }
}

const usernameTaken = () => constraintViolation([{ field: 'username', message: 'ALREADY_EXISTS' }]);

async function lockUser(trx: Executor, id: number): Promise<UserRow> {
  const row = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function userGroups(executor: Executor, userId: number): Promise<{ id: number; code: string }[]> {
  return executor
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['g.id', 'g.code'])
    .where('ug.user_id', '=', userId)
    .execute();
}

/** Group codes → groups; an unknown code is a CONSTRAINT_VIOLATION on `groups`. */
async function resolveGroups(executor: Executor, codes: string[]): Promise<{ id: number; code: string }[]> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return [];
  // key-share lock: a concurrent delete of one of these groups waits for this transaction
  const found = await executor.selectFrom('groups').select(['id', 'code']).where('code', 'in', wanted).forKeyShare().execute();
  if (found.length !== wanted.length) throw constraintViolation([{ field: 'groups', message: 'UNKNOWN_GROUP' }]);
  return found;
}

async function groupAuthorities(executor: Executor, groupIds: number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await executor.selectFrom('group_authorities').select('authority_code').distinct().where('group_id', 'in', groupIds).execute();
  return rows.map((r) => r.authority_code);
}

/** Users by id with their groups and authorities, in the order of `ids` (three queries for any number). */
export async function loadUsers(executor: Executor, ids: number[]): Promise<SecurityUser[]> {
  if (ids.length === 0) return [];
  // one after the other: inside a transaction they share one connection
  const users = await executor.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const groups = await executor
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['ug.user_id', 'g.code', 'g.name'])
    .where('ug.user_id', 'in', ids)
    .orderBy('g.code')
    .execute();
  const authorities = await executor
    .selectFrom('user_groups as ug')
    .innerJoin('group_authorities as ga', 'ga.group_id', 'ug.group_id')
    .select(['ug.user_id', 'ga.authority_code'])
    .distinct()
    .where('ug.user_id', 'in', ids)
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) return [];
    const all = orderAuthorities(authorities.filter((a) => a.user_id === id).map((a) => a.authority_code));
    return [
      {
        id: user.id,
        username: user.username,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        fullname: fullName(user),
        lang: user.lang,
        enabled: user.enabled,
        passwordTemporary: user.password_temporary,
        mustInitialize: user.must_initialize,
        passwordChangedAt: toIso(user.password_changed_at),
        lastLoginAt: toIso(user.last_login_at),
        groups: groups.filter((g) => g.user_id === id).map((g) => ({ code: g.code, name: g.name })),
        roles: all.filter(isRole),
        authorities: all,
        version: user.version,
        createdAt: toIso(user.created_at),
        updatedAt: toIso(user.updated_at),
      },
    ];
  });
}

import type { FilterSpec, OwnSession, Page, SecuritySession } from '@circula/model';
import { sql, type SqlBool } from 'kysely';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../http/errors.js';
import { securityEvent } from '../monitor/events.js';
import { assertCan } from '../records/policy.js';
import { AREA, assertWithinCaller, toIso } from './common.js';
import { sessionList } from './lists.js';
import { compileListSearch, paging } from '../records/search.js';

export interface SessionSearchParams {
  userId?: number;
  active?: boolean;
  page?: number;
  size?: number;
}

/** A session row with its user's name, as the lists read it. */
interface SessionRow {
  id: string;
  user_id: number;
  username: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  revoked_reason: string | null;
  address: string | null;
  user_agent: string | null;
}

function toSessionView(r: SessionRow, active: boolean): SecuritySession {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    createdAt: toIso(r.created_at),
    lastSeenAt: toIso(r.last_seen_at),
    expiresAt: toIso(r.expires_at),
    revokedAt: toIso(r.revoked_at),
    revokedReason: r.revoked_reason,
    address: r.address,
    userAgent: r.user_agent,
    active,
  };
}

/**
 * Sessions: the administrators' view of every sign-in and each user's view of their own. Ending
 * one is immediate: AuthService.authenticate checks the session on every request and refresh
 * refuses the tokens of a revoked session.
 */
export class SessionAdminService {
  constructor(
    private readonly db: Db,
    private readonly principals: PrincipalCache,
  ) {}

  private async list(params: SessionSearchParams): Promise<Page<SecuritySession>> {
    const { page, size } = paging(params);
    const now = new Date();
    // the list's own parameters, as filters of the search compiler
    const filters: FilterSpec[] = [
      ...(params.userId !== undefined ? [{ field: 'userId', op: 'eq' as const, value: params.userId }] : []),
      ...(params.active !== undefined ? [{ field: 'active', op: 'eq' as const, value: params.active }] : []),
    ];
    const { where, orderBy } = compileListSearch(sessionList(now), { filters }, undefined);
    let base = this.db.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id');
    for (const condition of where) base = base.where(condition);
    const rows = await base
      .select([
        's.id',
        's.user_id',
        'u.username',
        's.created_at',
        's.last_seen_at',
        's.expires_at',
        's.revoked_at',
        's.revoked_reason',
        's.address',
        's.user_agent',
        sql<SqlBool>`(s.revoked_at is null and s.expires_at > ${now})`.as('active'),
      ])
      .orderBy(orderBy)
      .limit(size)
      .offset(page * size)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const items = rows.map((r) => toSessionView(r, r.active === true));
    return { items, total: Number(count.total), page, size };
  }

  private async revoke(id: string, reason: string, ownerId: number | null, by: Principal): Promise<SecuritySession> {
    const revoked = await this.db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('id', '=', id)
        .where('revoked_at', 'is', null);
      if (ownerId !== null) query = query.where('user_id', '=', ownerId);
      const ended = await query.executeTakeFirst();
      if (Number(ended.numUpdatedRows) > 0) {
        await securityEvent(trx, { type: 'SESSION_REVOKED', userId: by.userId, username: by.username, detail: `${reason}: session ${id}` });
      }
      let read = trx
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .selectAll('s')
        .select('u.username')
        .where('s.id', '=', id);
      // someone else's session is as unknown as a missing one
      if (ownerId !== null) read = read.where('s.user_id', '=', ownerId);
      const r = await read.executeTakeFirst();
      if (!r) throw notFound();
      return toSessionView(r, r.revoked_at == null && new Date(r.expires_at).getTime() > Date.now());
    });
    this.principals.invalidate();
    return revoked;
  }

  search(principal: Principal, params: SessionSearchParams): Promise<Page<SecuritySession>> {
    assertCan(principal, AREA.sessions, 'R');
    return this.list(params);
  }

  /**
   * Ends any session (SESSION_D) of a user with no more rights than the caller's (rights never
   * grow: ending an administrator's session is an administrator's call); an already ended one is
   * answered as it is.
   */
  async revokeAny(principal: Principal, id: string): Promise<SecuritySession> {
    assertCan(principal, AREA.sessions, 'D');
    const rights = await this.db
      .selectFrom('sessions as s')
      .innerJoin('user_groups as ug', 'ug.user_id', 's.user_id')
      .innerJoin('group_authorities as ga', 'ga.group_id', 'ug.group_id')
      .select('ga.authority_code')
      .distinct()
      .where('s.id', '=', id)
      .execute();
    assertWithinCaller(principal, rights.map((r) => r.authority_code), 'CANT_MANAGE_PRIVILEGED_USER');
    return this.revoke(id, 'REVOKED_BY_ADMIN', null, principal);
  }

  /** The caller's own sessions; no authority needed. */
  async searchOwn(principal: Principal, params: Omit<SessionSearchParams, 'userId'>): Promise<Page<OwnSession>> {
    const page = await this.list({ ...params, userId: principal.userId });
    return { ...page, items: page.items.map((s) => ({ ...s, current: s.id === principal.sessionId })) };
  }

  /** Ends one of the caller's own sessions; anyone else's is a 404. */
  async revokeOwn(principal: Principal, id: string): Promise<OwnSession> {
    const session = await this.revoke(id, 'REVOKED_BY_USER', principal.userId, principal);
    return { ...session, current: session.id === principal.sessionId };
  }
}

import type { Page } from '@circula/model';
import { sql, type SqlBool } from 'kysely';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../http/errors.js';
import { assertCan } from '../records/policy.js';
import { AREA, toIso } from './common.js';
import { paging } from '../records/search.js';

export interface SecuritySession {
  id: string;
  userId: number;
  username: string;
  createdAt: string | null;
  lastSeenAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
  address: string | null;
  userAgent: string | null;
  /** Not revoked and not expired. */
  active: boolean;
}

/** One's own session, marked when it is the one making the request. */
export type OwnSession = SecuritySession & { current: boolean };

export interface SessionSearchParams {
  userId?: number;
  active?: boolean;
  page?: number;
  size?: number;
}

/**
 * Sessions: the administrators' view of every sign-in and each user's view of their own. Ending
 * one is immediate: AuthService.authenticate checks the session on every request and refresh
 * refuses the tokens of a revoked session.
 */
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

export class SessionAdminService {
  constructor(
    private readonly db: Db,
    private readonly principals: PrincipalCache,
  ) {}

  private async list(params: SessionSearchParams): Promise<Page<SecuritySession>> {
    const { page, size } = paging(params);
    const now = new Date();
    let base = this.db.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id');
    if (params.userId !== undefined) base = base.where('s.user_id', '=', params.userId);
    if (params.active === true) base = base.where('s.revoked_at', 'is', null).where('s.expires_at', '>', now);
    if (params.active === false) base = base.where((eb) => eb.or([eb('s.revoked_at', 'is not', null), eb('s.expires_at', '<=', now)]));
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
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(size)
      .offset(page * size)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const items = rows.map((r) => toSessionView(r, r.active === true));
    return { items, total: Number(count.total), page, size };
  }

  private async revoke(id: string, reason: string, ownerId: number | null): Promise<SecuritySession> {
    const revoked = await this.db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('id', '=', id)
        .where('revoked_at', 'is', null);
      if (ownerId !== null) query = query.where('user_id', '=', ownerId);
      await query.execute();
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

  /** Ends any session (SESSION_D); an already ended one is answered as it is. */
  revokeAny(principal: Principal, id: string): Promise<SecuritySession> {
    assertCan(principal, AREA.sessions, 'D');
    return this.revoke(id, 'REVOKED_BY_ADMIN', null);
  }

  /** The caller's own sessions; no authority needed. */
  async searchOwn(principal: Principal, params: Omit<SessionSearchParams, 'userId'>): Promise<Page<OwnSession>> {
    const page = await this.list({ ...params, userId: principal.userId });
    return { ...page, items: page.items.map((s) => ({ ...s, current: s.id === principal.sessionId })) };
  }

  /** Ends one of the caller's own sessions; anyone else's is a 404. */
  async revokeOwn(principal: Principal, id: string): Promise<OwnSession> {
    const session = await this.revoke(id, 'REVOKED_BY_USER', principal.userId);
    return { ...session, current: session.id === principal.sessionId };
  }
}

import { FORBIDDEN_REASONS, isExternal, PASSWORD_MAX_AGE_KEY, PASSWORD_RULE_KEY, type AuthUser } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { Database, UserRow } from '../db/schema.js';
import { readRegistry } from '../conf/registry.js';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import { securityEvent } from '../monitor/events.js';
import { companySubjectIds } from '../records/row-rules.js';
import { ApiTokenService, isApiToken } from './api-tokens.js';
import { LoginThrottle, signInLimits, type AttemptLimits } from './login-throttle.js';
import { PrincipalCache } from './principal-cache.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens.js';
import { loadAuthorities, orderAuthorities, toAuthUser, userAuthoritiesColumn, type Principal } from './users.js';

export interface ClientInfo {
  address: string;
  userAgent: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after a rotation the spent token may still come from a concurrent refresh (see isRotationRace). */
const ROTATION_GRACE_MS = 10_000;

const badCredentials = () => new AppError(401, 'BAD_CREDENTIALS');

export class AuthService {
  readonly throttle: LoginThrottle;
  readonly #signInLimits: AttemptLimits;
  /** Recently checked sessions; whoever ends a session or changes rights calls `principals.invalidate()` after committing. */
  readonly principals: PrincipalCache;
  /** Personal API tokens: another kind of bearer, with the principal of its owner. */
  readonly apiTokens: ApiTokenService;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.throttle = new LoginThrottle(db, config.loginRateLimit);
    this.#signInLimits = signInLimits(config.loginRateLimit);
    this.principals = new PrincipalCache(config.sessionCacheSeconds * 1000);
    this.apiTokens = new ApiTokenService(db, () => this.principals.invalidate());
  }

  private findUser(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  /**
   * Checks a username and password. The answer for an unknown user and for a wrong password is
   * the same, and both cost one argon2 verification.
   */
  private checkCredentials(username: string, password: string, client: ClientInfo): Promise<UserRow> {
    return this.throttle.guess(username, client.address, this.#signInLimits, async () => {
      const user = await this.findUser(username);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) {
        await securityEvent(this.db, { type: 'SIGN_IN_FAILED', userId: user?.id ?? null, username, address: client.address });
        throw badCredentials();
      }
      return user;
    });
  }

  private async passwordExpired(user: UserRow): Promise<boolean> {
    if (user.password_temporary) return true;
    const maxAgeDays = Number((await readRegistry(this.db, PASSWORD_MAX_AGE_KEY))?.theValue ?? 0);
    if (!Number.isFinite(maxAgeDays) || maxAgeDays <= 0) return false;
    return Date.now() - new Date(user.password_changed_at).getTime() > maxAgeDays * DAY_MS;
  }

  async login(username: string, password: string, client: ClientInfo): Promise<AuthUser> {
    const user = await this.checkCredentials(username.trim(), password, client);
    const refused = !user.enabled
      ? FORBIDDEN_REASONS.userDisabled
      : user.must_initialize
        ? FORBIDDEN_REASONS.userInitialized
        : (await this.passwordExpired(user))
          ? FORBIDDEN_REASONS.passwordExpired
          : null;
    if (refused) {
      await securityEvent(this.db, { type: 'SIGN_IN_REFUSED', userId: user.id, username: user.username, address: client.address, detail: refused });
      throw forbidden(refused);
    }
    return this.openSession(user, client);
  }

  /**
   * Signs in a user a single sign-on provider vouched for (auth/oidc.ts): no password, so no
   * password checks; a disabled user is refused like at the local sign-in.
   */
  async signInVouched(userId: number, client: ClientInfo): Promise<AuthUser> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw unauthorized();
    if (!user.enabled) {
      await securityEvent(this.db, { type: 'SIGN_IN_REFUSED', userId: user.id, username: user.username, address: client.address, detail: `SSO ${FORBIDDEN_REASONS.userDisabled}` });
      throw forbidden(FORBIDDEN_REASONS.userDisabled);
    }
    return this.openSession(user, client);
  }

  /** A new session with its first refresh token: where every sign-in ends. */
  private async openSession(user: UserRow, client: ClientInfo): Promise<AuthUser> {
    const refreshToken = newRefreshToken();
    const session = await this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('sessions')
        .values({
          user_id: user.id,
          expires_at: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000),
          address: client.address,
          user_agent: client.userAgent?.slice(0, 500) ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('refresh_tokens').values({ token_hash: hashToken(refreshToken), session_id: created.id }).execute();
      await trx.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', user.id).execute();
      return created;
    });
    return this.issue(user, session.id, refreshToken);
  }

  private async issue(user: UserRow, sessionId: string, refreshToken: string | null) {
    const access = await signAccessToken({ userId: user.id, sessionId }, this.config.jwtSecret, this.config.accessTokenTtlSeconds);
    const authorities = await loadAuthorities(this.db, user.id);
    return toAuthUser(user, authorities, { token: access.token, refreshToken, tokenExpiresAt: access.expiresAt });
  }

  /**
   * Rotates a refresh token: the presented one is spent and a new one issued. Presenting a spent
   * token again means it was copied: the whole session is revoked — unless it is the race of two
   * tabs refreshing at once (isRotationRace).
   */
  async refresh(presented: string): Promise<AuthUser> {
    const tokenHash = hashToken(presented);
    const fresh = newRefreshToken();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens as rt')
        .innerJoin('sessions as s', 's.id', 'rt.session_id')
        .select(['rt.used_at', 's.id as sessionId', 's.user_id', 's.revoked_at', 's.expires_at'])
        .where('rt.token_hash', '=', tokenHash)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { kind: 'unknown' as const };
      if (row.used_at && (await this.isRotationRace(trx, row.sessionId, row.used_at))) {
        if (row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) return { kind: 'ended' as const };
        const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow();
        return user.enabled ? { kind: 'race' as const, user, sessionId: row.sessionId } : { kind: 'ended' as const };
      }
      if (row.used_at) {
        await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date(), revoked_reason: 'REFRESH_TOKEN_REUSE' })
          .where('id', '=', row.sessionId)
          .where('revoked_at', 'is', null)
          .execute();
        await securityEvent(trx, { type: 'SESSION_REVOKED', userId: row.user_id, detail: `REFRESH_TOKEN_REUSE session ${row.sessionId}` });
        return { kind: 'reused' as const };
      }
      if (row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) return { kind: 'ended' as const };
      const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow();
      if (!user.enabled) return { kind: 'ended' as const };
      await trx.updateTable('refresh_tokens').set({ used_at: new Date() }).where('token_hash', '=', tokenHash).execute();
      await trx.insertInto('refresh_tokens').values({ token_hash: hashToken(fresh), session_id: row.sessionId }).execute();
      await trx.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', row.sessionId).execute();
      return { kind: 'ok' as const, user, sessionId: row.sessionId };
    });
    if (outcome.kind === 'reused') this.principals.invalidate();
    if (outcome.kind === 'race') return this.issue(outcome.user, outcome.sessionId, null);
    if (outcome.kind !== 'ok') throw unauthorized(outcome.kind === 'reused' ? 'REFRESH_TOKEN_REUSED' : 'UNAUTHORIZED');
    return this.issue(outcome.user, outcome.sessionId, fresh);
  }

  /**
   * Two tabs that refresh with the same token at once: the second finds it spent a moment ago by
   * the first. Within ROTATION_GRACE_MS, and only for the session's latest rotation (nothing was
   * rotated after it), that is the race and not a copied token: the second gets an access token
   * and no new refresh token, so the session keeps one chain (the first's new token, which the
   * shared cookie now holds) and any later use of the spent token is still reuse.
   */
  private async isRotationRace(trx: Transaction<Database>, sessionId: string, usedAt: Date): Promise<boolean> {
    if (Date.now() - new Date(usedAt).getTime() > ROTATION_GRACE_MS) return false;
    const later = await trx
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', sessionId)
      .where('used_at', '>', usedAt)
      .executeTakeFirst();
    return later === undefined;
  }

  /** The principal behind a bearer token, or null when the token, its session or its user is no longer valid. */
  async authenticate(bearer: string): Promise<Principal | null> {
    const cached = this.principals.get(bearer);
    if (cached) return cached;
    const generation = this.principals.generation;
    if (isApiToken(bearer)) {
      const found = await this.apiTokens.authenticate(bearer);
      if (found) this.principals.set(bearer, found.principal, generation, found.notAfter);
      return found?.principal ?? null;
    }
    const claims = await verifyAccessToken(bearer, this.config.jwtSecret);
    if (!claims) return null;
    // one round trip per request: session, user and authorities together
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        'u.id',
        'u.username',
        'u.lang',
        's.expires_at',
        userAuthoritiesColumn(),
      ])
      .where('s.id', '=', claims.sessionId)
      .where('s.user_id', '=', claims.userId)
      .where('u.enabled', '=', true)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return null;
    const principal = { userId: row.id, username: row.username, sessionId: claims.sessionId, lang: row.lang, authorities: orderAuthorities(row.authorities ? row.authorities.split(',') : []) };
    this.principals.set(bearer, principal, generation, Math.min(claims.expiresAt, new Date(row.expires_at).getTime()));
    return principal;
  }

  /**
   * The principal of one request: an external user's carries their company's subjects, read now
   * (never cached with the principal: a relation ended a minute ago no longer counts).
   */
  async forRequest(principal: Principal): Promise<Principal> {
    if (!isExternal(principal)) return principal;
    return { ...principal, companySubjects: await companySubjectIds(this.db, principal.userId) };
  }

  async whoami(principal: Principal, token: { token: string; expiresAt: Date }): Promise<AuthUser> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', principal.userId).executeTakeFirstOrThrow();
    return toAuthUser(user, principal.authorities, { token: token.token, refreshToken: null, tokenExpiresAt: token.expiresAt });
  }

  async logout(sessionId: string): Promise<void> {
    await this.revokeSessions({ sessionId }, 'LOGOUT');
  }

  private async revokeSessions(which: { sessionId: string } | { userId: number }, reason: string): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: new Date(), revoked_reason: reason }).where('revoked_at', 'is', null);
    query = 'sessionId' in which ? query.where('id', '=', which.sessionId) : query.where('user_id', '=', which.userId);
    await query.execute();
    this.principals.invalidate();
  }

  /**
   * Changes a password given the current one. Works without a session (a user whose password
   * expired cannot sign in to get one), so it is throttled like a sign-in. Every session of the
   * user ends: the next step is a new sign-in with the new password.
   */
  async changePassword(
    input: { username: string; oldPassword: string; newPassword: string },
    client: ClientInfo,
    caller: Principal | null,
  ): Promise<void> {
    const username = input.username.trim();
    if (caller && caller.username.toLowerCase() !== username.toLowerCase()) throw forbidden(undefined, 'CANT_CHANGE_OTHER_USER');
    const user = await this.checkCredentials(username, input.oldPassword, client);
    if (!user.enabled) throw forbidden(FORBIDDEN_REASONS.userDisabled);
    if (input.newPassword === input.oldPassword) throw new AppError(400, 'PASSWORDS_ARE_EQUALS');
    await this.assertPasswordRule(input.newPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          password_changed_at: new Date(),
          password_temporary: false,
          must_initialize: false,
          updated_at: new Date(),
          version: sql`version + 1`,
        })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoked_reason: 'PASSWORD_CHANGED' })
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
    });
    this.principals.invalidate();
  }

  /** The password rule is a regular expression kept in the system registry (spec §5). */
  async assertPasswordRule(password: string): Promise<void> {
    const rule = await readRegistry(this.db, PASSWORD_RULE_KEY);
    if (rule && !new RegExp(rule.theValue, 'u').test(password)) throw new AppError(400, 'INVALID_PASSWORD');
  }
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  isAdmin,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@circula/model';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { ApiTokensTable } from '../db/schema.js';
import { AppError, forbidden, notFound } from '../http/errors.js';
import { can } from '../records/policy.js';
import { orderAuthorities, userAuthoritiesColumn, type Principal } from './users.js';

/**
 * Personal API tokens (issue 20, route `token`). A token is `circ_<prefix>_<secret>`: the prefix
 * (12 hex digits) finds the row, the secret (32 random bytes) is compared with the stored SHA-256
 * in constant time. A high-entropy secret needs no slow hash: nobody can guess a 256-bit value,
 * so a stolen hash is worthless, and argon2 at every API request would cost ~50 ms of CPU.
 *
 * The principal of a token is its owner's, with the rights read from the owner's groups at each
 * check (a right taken from the user is taken from the token), and only while the owner is enabled.
 * A token cannot create or list tokens, change the password or end sessions (`refuseApiToken`).
 */

const TOKEN_SHAPE = /^circ_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often per token: not a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** What only a signed-in person (not a token acting for them) may do. */
export function refuseApiToken(principal: Principal | null): void {
  if (principal?.apiToken) throw forbidden(undefined, 'NOT_ALLOWED_WITH_API_TOKEN');
}

type Row = Selectable<ApiTokensTable>;

function toApiToken(row: Row, now = Date.now()): ApiToken {
  const status = row.revoked_at ? 'REVOKED' : new Date(row.expires_at).getTime() <= now ? 'EXPIRED' : 'ACTIVE';
  return {
    id: Number(row.id),
    name: row.name,
    prefix: `${API_TOKEN_PREFIX}${row.prefix}`,
    scope: row.scope as ApiTokenScope,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    status,
  };
}

/** The end of a calendar day `yyyy-mm-dd` in Italy's time zone (the token works through that day). */
function endOfDay(day: string): Date | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  // the offset of Europe/Rome that day (+1 or +2 hours)
  const local = new Date(probe.toLocaleString('en-US', { timeZone: 'Europe/Rome' }));
  const offsetMs = local.getTime() - new Date(probe.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  return new Date(Date.UTC(y, m - 1, d + 1) - offsetMs - 1);
}

export class ApiTokenService {
  readonly #lastUsedWritten = new Map<number, number>();

  constructor(
    private readonly db: Db,
    /** Called after a revocation commits: the principal cache forgets the token. */
    private readonly onRevoked: () => void,
  ) {}

  private assertAllowed(principal: Principal, action: 'R' | 'W'): void {
    refuseApiToken(principal);
    if (!can(principal, { authority: 'TOKEN' }, action)) throw forbidden(undefined, action === 'R' ? 'CANT_READ' : 'CANT_UPDATE');
  }

  async list(principal: Principal): Promise<ApiToken[]> {
    this.assertAllowed(principal, 'R');
    const rows = await this.db.selectFrom('api_tokens').selectAll().where('user_id', '=', principal.userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const now = Date.now();
    return rows.map((row) => toApiToken(row, now));
  }

  async create(principal: Principal, input: { name: string; expiresAt: string; scope: ApiTokenScope }): Promise<CreatedApiToken> {
    this.assertAllowed(principal, 'W');
    const expiresAt = endOfDay(input.expiresAt);
    if (!expiresAt) throw new AppError(400, 'CONSTRAINT_VIOLATION', 'CONSTRAINT_VIOLATION', { errors: [{ field: 'expiresAt', message: 'INVALID_DATE' }] });
    if (expiresAt.getTime() <= Date.now()) throw new AppError(400, 'CONSTRAINT_VIOLATION', 'CONSTRAINT_VIOLATION', { errors: [{ field: 'expiresAt', message: 'API_TOKEN_EXPIRY_PAST' }] });
    if (expiresAt.getTime() > Date.now() + API_TOKEN_MAX_DAYS * DAY_MS) {
      throw new AppError(400, 'CONSTRAINT_VIOLATION', 'CONSTRAINT_VIOLATION', { errors: [{ field: 'expiresAt', message: 'API_TOKEN_EXPIRY_TOO_FAR' }] });
    }
    const prefix = randomBytes(6).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const row = await this.db
      .insertInto('api_tokens')
      .values({ user_id: principal.userId, name: input.name, prefix, secret_hash: hashSecret(secret).toString('hex'), scope: input.scope, expires_at: expiresAt })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...toApiToken(row), token: `${API_TOKEN_PREFIX}${prefix}_${secret}` };
  }

  /** Revokes one of the caller's own tokens (an administrator may revoke anyone's). */
  async revoke(principal: Principal, id: number): Promise<ApiToken> {
    refuseApiToken(principal);
    let query = this.db.updateTable('api_tokens').set({ revoked_at: sql`coalesce(revoked_at, now())` }).where('id', '=', id);
    if (!isAdmin(principal)) query = query.where('user_id', '=', principal.userId);
    const row = await query.returningAll().executeTakeFirst();
    if (!row) throw notFound();
    this.onRevoked();
    return toApiToken(row);
  }

  /**
   * The principal of a presented token, or null when it is malformed, unknown, wrong, expired,
   * revoked or its owner disabled. `notAfter`: when the answer stops holding (the token's expiry).
   */
  async authenticate(bearer: string): Promise<{ principal: Principal; notAfter: number } | null> {
    const match = TOKEN_SHAPE.exec(bearer);
    if (!match) return null;
    const [, prefix, secret] = match as unknown as [string, string, string];
    const row = await this.db
      .selectFrom('api_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id',
        't.secret_hash',
        't.scope',
        't.expires_at',
        't.revoked_at',
        'u.id as userId',
        'u.username',
        'u.lang',
        'u.enabled',
        userAuthoritiesColumn(),
      ])
      .where('t.prefix', '=', prefix)
      .executeTakeFirst();
    // the hash is compared even for an unknown prefix: the answer takes the same time
    const presented = hashSecret(secret);
    const stored = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(presented.length);
    const equal = stored.length === presented.length && timingSafeEqual(stored, presented);
    if (!row || !equal || row.revoked_at || !row.enabled) return null;
    const expiresAt = new Date(row.expires_at).getTime();
    if (expiresAt <= Date.now()) return null;
    const id = Number(row.id);
    await this.touch(id);
    return {
      principal: {
        userId: Number(row.userId),
        username: row.username,
        sessionId: `api-token:${id}`,
        lang: row.lang,
        authorities: orderAuthorities(row.authorities ? row.authorities.split(',') : []),
        apiToken: { id, scope: row.scope as ApiTokenScope, expiresAt },
      },
      notAfter: expiresAt,
    };
  }

  private async touch(id: number): Promise<void> {
    const now = Date.now();
    if (now - (this.#lastUsedWritten.get(id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.#lastUsedWritten.set(id, now);
    if (this.#lastUsedWritten.size > 10_000) this.#lastUsedWritten.clear();
    await this.db.updateTable('api_tokens').set({ last_used_at: new Date(now) }).where('id', '=', id).execute();
  }
}

import { randomInt } from 'node:crypto';
import { isAdmin, isRole, type AuthorityPrefix } from '@circula/model';
import type { Transaction } from 'kysely';
import type { Principal } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { securityEvent } from '../monitor/events.js';

export type Executor = Db | Transaction<Database>;

/** The authority prefix of each area (spec §6; ROLE_ADMIN passes everything). */
export const AREA = {
  users: { authority: 'USER' },
  groups: { authority: 'GROUP' },
  authorities: { authority: 'AUTHORITY' },
  sessions: { authority: 'SESSION' },
} as const satisfies Record<string, { authority: AuthorityPrefix }>;

/** The base group whose members administer the installation; it always grants ROLE_ADMIN. */
export const ADMINISTRATORS = 'ADMINISTRATORS';

/**
 * Rights a caller may hand out: an administrator any; anyone else (a manager holding USER_W, or
 * a delegate holding GROUP_W) never ROLE_ADMIN and no feature authority they do not hold
 * themselves. Other roles (ROLE_USER, ROLE_OWNER…) describe the kind of user, not extra rights,
 * and stay grantable: a manager creates operators.
 */
export function beyondCaller(principal: Principal, authorities: Iterable<string>): string[] {
  if (isAdmin(principal)) return [];
  const own = new Set(principal.authorities);
  return [...new Set(authorities)].filter((a) => a === 'ROLE_ADMIN' || (!isRole(a) && !own.has(a)));
}

export function assertWithinCaller(principal: Principal, authorities: Iterable<string>, message: string): void {
  if (beyondCaller(principal, authorities).length > 0) throw forbidden(undefined, message);
}

/** Ends the open sessions of some users: their access tokens stop at the next request, their refresh tokens are refused. */
export async function revokeUserSessions(executor: Executor, userIds: number[], reason: string, by?: Principal): Promise<void> {
  if (userIds.length === 0) return;
  const ended = await executor
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) > 0) {
    await securityEvent(executor, { type: 'SESSION_REVOKED', userId: by?.userId ?? null, username: by?.username ?? null, detail: `${reason}: users ${userIds.join(', ')}` });
  }
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@_';

/**
 * A random one-time password with a lowercase and an uppercase letter, a digit and a symbol (so the
 * registry's default rule accepts it), without look-alike characters. It is stored already
 * expired: the first sign-in with it goes through change-password.
 */
export function generateTemporaryPassword(length = 16): string {
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export const toIso = (value: Date | string | null): string | null => (value == null ? null : new Date(value).toISOString());

import { isRole, type AuthUser } from '@circula/model';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { UserRow } from '../db/schema.js';

/** Everything the server needs to know about the caller of a request. */
export interface Principal {
  userId: number;
  username: string;
  sessionId: string;
  authorities: string[];
  lang: string | null;
  /** Set when the caller is a personal API token acting for the user (auth/api-tokens.ts). */
  apiToken?: { id: number; scope: 'FULL' | 'READ_ONLY'; expiresAt: number };
  /** An external user's company subjects, read for each request (records/row-rules.ts). */
  companySubjects?: readonly number[];
}

export async function loadAuthorities(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_groups as ug')
    .innerJoin('group_authorities as ga', 'ga.group_id', 'ug.group_id')
    .select('ga.authority_code')
    .distinct()
    .where('ug.user_id', '=', userId)
    .orderBy('ga.authority_code')
    .execute();
  return orderAuthorities(rows.map((r) => r.authority_code));
}

/** Roles first, then feature authorities, each sorted: a stable order for clients and tests. */
export function orderAuthorities(all: string[]): string[] {
  const sorted = [...all].sort();
  return [...sorted.filter(isRole), ...sorted.filter((a) => !isRole(a))];
}

export function fullName(user: Pick<UserRow, 'first_name' | 'last_name' | 'username'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.username;
}

export function toAuthUser(
  user: UserRow,
  authorities: string[],
  tokens: { token: string; refreshToken: string | null; tokenExpiresAt: Date },
): AuthUser {
  return {
    id: user.id,
    username: user.username,
    fullname: fullName(user),
    email: user.email,
    lang: user.lang,
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    tokenExpiresAt: tokens.tokenExpiresAt.toISOString(),
    authorities,
    roles: authorities.filter(isRole),
    subjectId: user.subject_id,
    subjects: user.subject_id == null ? [] : [{ id: user.subject_id, rootId: null }],
  };
}

/**
 * The authorities of the user `u` (aliased so in the query) as one comma-joined string, a column of
 * the query that reads the user: splitting it is far cheaper than parsing a PostgreSQL array, and
 * the session or token, the user and the rights come in one round trip.
 */
export const userAuthoritiesColumn = () =>
  sql<string | null>`(
    select string_agg(distinct ga.authority_code, ',') from user_groups ug
    join group_authorities ga on ga.group_id = ug.group_id
    where ug.user_id = u.id)`.as('authorities');

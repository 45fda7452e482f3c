import { sql } from 'kysely';
import { freeTextOver, parseQuery, type ListShape, type SearchQuery } from '../records/search.js';

/**
 * The security lists as the record engine's search compiler sees them (records/search.ts
 * `compileListSearch`): what each filters, sorts and searches by free text, over the aliases its
 * service selects from (`users as u`, `groups as g`, `authorities as a`, `sessions as s` joined to
 * `users as u`). Free text follows the record search's rules: each word at the start of a word,
 * accents and case aside; words with digits anywhere.
 */

/** The codes of a user's groups, as an array the `groups` filter reads (`contains`, `in`). */
const userGroupCodes = sql`array(select g.code from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id)`;

export const USER_LIST: ListShape = {
  columns: {
    username: { sql: sql.ref('u.username'), kind: 'text', sort: sql`lower(u.username)` },
    firstName: { sql: sql.ref('u.first_name'), kind: 'text', sort: sql`lower(u.first_name)` },
    lastName: { sql: sql.ref('u.last_name'), kind: 'text', sort: sql`lower(u.last_name)` },
    email: { sql: sql.ref('u.email'), kind: 'text' },
    enabled: { sql: sql.ref('u.enabled'), kind: 'boolean' },
    groups: { sql: userGroupCodes, kind: 'text', array: true },
    createdAt: { sql: sql.ref('u.created_at'), kind: 'datetime', sort: true },
    lastLoginAt: { sql: sql.ref('u.last_login_at'), kind: 'datetime', sort: true },
  },
  defaultSort: [{ field: 'username', dir: 'asc' }],
  key: sql.ref('u.id'),
  freeText: freeTextOver([sql.ref('u.username'), sql.ref('u.first_name'), sql.ref('u.last_name'), sql.ref('u.email')]),
};

/**
 * The user list's `q`: `groups` `eq` a code is read as "has that group" (the array's `contains`),
 * as the users page has always sent it.
 */
export function parseUserQuery(q: string | undefined): SearchQuery {
  const query = parseQuery(q);
  const filters = query.filters?.map((f) => (f.field === 'groups' && f.op === 'eq' ? { ...f, op: 'contains' as const } : f));
  return filters ? { ...query, filters } : query;
}

export const GROUP_LIST: ListShape = {
  columns: {
    code: { sql: sql.ref('g.code'), kind: 'text', sort: true },
    name: { sql: sql.ref('g.name'), kind: 'text', sort: true },
    createdAt: { sql: sql.ref('g.created_at'), kind: 'datetime', sort: true },
  },
  defaultSort: [{ field: 'code', dir: 'asc' }],
  key: sql.ref('g.id'),
  freeText: freeTextOver([sql.ref('g.code'), sql.ref('g.name')]),
};

/** Authorities: filtered by kind only (role or feature); roles first, then by code. */
export const AUTHORITY_LIST: ListShape = {
  columns: {
    code: { sql: sql.ref('a.code'), kind: 'text', filter: false, sort: true },
    description: { sql: sql.ref('a.description'), kind: 'text', filter: false, sort: true },
    isRole: { sql: sql.ref('a.is_role'), kind: 'boolean', sort: true },
  },
  defaultSort: [{ field: 'isRole', dir: 'desc' }],
  key: sql.ref('a.code'),
  freeText: freeTextOver([sql.ref('a.code'), sql.ref('a.description')]),
};

/** Sessions, active as of `now` (the same instant the answer's `active` flag is computed at); newest first. */
export function sessionList(now: Date): ListShape {
  return {
    columns: {
      userId: { sql: sql.ref('s.user_id'), kind: 'integer' },
      username: { sql: sql.ref('u.username'), kind: 'text', sort: sql`lower(u.username)` },
      active: { sql: sql`(s.revoked_at is null and s.expires_at > ${now})`, kind: 'boolean' },
      createdAt: { sql: sql.ref('s.created_at'), kind: 'datetime', sort: true },
      lastSeenAt: { sql: sql.ref('s.last_seen_at'), kind: 'datetime', sort: true },
      expiresAt: { sql: sql.ref('s.expires_at'), kind: 'datetime', sort: true },
    },
    defaultSort: [{ field: 'createdAt', dir: 'desc' }],
    key: sql.ref('s.id'),
  };
}

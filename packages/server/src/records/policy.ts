import { authority, isAdmin, isRole, type AuthorityAction, type AuthorityPrefix, type Catalogue, type EntityDefinition, type HasAuthorities, type Target } from '@circula/model';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Principal } from '../auth/users.js';
import { forbidden } from '../http/errors.js';
import { readRule, writeRule } from './row-rules.js';

/**
 * The one policy of spec §6 and API.md: entity authorities (`_R`, `_W`, `_D`) decide what a user
 * may do with an entity; the record-level rules (`authWrite`, `authWriteMap`, `OWNER`) become a
 * SQL predicate that every update, transition, delete and restore carries in its WHERE clause.
 * ROLE_ADMIN passes everything.
 */
export function can(user: HasAuthorities, target: { authority: AuthorityPrefix | null; readOnly?: boolean }, action: AuthorityAction): boolean {
  // an area without an authority (the dashboard) is readable by every back-office user, writable by none
  if (target.authority === null) return action === 'R';
  if (target.readOnly === true && action !== 'R') return false;
  return isAdmin(user) || user.authorities.includes(authority(target.authority, action));
}

export function assertCan(principal: Principal, target: Pick<Target, 'authority'> & { readOnly?: boolean }, action: AuthorityAction): void {
  if (target.readOnly === true && action !== 'R') throw forbidden(undefined, 'READ_ONLY_RECORDS');
  if (!can(principal, target, action)) throw forbidden(undefined, action === 'R' ? 'CANT_READ' : action === 'W' ? 'CANT_UPDATE' : 'CANT_DELETE');
}

/**
 * Record-level write rule as SQL over the record table's columns (unqualified): `authWrite`,
 * `authWriteMap` and `OWNER`, and the entity's row rules (row-rules.ts: an external user's
 * company, a note's author).
 */
export function recordWritable(principal: Principal, entity: EntityDefinition, catalogue: Catalogue): RawBuilder<SqlBool> {
  if (isAdmin(principal)) return sql<SqlBool>`true`;
  const roles = principal.authorities.filter(isRole);
  const rule = writeRule(principal, entity, catalogue);
  return sql<SqlBool>`(
    (auth_write is null and coalesce(cardinality(auth_write_map), 0) = 0)
    or auth_write = any(${roles}::text[])
    or auth_write_map && ${roles}::text[]
    or (auth_write = 'OWNER' and author_id = ${principal.userId})
  )${rule === null ? sql`` : sql` and ${rule}`}`;
}

/** The rows a reader sees (row-rules.ts), or null when the entity authorities alone decide. */
export function recordReadable(principal: Principal, entity: EntityDefinition, catalogue: Catalogue): RawBuilder<SqlBool> | null {
  return readRule(principal, entity, catalogue);
}

/** The row rules a write must leave the record within, or null when there are none for this user. */
export function recordInScope(principal: Principal, entity: EntityDefinition, catalogue: Catalogue): RawBuilder<SqlBool> | null {
  return writeRule(principal, entity, catalogue);
}

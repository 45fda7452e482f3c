import {
  hasRole,
  isAdmin,
  isAdminOrManager,
  isCollaborator,
  isInRegistration,
  isManager,
  isOwnerOrSubscriber,
  isRole,
  type HasAuthorities,
  type Role,
} from './roles.js';

export type PermissionChecker = (user: HasAuthorities) => boolean;

/**
 * The named permission checkers of spec §3, §5 and §6: the checks of the current user
 * (isAdmin, isManager, isInRegistration, isCollaborator…) that a permission rule names. A rule is
 * data (menus, page slots), so it names its checker; an unknown name is an error, never a
 * silent "no".
 */
export const PERMISSION_CHECKERS = {
  isAdmin,
  isManager,
  isAdminOrManager,
  isInRegistration,
  isCollaborator,
  isOwnerOrSubscriber,
  isOwner: (user) => hasRole(user, 'ROLE_OWNER'),
  isLogistic: (user) => hasRole(user, 'ROLE_LOGISTIC'),
} as const satisfies Record<string, PermissionChecker>;

export type PermissionCheckerName = keyof typeof PERMISSION_CHECKERS;

/** A permission rule names a checker, or lists the roles the `cannot` checker looks for. */
export type PermissionRule = { can: PermissionCheckerName } | { cannot: readonly Role[] };

export class UnknownPermissionCheckerError extends Error {
  constructor(readonly checker: string) {
    super(`unknown permission checker "${checker}" (known: ${Object.keys(PERMISSION_CHECKERS).join(', ')})`);
    this.name = 'UnknownPermissionCheckerError';
  }
}

/** The checker of that name; an unknown name throws UnknownPermissionCheckerError (spec §5). */
export function permissionChecker(name: string): PermissionChecker {
  if (!Object.hasOwn(PERMISSION_CHECKERS, name)) throw new UnknownPermissionCheckerError(name);
  return PERMISSION_CHECKERS[name as PermissionCheckerName];
}

/** Whether the named checker passes for the user. */
export const can = (user: HasAuthorities, name: PermissionCheckerName): boolean => permissionChecker(name)(user);

/**
 * The `cannot` checker of spec §6: content shows when the user is an administrator or does not
 * hold the role (any of the roles). An unknown role is an error, as an unknown checker is.
 */
export function cannot(user: HasAuthorities, roles: Role | readonly Role[]): boolean {
  const list: readonly string[] = typeof roles === 'string' ? [roles] : roles;
  const unknown = list.find((role) => !isRole(role));
  if (unknown !== undefined || list.length === 0) throw new UnknownPermissionCheckerError(`cannot(${unknown ?? ''})`);
  return isAdmin(user) || !list.some((role) => hasRole(user, role as Role));
}

/** Whether a permission rule lets the user see what it guards. */
export function allows(user: HasAuthorities, rule: PermissionRule): boolean {
  if ('can' in rule) return can(user, rule.can);
  if ('cannot' in rule) return cannot(user, rule.cannot);
  throw new UnknownPermissionCheckerError(JSON.stringify(rule));
}

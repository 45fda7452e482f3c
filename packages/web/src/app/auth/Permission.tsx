import { allows, type PermissionCheckerName, type PermissionRule, type Role } from '@circula/model';
import type { ReactNode } from 'react';
import { useCurrentUser } from './useAuth';

/**
 * Whether the signed-in user passes a permission rule: a named checker of the model or the
 * `cannot` checker (spec §5, §6). No user passes nothing. A rule naming an unknown checker throws
 * (UnknownPermissionCheckerError) while rendering: a mistyped name is a bug to see, not a
 * silently hidden button.
 */
export function usePermission(rule: PermissionRule): boolean {
  const user = useCurrentUser();
  const allowed = allows(user ?? { authorities: [] }, rule);
  return user !== null && allowed;
}

/** Shows its children when the named checker passes (spec §5 "permission directives"). */
export function Can({ check, children, fallback = null }: { check: PermissionCheckerName; children: ReactNode; fallback?: ReactNode }) {
  return usePermission({ can: check }) ? children : fallback;
}

/** The `cannot` checker of spec §6: shows its children to administrators and to users without the role(s). */
export function Cannot({ role, children, fallback = null }: { role: Role | readonly Role[]; children: ReactNode; fallback?: ReactNode }) {
  return usePermission({ cannot: typeof role === 'string' ? [role] : role }) ? children : fallback;
}

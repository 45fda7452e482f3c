import { hasRole, isAdmin, type HasAuthorities } from '../security/roles.js';

export const LOGIN_PATH = '/login';
export const LOGGED_IN_PATH = '/dashboard';
export const REGISTRATION_PATH = '/registration';

/** Landing after login (spec §1): owners to rdr, FIR verifiers to transport, everyone else to dashboard. */
export function landingPath(user: HasAuthorities, loggedInPath = LOGGED_IN_PATH): string {
  if (hasRole(user, 'ROLE_OWNER')) return '/rdr';
  if (hasRole(user, 'ROLE_FIR_VERIFIER')) return '/transport';
  return loggedInPath;
}

export type RoleGuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'logout' };

/**
 * The role guard of spec §6: ON_BOARD users go to registration; on the registration path users
 * with ON_BOARD are sent to `/`... unless they are already there; others need ACCESS_BACKOFFICE
 * or ROLE_ADMIN, else they are logged out.
 */
export function roleGuard(user: HasAuthorities, path: string): RoleGuardDecision {
  const onBoard = hasRole(user, 'ON_BOARD');
  const inRegistration = path === REGISTRATION_PATH || path.startsWith(`${REGISTRATION_PATH}/`) || path.startsWith(`${REGISTRATION_PATH}?`);
  if (inRegistration) {
    return onBoard ? { kind: 'allow' } : { kind: 'redirect', to: '/' };
  }
  if (onBoard) return { kind: 'redirect', to: REGISTRATION_PATH };
  if (hasRole(user, 'ACCESS_BACKOFFICE') || isAdmin(user)) return { kind: 'allow' };
  return { kind: 'logout' };
}

/** The page that opens the company of the DEFAULT business unit (`/api/bu/unit/0`) as a subject record. */
export const COMPANY_PATH = '/company';

/** The route the company entry opens a subject on (spec §2: "the requester path plus the subject id"). */
export const COMPANY_ROUTE = 'requester';

/**
 * Company entry (spec §2): the requester path plus the root id of the first subject, else the
 * user's subject id. A user linked to no subject works for the installation's own company, the
 * DEFAULT business unit's subject: `COMPANY_PATH` opens it.
 */
export function companyPath(user: { subjectId: number | null; subjects: { id: number; rootId: number | null }[] }): string {
  const id = user.subjects[0]?.rootId ?? user.subjectId;
  return id == null ? COMPANY_PATH : `/${COMPANY_ROUTE}/${id}`;
}

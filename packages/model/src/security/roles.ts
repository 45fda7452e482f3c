/** Role strings of spec §6. Roles and feature authorities travel together in `user.authorities`. */
export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_USER',
  'ROLE_SUPPLIER',
  'ROLE_SUBSCRIBER',
  'ROLE_CUSTOMER',
  'ROLE_REG_WORKFLOW',
  'ROLE_SC',
  'ROLE_LOGISTIC',
  'ROLE_GENERAL_CONTRACTOR',
  'ROLE_PLANT',
  'ROLE_TREATMENT',
  'ROLE_MANAGER',
  'ROLE_CITIZEN',
  'ROLE_OWNER',
  'ROLE_FIR_VERIFIER',
  'ON_BOARD',
  'ACCESS_BACKOFFICE',
] as const;

export type Role = (typeof ROLES)[number];

const roleSet: ReadonlySet<string> = new Set(ROLES);

export function isRole(authority: string): authority is Role {
  return roleSet.has(authority);
}

export interface HasAuthorities {
  authorities: readonly string[];
}

export const hasRole = (user: HasAuthorities, role: Role): boolean => user.authorities.includes(role);
export const isAdmin = (user: HasAuthorities): boolean => hasRole(user, 'ROLE_ADMIN');
export const isManager = (user: HasAuthorities): boolean => hasRole(user, 'ROLE_MANAGER');
export const isAdminOrManager = (user: HasAuthorities): boolean => isAdmin(user) || isManager(user);
/** ROLE_SUPPLIER is the spec's alias of "subscriber". */
export const isOwnerOrSubscriber = (user: HasAuthorities): boolean =>
  hasRole(user, 'ROLE_OWNER') || hasRole(user, 'ROLE_SUBSCRIBER') || hasRole(user, 'ROLE_SUPPLIER');
export const isInRegistration = (user: HasAuthorities): boolean => hasRole(user, 'ON_BOARD');
export const isCollaborator = (user: HasAuthorities): boolean =>
  !isInRegistration(user) && (hasRole(user, 'ROLE_USER') || isManager(user));

/** Roles of people outside the company: each sees only the records of their own company (the server's row rules). */
export const EXTERNAL_ROLES = ['ROLE_CUSTOMER', 'ROLE_OWNER', 'ROLE_SUBSCRIBER', 'ROLE_SUPPLIER', 'ROLE_CITIZEN', 'ROLE_GENERAL_CONTRACTOR'] as const;
/** Roles of the company's own staff: holding one lifts the external rule. */
export const STAFF_ROLES = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_USER'] as const;

/** A user outside the company (a customer, an owner…) who holds no staff role. */
export const isExternal = (user: HasAuthorities): boolean =>
  EXTERNAL_ROLES.some((r) => user.authorities.includes(r)) && !STAFF_ROLES.some((r) => user.authorities.includes(r));

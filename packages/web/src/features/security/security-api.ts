import type {
  CreateGroupPayload,
  CreateUserPayload,
  OwnSession,
  Page,
  SecurityAuthority,
  SecurityGroup,
  SecuritySession as ServerSession,
  SecurityUser,
  UpdateGroupPayload,
  UpdateUserPayload,
  UserWithPassword,
} from '@circula/model';
import { http } from '../../api/client';
import type { QueryValue } from '../../api/http';

/** The shapes of the security API are the server's own (`@circula/model` api/security.ts). */
export type { CreateUserPayload, SecurityAuthority, SecurityGroup, SecurityUser, UpdateUserPayload };

/** A session of either list: one's own (`/api/auth/sessions`) also say which one makes the request. */
export type SecuritySession = ServerSession & Partial<Pick<OwnSession, 'current'>>;

/**
 * The answer of create and reset-password: the user, possibly with a one-time password or a
 * message (when the password is mailed instead). Shown as given.
 */
export type UserActionAnswer = UserWithPassword & { message?: string };

/** A page of any of the security lists: `q` (API.md JSON), `page`, `size`, `sort=field,dir`. */
export const fetchPage = <T>(endpoint: string, query: Record<string, QueryValue>, signal?: AbortSignal) =>
  http.data<Page<T>>(endpoint, { query, silent: true, ...(signal ? { signal } : {}) });

export const USERS_ENDPOINT = '/api/security/users';
export const GROUPS_ENDPOINT = '/api/security/groups';
export const AUTHORITIES_ENDPOINT = '/api/security/authorities';
export const SESSIONS_ENDPOINT = '/api/security/sessions';
export const OWN_SESSIONS_ENDPOINT = '/api/auth/sessions';

/** The security API (server `security/routes.ts`). Writes are silent: the pages show their own messages. */
export const securityApi = {
  user: (id: number) => http.data<SecurityUser>(`${USERS_ENDPOINT}/${id}`, { silent: true }),
  createUser: (payload: CreateUserPayload) => http.data<UserActionAnswer>(USERS_ENDPOINT, { method: 'POST', json: payload, silent: true }),
  updateUser: (id: number, payload: UpdateUserPayload) =>
    http.data<SecurityUser>(`${USERS_ENDPOINT}/${id}`, { method: 'PUT', json: payload, silent: true }),
  resetPassword: (id: number) => http.data<UserActionAnswer | string>(`${USERS_ENDPOINT}/${id}/reset-password`, { method: 'PUT', silent: true }),
  forcePasswordChange: (id: number, version: number) =>
    http.data<SecurityUser>(`${USERS_ENDPOINT}/${id}/force-password-change`, { method: 'PUT', json: { version }, silent: true }),

  /** The groups the signed-in user may give a user: the user form's picker. */
  assignableGroups: () =>
    http.data<{ items: { code: string; name: string }[] }>(`${USERS_ENDPOINT}/assignable-groups`, { silent: true }).then((p) => p.items),
  group: (id: number) => http.data<SecurityGroup>(`${GROUPS_ENDPOINT}/${id}`, { silent: true }),
  createGroup: (payload: CreateGroupPayload) => http.data<SecurityGroup>(GROUPS_ENDPOINT, { method: 'POST', json: payload, silent: true }),
  updateGroup: (id: number, payload: UpdateGroupPayload) =>
    http.data<SecurityGroup>(`${GROUPS_ENDPOINT}/${id}`, { method: 'PUT', json: payload, silent: true }),
  deleteGroup: (id: number) => http.data<SecurityGroup>(`${GROUPS_ENDPOINT}/${id}/delete`, { method: 'PUT', silent: true }),

  /** Every authority (about a hundred): the picker of the group form. */
  allAuthorities: () =>
    http.data<Page<SecurityAuthority>>(AUTHORITIES_ENDPOINT, { query: { size: 1000, sort: 'code,asc' }, silent: true }).then((p) => p.items),

  revokeSession: (id: string) => http.data<SecuritySession>(`${SESSIONS_ENDPOINT}/${id}/revoke`, { method: 'PUT', silent: true }),
  revokeOwnSession: (id: string) => http.data<SecuritySession>(`${OWN_SESSIONS_ENDPOINT}/${id}/revoke`, { method: 'PUT', silent: true }),

  /** The signed-in user's own language (the profile page). */
  saveOwnLanguage: (lang: string) => http.data<{ lang: string }>('/api/auth/language', { method: 'PUT', json: { lang }, silent: true }),
};

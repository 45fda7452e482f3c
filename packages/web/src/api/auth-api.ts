import type { AuthUser } from '@circula/model';
import { http } from './client';
import { SKIP_AUTH_HEADER } from './http';

const noBearer = { [SKIP_AUTH_HEADER]: 'true' };

/** Calls of API.md "Auth". All are silent: the pages and the session service show their own messages. */
export const authApi = {
  login: (username: string, secret: string) =>
    http.data<AuthUser>('/api/auth/login', {
      method: 'POST',
      form: { username: username.trim(), secret },
      headers: noBearer,
      credentials: 'include',
      silent: true,
    }),

  /** Single sign-on: the one-time code of `/sso-callback` for the same answer as a sign-in (and its refresh cookie). */
  ssoExchange: (code: string) =>
    http.data<AuthUser>('/api/auth/oidc/exchange', { method: 'POST', json: { code }, headers: noBearer, credentials: 'include', silent: true }),

  whoami: () => http.data<AuthUser>('/api/auth/whoami', { silent: true }),

  logout: () => http.data<string>('/api/auth/logout', { method: 'POST', credentials: 'include', silent: true }),

  /** Works without a bearer, which is how a user with an expired password changes it. */
  changePassword: (payload: { username: string; oldPassword: string; newPassword: string }) =>
    http.data<string>('/api/auth/change-password', {
      method: 'POST',
      form: payload,
      headers: noBearer,
      credentials: 'include',
      silent: true,
    }),
};

import { PREFERENCES_STORAGE_KEY } from '../../features/global-search/preferences';
import type { AuthUser } from '@circula/model';
import { authApi } from '../../api/auth-api';
import { http } from '../../api/client';
import { REFRESH_MARGIN_MS } from '../../api/http';
import { getEnvironment } from '../environment';
import { applyUserLanguage } from '../language';
import { navigateTo } from '../navigation';
import { queryClient } from '../query-client';
import { userStore, type CurrentUser } from './user-store';

/**
 * Signs in (form-encoded, username trimmed); rejects with ApiError for the caller to explain.
 * `beforeStore` runs before the user becomes current, so a page can decide where to land first.
 */
export async function login(username: string, password: string, beforeStore?: (user: AuthUser) => void): Promise<CurrentUser> {
  return signedIn(await authApi.login(username, password), beforeStore);
}

/** Completes a single sign-on: the one-time code of `/sso-callback` becomes the session, as a sign-in does. */
export async function loginWithSso(code: string, beforeStore?: (user: AuthUser) => void): Promise<CurrentUser> {
  return signedIn(await authApi.ssoExchange(code), beforeStore);
}

async function signedIn(user: AuthUser, beforeStore?: (user: AuthUser) => void): Promise<CurrentUser> {
  beforeStore?.(user);
  queryClient.clear();
  userStore.set(user);
  await applyUserLanguage(user);
  return userStore.get() ?? user;
}

/** Ends the session on the server (best effort), forgets the user and goes to the login page. */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  if ((options.callServer ?? true) && userStore.get()) {
    try {
      await authApi.logout();
    } catch {
      // the session may already be over (password changed, expired): forgetting it locally is enough
    }
  }
  userStore.clear();
  queryClient.clear();
  // the cached preferences of the global search and lists belong to the user who leaves
  localStorage.removeItem(PREFERENCES_STORAGE_KEY);
  navigateTo(getEnvironment().loginPath, { replace: true });
}

function expiresSoon(user: CurrentUser): boolean {
  const expiresAt = Date.parse(user.tokenExpiresAt);
  return Number.isNaN(expiresAt) || expiresAt - Date.now() <= REFRESH_MARGIN_MS;
}

/**
 * At start with a stored user: refresh the token if it has expired, else ask whoami for the
 * current data (authorities may have changed). Any failure means signed out.
 */
export async function restoreSession(): Promise<void> {
  const stored = userStore.get();
  if (!stored) return;
  try {
    if (expiresSoon(stored)) {
      await http.refresh();
    } else {
      const fresh = await authApi.whoami();
      const current = userStore.get();
      if (!current) return;
      userStore.set(fresh.token ? fresh : { ...fresh, token: current.token, tokenExpiresAt: current.tokenExpiresAt });
    }
    const user = userStore.get();
    if (user) await applyUserLanguage(user);
  } catch {
    userStore.clear();
  }
}

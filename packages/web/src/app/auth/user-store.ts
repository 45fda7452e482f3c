import type { AuthUser } from '@circula/model';

/** The signed-in user as kept in the browser: everything but the refresh token (it lives in an httpOnly cookie). */
export type CurrentUser = Omit<AuthUser, 'refreshToken'>;

export const USER_STORAGE_KEY = 'circula.user';

type Listener = () => void;

export interface UserStore {
  get(): CurrentUser | null;
  set(user: AuthUser | CurrentUser): void;
  clear(): void;
  /** Re-reads the stored copy (another tab may have refreshed the token). */
  reload(): CurrentUser | null;
  subscribe(listener: Listener): () => void;
}

function parse(raw: string | null): CurrentUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CurrentUser> | null;
    return value && typeof value.token === 'string' && typeof value.id === 'number' ? (value as CurrentUser) : null;
  } catch {
    return null;
  }
}

function strip(user: AuthUser | CurrentUser): CurrentUser {
  const { refreshToken: _refreshToken, ...rest } = user as AuthUser;
  return rest;
}

/**
 * Keeps the current user in memory and in localStorage under one key, and follows the changes
 * other tabs make to that key (the `storage` event), so signing in or out in one tab applies to all.
 */
export function createUserStore(storage: Storage, target: Pick<Window, 'addEventListener'> | null): UserStore {
  let user = parse(storage.getItem(USER_STORAGE_KEY));
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  target?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
    user = parse(storage.getItem(USER_STORAGE_KEY));
    emit();
  });

  return {
    get: () => user,
    set(next) {
      user = strip(next);
      storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      emit();
    },
    clear() {
      if (user === null && storage.getItem(USER_STORAGE_KEY) === null) return;
      user = null;
      storage.removeItem(USER_STORAGE_KEY);
      emit();
    },
    reload() {
      const stored = storage.getItem(USER_STORAGE_KEY);
      if (stored !== (user ? JSON.stringify(user) : null)) {
        user = parse(stored);
        emit();
      }
      return user;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const userStore: UserStore = createUserStore(window.localStorage, window);

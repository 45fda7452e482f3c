import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { http } from '../../api/client';

/** The user's preferences: a key/value map, some values JSON-encoded (spec §3). */
export type Preferences = Readonly<Record<string, unknown>>;

/** Spec §9: preferences are cached in local storage under a single key and synchronised across tabs. */
export const PREFERENCES_STORAGE_KEY = 'circula.preferences';

export interface PreferencesSnapshot {
  userId: number | null;
  values: Preferences;
}

export interface PreferencesApi {
  load(userId: number): Promise<Preferences>;
  save(userId: number, key: string, value: unknown): Promise<void>;
}

export interface PreferencesStore {
  get(): PreferencesSnapshot | null;
  subscribe(listener: () => void): () => void;
  /** Reads the user's preferences from the server and caches them. */
  load(userId: number): Promise<Preferences>;
  /**
   * Saves each value on the server, then in the cache (which the other tabs follow). Without a user
   * id the values stay local (spec §8). Rejects with the server's error; keys saved before it stay saved.
   */
  save(userId: number | null | undefined, values: Record<string, unknown>): Promise<void>;
}

function parse(raw: string | null): PreferencesSnapshot | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PreferencesSnapshot> | null;
    if (!value || typeof value.values !== 'object' || value.values === null) return null;
    return { userId: typeof value.userId === 'number' ? value.userId : null, values: value.values };
  } catch {
    return null;
  }
}

/**
 * The preferences of the signed-in user, kept in memory and in localStorage under one key; other
 * tabs follow that key through the `storage` event, so a preference saved in one tab shows in all.
 */
export function createPreferencesStore(
  storage: Storage,
  target: Pick<Window, 'addEventListener'> | null,
  api: PreferencesApi,
  log: (message: string) => void = (message) => console.error(message),
): PreferencesStore {
  let snapshot = parse(storage.getItem(PREFERENCES_STORAGE_KEY));
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const write = (next: PreferencesSnapshot) => {
    snapshot = next;
    storage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
    emit();
  };

  target?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== PREFERENCES_STORAGE_KEY && event.key !== null) return;
    snapshot = parse(storage.getItem(PREFERENCES_STORAGE_KEY));
    emit();
  });

  const mine = (userId: number | null) => (snapshot && snapshot.userId === userId ? snapshot.values : {});

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load(userId) {
      const values = await api.load(userId);
      write({ userId, values });
      return values;
    },
    async save(userId, values) {
      if (userId === null || userId === undefined) {
        log('preferences: no user id, the values stay local');
        write({ userId: null, values: { ...mine(null), ...values } });
        return;
      }
      for (const [key, value] of Object.entries(values)) {
        await api.save(userId, key, value);
        write({ userId, values: { ...mine(userId), [key]: value } });
      }
    },
  };
}

export const httpPreferencesApi: PreferencesApi = {
  async load(userId) {
    const data = await http.data<{ preferences: Record<string, unknown> | null }>(`/api/conf/user/settings/findByUserId/${userId}`, {
      // the cached copy still applies: a failed read does not need to alarm the user
      silent: true,
    });
    return data.preferences ?? {};
  },
  async save(userId, key, value) {
    await http.data(`/api/conf/user/settings/${userId}/${encodeURIComponent(key)}/`, { method: 'PUT', json: value });
  },
};

export const preferencesStore: PreferencesStore = createPreferencesStore(window.localStorage, window, httpPreferencesApi);

const NO_PREFERENCES: Preferences = Object.freeze({});

export interface UserPreferences {
  values: Preferences;
  /** A copy is at hand: cached for this user, or the server's answer (or its failure) is in. */
  ready: boolean;
}

/** The user's preferences: the cached copy at once, the server's once read, other tabs' changes live. */
export function useUserPreferences(userId: number | null, store: PreferencesStore = preferencesStore): UserPreferences {
  const snapshot = useSyncExternalStore(store.subscribe, store.get);
  const query = useQuery({
    queryKey: ['user-preferences', userId],
    queryFn: () => store.load(userId as number),
    enabled: userId !== null,
    // the store holds the values and follows the other tabs; one read per session is enough
    staleTime: Infinity,
  });
  const cached = snapshot !== null && snapshot.userId === userId;
  return { values: cached ? snapshot.values : NO_PREFERENCES, ready: cached || userId === null || !query.isPending };
}

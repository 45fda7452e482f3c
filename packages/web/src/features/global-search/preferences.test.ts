import { describe, expect, it, vi } from 'vitest';
import { createPreferencesStore, PREFERENCES_STORAGE_KEY, type PreferencesApi } from './preferences';

function api(server: Record<string, unknown> = {}): PreferencesApi & { saved: [number, string, unknown][] } {
  const saved: [number, string, unknown][] = [];
  return {
    saved,
    load: vi.fn(async () => ({ ...server })),
    save: vi.fn(async (userId: number, key: string, value: unknown) => {
      if (key === 'refused') throw new Error('500');
      saved.push([userId, key, value]);
      server[key] = value;
    }),
  };
}

describe('preferences store', () => {
  it('caches the server copy under one localStorage key, per user', async () => {
    const store = createPreferencesStore(window.localStorage, null, api({ theme: 'dark' }));
    await store.load(7);
    expect(store.get()).toEqual({ userId: 7, values: { theme: 'dark' } });
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)!)).toEqual({ userId: 7, values: { theme: 'dark' } });
    // a new page starts from the cached copy
    expect(createPreferencesStore(window.localStorage, null, api()).get()).toEqual({ userId: 7, values: { theme: 'dark' } });
  });

  it('saves each key on the server before applying it; a refused key stops there', async () => {
    const server = api();
    const store = createPreferencesStore(window.localStorage, null, server);
    await store.load(7);
    await expect(store.save(7, { a: [1], refused: true, b: 2 })).rejects.toThrow('500');
    expect(server.saved).toEqual([[7, 'a', [1]]]);
    expect(store.get()!.values).toEqual({ a: [1] });
  });

  it('keeps the values local and logs an error without a user id (spec §8)', async () => {
    const log = vi.fn();
    const server = api();
    const store = createPreferencesStore(window.localStorage, null, server, log);
    await store.save(null, { a: 1 });
    expect(server.save).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledOnce();
    expect(store.get()).toEqual({ userId: null, values: { a: 1 } });
  });

  it('follows the writes of other tabs through the storage event', async () => {
    const target = new EventTarget();
    const store = createPreferencesStore(window.localStorage, target as unknown as Window, api());
    const listener = vi.fn();
    store.subscribe(listener);
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ userId: 3, values: { x: true } }));
    target.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).not.toHaveBeenCalled();
    target.dispatchEvent(new StorageEvent('storage', { key: PREFERENCES_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get()).toEqual({ userId: 3, values: { x: true } });
  });
});
